import type { Knex } from 'knex';

// Counters of the optional shared rate limiter (RATE_LIMIT_STORE=mysql). The layout is the one
// rate-limiter-flexible's RateLimiterMySQL expects (it inserts positional VALUES (key, points, expire)),
// created here so the service never needs CREATE privileges at run time.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    'CREATE TABLE rate_limit_points (`key` VARCHAR(255) CHARACTER SET utf8mb4 NOT NULL, `points` INT NOT NULL DEFAULT 0, ' +
      '`expire` BIGINT UNSIGNED NULL, PRIMARY KEY (`key`)) ENGINE = InnoDB',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('rate_limit_points');
}
