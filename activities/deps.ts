import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Config } from '../common/config';

/** What activities need from outside; the worker builds it once, tests build their own. */
export interface ActivityDeps {
  db: Knex;
  config: Config;
  logger: Logger;
}
