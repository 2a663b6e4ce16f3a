import { toClientOptions, type ClientConfigProfile, type ConfigDataSource } from '@temporalio/envconfig';
import type { Config } from './config';
import { probeTemporal } from './temporalDiagnosis';
import {
  resolvedTarget,
  TEMPORAL_CONNECTION_SETTINGS,
  temporalProfile,
  TemporalSettingsError,
  type TemporalConnection,
  type TemporalConnectOptions,
} from './temporalSettings';

// The one place where a connection to Temporal is described: the API's client, the worker, replay-check,
// `admin temporal:setup`, the bench and the tests all take their options from here. The settings are
// Temporal's own environment configuration (@temporalio/envconfig, the variables and TOML profiles the
// `temporal` CLI reads), so an operator's CLI pointed at the same environment reaches the same cluster.

export {
  resolvedTarget,
  TEMPORAL_CONNECTION_SETTINGS,
  temporalProfile,
  TemporalSettingsError,
  type TemporalConnection,
  type TemporalConnectOptions,
} from './temporalSettings';

export type TemporalConnectionConfig = Pick<Config, (typeof TEMPORAL_CONNECTION_SETTINGS)[number]>;

const SOURCE_SETTING: Record<'clientCert' | 'clientKey' | 'serverCACert', string> = {
  clientCert: 'TEMPORAL_TLS_CLIENT_CERT',
  clientKey: 'TEMPORAL_TLS_CLIENT_KEY',
  serverCACert: 'TEMPORAL_TLS_SERVER_CA_CERT',
};

function sourceName(kind: keyof typeof SOURCE_SETTING, source: ConfigDataSource): string {
  return 'path' in source ? source.path : `${SOURCE_SETTING[kind]}_DATA`;
}

/** "host:port (TLS: CA …, client certificate …, server name …; API key)", naming files, never contents. */
export function describeTarget(profile: ClientConfigProfile): string {
  const { address } = resolvedTarget(profile);
  const tls = profile.tls;
  const tlsOn = tls ? tls.disabled !== true : profile.apiKey !== undefined;
  const parts: string[] = [];
  if (tls?.serverCACert) parts.push(`server CA ${sourceName('serverCACert', tls.serverCACert)}`);
  else if (tlsOn) parts.push("server CA from the system's roots");
  if (tls?.clientCert) parts.push(`client certificate ${sourceName('clientCert', tls.clientCert)}`);
  else if (tlsOn) parts.push('no client certificate');
  if (tls?.serverName) parts.push(`server name ${tls.serverName}`);
  const tlsText = tlsOn ? `TLS: ${parts.join(', ')}` : 'TLS off';
  return `${address} (${tlsText}${profile.apiKey !== undefined ? '; API key' : ''})`;
}

/** The connection the settings describe; certificate files are read here. */
export function temporalConnection(
  config: Partial<TemporalConnectionConfig>,
  env: NodeJS.ProcessEnv = process.env,
): TemporalConnection {
  const profile = temporalProfile(config, env);
  const { address, namespace } = resolvedTarget(profile);
  const description = describeTarget(profile);
  const tlsSet = profile.tls;
  if (tlsSet && tlsSet.disabled !== true && Boolean(tlsSet.clientCert) !== Boolean(tlsSet.clientKey))
    throw new TemporalSettingsError(
      `Temporal at ${description}: a client certificate needs its key and a key its certificate (TEMPORAL_TLS_CLIENT_CERT_* and TEMPORAL_TLS_CLIENT_KEY_*)`,
    );
  let options: TemporalConnectOptions;
  try {
    const { connectionOptions } = toClientOptions(profile);
    options = {
      address,
      tls: connectionOptions.tls ?? undefined,
      apiKey: typeof connectionOptions.apiKey === 'string' ? connectionOptions.apiKey : undefined,
      metadata: profile.grpcMeta,
    };
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new TemporalSettingsError(`Temporal at ${description}: cannot read a TLS file: ${reason}`);
  }
  return { options, namespace, description };
}

/** Why a connection failed, in one line, with what to check for the failures TLS produces. */
export function connectionFailureReason(err: unknown): string {
  const reasons: string[] = [];
  for (let e: unknown = err; e !== undefined && reasons.length < 4;) {
    if (!(e instanceof Error)) {
      reasons.push(typeof e === 'string' ? e : JSON.stringify(e));
      break;
    }
    const text = e.message.split('\n')[0]?.trim() ?? '';
    if (text && !reasons.some((r) => r.includes(text))) reasons.push(text);
    e = e.cause;
  }
  const reason = reasons.join(': ') || 'no answer';
  return `${reason}${hint(reason)}`;
}

/**
 * Why a connection failed, found out: the SDK says only "Failed to connect before the deadline" for every
 * TLS failure, so one handshake with the same settings names the cause (common/temporalDiagnosis.ts).
 */
export async function explainConnectionFailure(target: TemporalConnection, err: unknown): Promise<string> {
  const probed = await probeTemporal(target).catch(() => undefined);
  return probed ?? connectionFailureReason(err);
}

/** One line for a failed connection: where, with which TLS settings, and why. No stack trace and no secret. */
export async function describeConnectionFailure(target: TemporalConnection, err: unknown): Promise<string> {
  return `Cannot connect to Temporal at ${target.description}: ${await explainConnectionFailure(target, err)}`;
}

/** What to check when nothing answered. */
function hint(reason: string): string {
  return /before the deadline|deadline exceeded/i.test(reason)
    ? ' (nothing answered in time: is the address right, and is TLS on or off as the server expects?)'
    : '';
}
