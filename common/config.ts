import { Type, type Static, type TSchema } from '@sinclair/typebox';
import Ajv, { type ErrorObject } from 'ajv';
import ms from 'ms';

// Every setting comes from the environment; this schema is the single list of them, with defaults
// that work on a developer machine. Durations accept `ms` notation ("30d", "15m", "500ms") or milliseconds.
const Duration = Type.String({ pattern: '^\\d+(\\.\\d+)?\\s*(ms|s|m|h|d|w)?$' });
const Bool = Type.Boolean();

export const ConfigSchema = Type.Object({
  DATABASE_URL: Type.String({ pattern: '^mysql2?://', default: 'mysql://root@127.0.0.1:3306/sales_practice' }),
  DATABASE_POOL_MAX: Type.Integer({ minimum: 1, maximum: 200, default: 10 }),
  TEMPORAL_ADDRESS: Type.String({ minLength: 1, default: '127.0.0.1:7233' }),
  TEMPORAL_NAMESPACE: Type.String({ minLength: 1, default: 'default' }),
  TEMPORAL_TASK_QUEUE: Type.String({ minLength: 1, default: 'sales-practice' }),
  // How long POST /api/recording waits for Temporal to accept a workflow start before answering 503.
  TEMPORAL_START_TIMEOUT: { ...Duration, default: '10s' },
  // How long POST /api/recording/{id}/cancel waits for the workflow to record the cancellation before answering anyway.
  RECORDING_CANCEL_WAIT: { ...Duration, default: '10s' },
  // How long POST /api/webhook-endpoints/{id}/test and …/redeliver wait for the attempt's outcome before answering `pending`.
  WEBHOOK_ATTEMPT_WAIT: { ...Duration, default: '30s' },
  // How long an Idempotency-Key's first answer is kept for retries (API).
  IDEMPOTENCY_KEY_TTL: { ...Duration, default: '24h' },
  // How long the API keeps a valid API key in memory instead of reading its row per request; a key revoked
  // by another process (or `admin apikey:revoke`) stops working within this time; 0 reads it every time (API).
  CREDENTIAL_CACHE_TTL: { ...Duration, default: '2s' },
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000 }),
  HOST: Type.String({ minLength: 1, default: '0.0.0.0' }),
  PUBLIC_URL: Type.String({ pattern: '^https?://', default: 'http://127.0.0.1:3000' }),
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)),
    { default: 'info' },
  ),
  BEARER_TOKEN_TTL: { ...Duration, default: '1h' },
  // Signs the 15-minute media links in session results; set it to a long random value in production.
  MEDIA_URL_SECRET: Type.String({ minLength: 16, default: 'dev-media-url-secret-change-me' }),
  MEDIA_URL_TTL: { ...Duration, default: '15m' },
  // Where stored recordings live: `local` (STORAGE_DIR, one machine or a shared filesystem) or `s3` (any S3-compatible bucket).
  STORAGE_BACKEND: Type.Union([Type.Literal('local'), Type.Literal('s3')], { default: 'local' }),
  STORAGE_DIR: Type.String({ minLength: 1, default: '.data/recordings' }),
  S3_BUCKET: Type.String({ default: '' }),
  S3_REGION: Type.String({ minLength: 1, default: 'us-east-1' }),
  // Empty for AWS itself; e.g. https://storage.googleapis.com (GCS interoperability) or http://minio:9000.
  S3_ENDPOINT: Type.String({ pattern: '^(https?://.*)?$', default: '' }),
  // Where browsers reach the S3 server when that differs from S3_ENDPOINT (docker-compose's minio:9000); presigned links name it.
  S3_PUBLIC_ENDPOINT: Type.String({ pattern: '^(https?://.*)?$', default: '' }),
  // Empty: the AWS SDK's own credential chain (instance role, AWS_* variables, ~/.aws).
  S3_ACCESS_KEY_ID: Type.String({ default: '' }),
  S3_SECRET_ACCESS_KEY: Type.String({ default: '' }),
  // Path-style URLs (endpoint/bucket/key) for MinIO and most self-hosted servers; virtual-hosted style otherwise.
  S3_FORCE_PATH_STYLE: { ...Bool, default: false },
  // Uploads larger than one part go up as a multipart upload in parts of this size (S3's minimum is 5 MiB).
  S3_PART_SIZE: Type.Integer({ minimum: 5242880, maximum: 5368709120, default: 8388608 }),
  // Worker: stored media and transcripts of recordings older than this are deleted by the daily retention
  // schedule (workflows/recordingRetention.ts); 0 keeps them forever (the worker then deletes the schedule).
  RECORDING_RETENTION: { ...Duration, default: '0' },
  RECORDING_MAX_BYTES: Type.Integer({ minimum: 1, default: 524288000 }),
  // The media step (activities/media): ffmpeg works on scratch files, one directory per recording.
  SCRATCH_DIR: Type.String({ minLength: 1, default: '.data/scratch' }),
  RECORDING_MAX_DURATION: { ...Duration, default: '4h' },
  // OpenAI refuses uploads over 25 MiB ("Maximum content size limit (26214400) exceeded").
  STT_MAX_UPLOAD_BYTES: Type.Integer({ minimum: 1024 * 1024, default: 26214400 }),
  // 0: the provider's default (10 minutes for openai, whose local Whisper servers time out on long files; none for the others).
  STT_MAX_CHUNK_DURATION: { ...Duration, default: '0' },
  STT_CONCURRENCY: Type.Integer({ minimum: 1, maximum: 32, default: 3 }),
  STT_PROVIDER: Type.Union([Type.Literal('openai'), Type.Literal('deepgram'), Type.Literal('assemblyai')], { default: 'openai' }),
  STT_BASE_URL: Type.String({ pattern: '^https?://', default: 'https://api.openai.com' }),
  STT_API_KEY: Type.String({ default: '' }),
  STT_MODEL: Type.String({ minLength: 1, default: 'whisper-1' }),
  // Providers that transcribe asynchronously (AssemblyAI) are asked for the job's status this often.
  STT_POLL_INTERVAL: { ...Duration, default: '3s' },
  LLM_BASE_URL: Type.String({ default: '' }),
  LLM_API_KEY: Type.String({ default: '' }),
  LLM_MODEL: Type.String({ minLength: 1, default: 'gpt-4o-mini' }),
  OUTBOUND_ALLOW_PRIVATE: { ...Bool, default: false },
  WEBHOOK_TIMEOUT: { ...Duration, default: '15s' },
  WEBHOOK_MAX_ATTEMPTS: Type.Integer({ minimum: 1, maximum: 100, default: 8 }),
  WEBHOOK_INITIAL_INTERVAL: { ...Duration, default: '5s' },
  WEBHOOK_MAX_INTERVAL: { ...Duration, default: '10h' },
  SMTP_URL: Type.String({ pattern: '^smtps?://', default: 'smtp://127.0.0.1:1025' }),
  MAIL_FROM: Type.String({ minLength: 3, default: 'Sales Practice <no-reply@sales-practice.local>' }),
  INVITATION_TTL: { ...Duration, default: '30d' },
  // Requests per API key (per company for bearer tokens) in each RATE_LIMIT_DURATION window; 0 turns the limit off.
  RATE_LIMIT_POINTS: Type.Integer({ minimum: 0, default: 1200 }),
  RATE_LIMIT_DURATION: { ...Duration, default: '1m' },
  // memory: per API process (N replicas allow N x the limit); mysql: one shared counter table (rate_limit_points).
  RATE_LIMIT_STORE: Type.Union([Type.Literal('memory'), Type.Literal('mysql')], { default: 'memory' }),
  // Slow clients: the whole request (headers + body) must arrive within HTTP_REQUEST_TIMEOUT, the headers within HTTP_HEADERS_TIMEOUT.
  HTTP_REQUEST_TIMEOUT: { ...Duration, default: '30s' },
  HTTP_HEADERS_TIMEOUT: { ...Duration, default: '10s' },
  // On SIGTERM, how long requests (API) or activities (worker) in flight get to finish before the process exits anyway.
  SHUTDOWN_TIMEOUT: { ...Duration, default: '25s' },
  // When set, GET /metrics on the API needs `Authorization: Bearer <METRICS_TOKEN>`; otherwise keep it on an internal network.
  METRICS_TOKEN: Type.String({ default: '' }),
  // The worker's Prometheus endpoint (GET /metrics); 0 turns it off.
  WORKER_METRICS_PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 9464 }),
  // Worker sizing (worker/tuning.ts). The defaults fit a 2-core box with a few GiB; the README says what a big one takes.
  // Workflows kept in memory between their tasks (sticky cache); a workflow evicted from it is replayed from history on its next task.
  WORKER_MAX_CACHED_WORKFLOWS: Type.Integer({ minimum: 2, maximum: 100000, default: 100 }),
  WORKER_MAX_CONCURRENT_ACTIVITIES: Type.Integer({ minimum: 1, maximum: 10000, default: 32 }),
  WORKER_MAX_CONCURRENT_WORKFLOW_TASKS: Type.Integer({ minimum: 2, maximum: 10000, default: 10 }),
  WORKER_WORKFLOW_TASK_POLLERS: Type.Integer({ minimum: 1, maximum: 100, default: 4 }),
  WORKER_ACTIVITY_TASK_POLLERS: Type.Integer({ minimum: 1, maximum: 100, default: 4 }),
  // V8's old-generation limit of the worker process (scripts/worker.sh passes it as --max-old-space-size); 0: Node's default.
  WORKER_MAX_OLD_SPACE_MB: Type.Integer({ minimum: 0, maximum: 65536, default: 384 }),
});

export type Config = Static<typeof ConfigSchema>;

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const ajv = new Ajv({ coerceTypes: true, useDefaults: true, allErrors: true });
const validate = ajv.compile<Config>(ConfigSchema);

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const candidate: Record<string, unknown> = {};
  for (const key of Object.keys(ConfigSchema.properties)) {
    const value = env[key];
    if (value !== undefined && value !== '') candidate[key] = value;
  }
  Object.assign(candidate, overrides);
  if (!validate(candidate)) {
    // One line per bad setting, even when ajv reports several errors for it (one per union branch).
    const names = [...new Set((validate.errors ?? []).map((e) => e.instancePath.replace(/^\//, '') || String(e.params['missingProperty'] ?? '')))];
    const problems = names.map((name) => `${name}=${JSON.stringify(candidate[name])}: ${expectation(name, validate.errors ?? [])}`);
    throw new ConfigError(problems);
  }
  const config = candidate;
  if (config.STORAGE_BACKEND === 's3' && !config.S3_BUCKET) throw new ConfigError(['S3_BUCKET="": must name a bucket when STORAGE_BACKEND=s3']);
  if (Boolean(config.S3_ACCESS_KEY_ID) !== Boolean(config.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(['S3_ACCESS_KEY_ID/S3_SECRET_ACCESS_KEY: set both or neither (neither uses the AWS SDK credential chain)']);
  }
  return config;
}

/** What a setting must look like, in words an operator can act on. */
function expectation(name: string, errors: ErrorObject[]): string {
  const schema = (ConfigSchema.properties as Record<string, TSchema>)[name];
  const choices = (schema?.anyOf as TSchema[] | undefined)?.map((branch) => branch.const as unknown);
  if (choices?.every((c) => c !== undefined)) return `must be one of ${choices.map((c) => JSON.stringify(c)).join(', ')}`;
  if (schema?.pattern === Duration.pattern) return 'must be a duration such as 500ms, 30s, 15m, 1h or 30d (or a number of milliseconds)';
  const first = errors.find((e) => e.instancePath === `/${name}`);
  return first?.message ?? 'is invalid';
}

/** Milliseconds of a Duration setting. */
export function durationMs(value: string): number {
  const parsed = /^\d+(\.\d+)?$/.test(value) ? Number(value) : ms(value as ms.StringValue);
  if (typeof parsed !== 'number' || !Number.isFinite(parsed)) throw new ConfigError([`bad duration ${value}`]);
  return parsed;
}
