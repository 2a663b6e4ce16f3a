import { randomBytes } from 'node:crypto';
import type { Config } from '../common/config';
import { startJaeger, type Jaeger } from '../test/support/jaeger';
import { startTemporalCluster, type TemporalCluster } from '../test/support/temporalCluster';
import type { TlsMariaDb } from '../test/support/tlsMariaDb';
import { findPostgresServer } from './processCpu';
import type { StackOptions } from './stack';

// The production settings issue 36 prices, one at a time against a reference and then together, and what
// each needs around the service: a real Temporal server (with or without mutual TLS: the same server either
// way), a MariaDB of the bench's own that speaks TLS without requiring it (so the reference and TLS run on one
// server), Jaeger for traces. The reference is production's infrastructure without the settings: the real
// Temporal server in plaintext, MySQL without TLS, no payload encryption, no tracing, limits in memory.

export type Part = 'reads' | 'intake' | 'endToEnd';

export interface ProductionSetting {
  key: string;
  name: string;
  parts: Part[];
  payloadKeys?: boolean;
  temporalTls?: boolean;
  mysqlTls?: boolean;
  /** Sampled ratio of traces exported to Jaeger. */
  tracing?: number;
  rateLimitMysql?: boolean;
}

export const SETTINGS: ProductionSetting[] = [
  { key: 'reference', name: 'reference (none of them)', parts: ['reads', 'intake', 'endToEnd'] },
  { key: 'payload', name: 'payload encryption', parts: ['intake', 'endToEnd'], payloadKeys: true },
  { key: 'mtls', name: 'mutual TLS to Temporal', parts: ['intake', 'endToEnd'], temporalTls: true },
  { key: 'mysql-tls', name: 'TLS to MySQL (VERIFY_IDENTITY)', parts: ['reads', 'intake', 'endToEnd'], mysqlTls: true },
  { key: 'tracing-100', name: 'tracing to Jaeger, 100 %', parts: ['reads', 'intake', 'endToEnd'], tracing: 1 },
  { key: 'tracing-10', name: 'tracing to Jaeger, 10 %', parts: ['reads', 'intake', 'endToEnd'], tracing: 0.1 },
  { key: 'tracing-1', name: 'tracing to Jaeger, 1 %', parts: ['reads', 'intake'], tracing: 0.01 },
  { key: 'rate-limit-mysql', name: 'RATE_LIMIT_STORE=mysql', parts: ['reads', 'intake'], rateLimitMysql: true },
  {
    key: 'all',
    name: 'all together (tracing 10 %)',
    parts: ['reads', 'intake', 'endToEnd'],
    payloadKeys: true,
    temporalTls: true,
    mysqlTls: true,
    tracing: 0.1,
    rateLimitMysql: true,
  },
];

/** The bench's own MariaDB, as a URL with MySQL's own TLS options. */
export function databaseUrl(server: TlsMariaDb, database: string, tls: boolean): string {
  const options = tls ? `ssl-mode=VERIFY_IDENTITY&ssl-ca=${encodeURIComponent(server.caFile)}` : 'ssl-mode=DISABLED';
  return `${server.url(database)}?${options}`;
}

const asEnv = (settings: Partial<Config>): NodeJS.ProcessEnv =>
  Object.fromEntries(Object.entries(settings).map(([key, value]) => [key, String(value)]));

export const BENCH_NAMESPACE = 'sales-practice';

/** What a setting runs around the service: a Temporal server of its own, Jaeger when it traces. */
export interface SettingInfrastructure {
  stackOptions: StackOptions;
  stop(): Promise<void>;
}

export async function startInfrastructure(
  setting: ProductionSetting,
  server: TlsMariaDb,
  database: string,
): Promise<SettingInfrastructure> {
  let cluster: TemporalCluster | undefined;
  let jaeger: Jaeger | undefined;
  const stop = async (): Promise<void> => {
    await Promise.allSettled([cluster?.stop(), jaeger?.stop()]);
  };
  try {
    cluster = await startTemporalCluster({ tls: setting.temporalTls ?? false });
    if (setting.tracing !== undefined) jaeger = await startJaeger();
    const env: NodeJS.ProcessEnv = {
      ...asEnv(cluster.clientSettings),
      TEMPORAL_NAMESPACE: BENCH_NAMESPACE,
      DATABASE_URL: databaseUrl(server, database, setting.mysqlTls ?? false),
      ...(setting.payloadKeys
        ? { TEMPORAL_PAYLOAD_KEYS: `bench:${randomBytes(32).toString('base64')}` }
        : { TEMPORAL_PAYLOAD_KEYS: '' }),
      ...(jaeger
        ? {
            OTEL_EXPORTER_OTLP_ENDPOINT: jaeger.otlpUrl,
            OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
            OTEL_TRACES_SAMPLER_ARG: String(setting.tracing),
          }
        : {}),
      ...(setting.rateLimitMysql ? { RATE_LIMIT_STORE: 'mysql' } : {}),
    };
    return {
      stackOptions: {
        env,
        temporalPids: { temporal: cluster.pid, postgres: await findPostgresServer() },
        databasePid: server.pid,
        apartPids: jaeger ? { jaeger: jaeger.pid } : {},
      },
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
