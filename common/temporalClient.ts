import { Client, Connection } from '@temporalio/client';
import type { Config } from './config';

/**
 * A client whose connection is made on first use, so the API starts (and answers /readyz with the
 * reason) while Temporal is still coming up.
 */
export function createTemporalClient(config: Pick<Config, 'TEMPORAL_ADDRESS' | 'TEMPORAL_NAMESPACE'>): Client {
  const connection = Connection.lazy({ address: config.TEMPORAL_ADDRESS });
  return new Client({ connection, namespace: config.TEMPORAL_NAMESPACE });
}
