import type { TLSConfig } from '@temporalio/client';
import { loadClientConfigProfile, type ClientConfigProfile } from '@temporalio/envconfig';

// Where Temporal is and how to reach it, as settings: their names, the profile they resolve to and the
// address and namespace in it. Apart from common/temporalConnection.ts (which builds the connection), so
// that common/config.ts can resolve them without importing what imports the configuration.

/** The settings (common/config.ts) that say where Temporal is and how to reach it. */
export const TEMPORAL_CONNECTION_SETTINGS = [
  'TEMPORAL_ADDRESS',
  'TEMPORAL_NAMESPACE',
  'TEMPORAL_API_KEY',
  'TEMPORAL_TLS',
  'TEMPORAL_TLS_CLIENT_CERT_PATH',
  'TEMPORAL_TLS_CLIENT_CERT_DATA',
  'TEMPORAL_TLS_CLIENT_KEY_PATH',
  'TEMPORAL_TLS_CLIENT_KEY_DATA',
  'TEMPORAL_TLS_SERVER_CA_CERT_PATH',
  'TEMPORAL_TLS_SERVER_CA_CERT_DATA',
  'TEMPORAL_TLS_SERVER_NAME',
  'TEMPORAL_CONFIG_FILE',
  'TEMPORAL_PROFILE',
] as const;

/** Options both `Connection` (client) and `NativeConnection` (worker) take. */
export interface TemporalConnectOptions {
  address: string;
  tls?: TLSConfig | boolean;
  apiKey?: string;
  metadata?: Record<string, string>;
}

export interface TemporalConnection {
  options: TemporalConnectOptions;
  namespace: string;
  /** The address and the TLS settings in use, for messages: never a key or a certificate's content. */
  description: string;
}

/** A connection setting that cannot be used (a missing profile, an unreadable certificate file). */
export class TemporalSettingsError extends Error {
  override name = 'TemporalSettingsError';
}

const DEFAULT_ADDRESS = '127.0.0.1:7233';
const DEFAULT_NAMESPACE = 'default';

/**
 * Temporal's profile for these settings: the TOML file's profile (TEMPORAL_CONFIG_FILE, TEMPORAL_PROFILE,
 * else the CLI's default file) with every setting given here laid over it, as the CLI does. Only settings
 * actually given count (an empty one is unset, as everywhere in config.ts), so a default never hides the
 * profile's value. The user's config directory comes from `env` (HOME, XDG_CONFIG_HOME).
 */
export function temporalProfile(
  given: Partial<Record<string, unknown>>,
  env: NodeJS.ProcessEnv = process.env,
): ClientConfigProfile {
  const vars: Record<string, string> = {};
  for (const key of ['HOME', 'XDG_CONFIG_HOME', 'APPDATA']) {
    const value = env[key];
    if (value) vars[key] = value;
  }
  for (const key of TEMPORAL_CONNECTION_SETTINGS) {
    const value = given[key];
    // Every connection setting is a string (TEMPORAL_TLS too); anything else is not given.
    if (typeof value === 'string' && value !== '') vars[key] = value;
  }
  try {
    return loadClientConfigProfile({ overrideEnvVars: vars });
  } catch (err) {
    const where = vars['TEMPORAL_CONFIG_FILE'] ?? 'the default Temporal config file';
    throw new TemporalSettingsError(
      `TEMPORAL_CONFIG_FILE/TEMPORAL_PROFILE: ${where}: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
}

/** Address and namespace the settings resolve to (loadConfig writes them back into the configuration). */
export function resolvedTarget(profile: ClientConfigProfile): { address: string; namespace: string } {
  return { address: profile.address ?? DEFAULT_ADDRESS, namespace: profile.namespace ?? DEFAULT_NAMESPACE };
}
