import { Type, type Static, type TSchema } from '@sinclair/typebox';
import Ajv, { type ErrorObject } from 'ajv';
import ms from 'ms';
import { checkSecrets, type SecretSetting } from './secretSettings';
import { resolvedTarget, temporalProfile, TemporalSettingsError } from './temporalSettings';

// Every setting comes from the environment; this schema is the single list of them, with defaults
// that work on a developer machine. Durations accept `ms` notation ("30d", "15m", "500ms") or milliseconds.
const Duration = Type.String({ pattern: '^\\d+(\\.\\d+)?\\s*(ms|s|m|h|d|w)?$' });
const Bool = Type.Boolean();

export const ConfigSchema = Type.Object({
  DATABASE_URL: Type.String({
    pattern: '^mysql2?://',
    default: 'mysql://root@127.0.0.1:3306/sales_practice',
    description:
      'MySQL 8 / MariaDB connection URL (`mysql://user:password@host:port/database`). TLS takes MySQL\'s client option names as query parameters: `ssl-mode` (`DISABLED`, `REQUIRED`, `VERIFY_CA`, `VERIFY_IDENTITY`), `ssl-ca`, `ssl-cert`, `ssl-key` (file paths), e.g. `?ssl-mode=VERIFY_IDENTITY&ssl-ca=/etc/mysql/ca.pem` (docs/operations.md, "Managed MySQL with TLS").',
  }),
  DATABASE_POOL_MAX: Type.Integer({
    minimum: 1,
    maximum: 200,
    default: 10,
    description: 'Maximum connections per process (API and worker each have a pool).',
  }),
  // Temporal's connection settings are the ones the `temporal` CLI and the SDKs read (Temporal's environment
  // configuration, @temporalio/envconfig): a variable set here wins over the profile of TEMPORAL_CONFIG_FILE,
  // as for the CLI. common/temporalConnection.ts builds every connection from them.
  TEMPORAL_ADDRESS: Type.String({
    minLength: 1,
    default: '127.0.0.1:7233',
    description:
      "Temporal frontend gRPC address (`host:port`; Temporal Cloud: `<region>.<provider>.api.temporal.io:7233` with an API key, `<namespace>.<account>.tmprl.cloud:7233` with mTLS). Unset: the profile's `address`, else the default.",
  }),
  TEMPORAL_NAMESPACE: Type.String({
    minLength: 1,
    default: 'default',
    description:
      "Temporal namespace for workflows and the API's client; `admin temporal:setup` registers it. Unset: the profile's `namespace`, else the default.",
  }),
  TEMPORAL_API_KEY: Type.String({
    default: '',
    description:
      'API key sent to Temporal as `Authorization: Bearer <key>` (Temporal Cloud); switches TLS on. No default.',
  }),
  TEMPORAL_TLS: Type.String({
    pattern: '^(|true|false|1|0)$',
    default: '',
    description:
      'TLS to the Temporal frontend: `true` or `false`; empty = on when any TEMPORAL_TLS_* setting or TEMPORAL_API_KEY is given (or the profile has a `[tls]` table).',
  }),
  TEMPORAL_TLS_CLIENT_CERT_PATH: Type.String({
    default: '',
    description: 'PEM client certificate presented to a Temporal frontend that requires mutual TLS.',
  }),
  TEMPORAL_TLS_CLIENT_CERT_DATA: Type.String({
    default: '',
    description: 'The client certificate itself (PEM text) instead of a path.',
  }),
  TEMPORAL_TLS_CLIENT_KEY_PATH: Type.String({
    default: '',
    description: 'PEM private key of TEMPORAL_TLS_CLIENT_CERT_PATH.',
  }),
  TEMPORAL_TLS_CLIENT_KEY_DATA: Type.String({
    default: '',
    description: 'The private key itself (PEM text) instead of a path; never logged.',
  }),
  TEMPORAL_TLS_SERVER_CA_CERT_PATH: Type.String({
    default: '',
    description: "PEM CA certificate(s) the Temporal frontend's certificate must chain to; empty = the system's roots.",
  }),
  TEMPORAL_TLS_SERVER_CA_CERT_DATA: Type.String({
    default: '',
    description: 'The CA certificate(s) themselves (PEM text) instead of a path.',
  }),
  TEMPORAL_TLS_SERVER_NAME: Type.String({
    default: '',
    description:
      "Name the Temporal frontend's certificate must carry, when it differs from the host of TEMPORAL_ADDRESS.",
  }),
  TEMPORAL_CONFIG_FILE: Type.String({
    default: '',
    description:
      "Temporal's TOML client configuration (`[profile.<name>]` tables, as written by `temporal config set`); empty = `$XDG_CONFIG_HOME/temporalio/temporal.toml` (`~/.config/...`) when it exists.",
  }),
  TEMPORAL_PROFILE: Type.String({
    default: '',
    description:
      'Profile of TEMPORAL_CONFIG_FILE to use; empty = `default` (a named profile that is missing is an error).',
  }),
  TEMPORAL_NAMESPACE_RETENTION: {
    ...Duration,
    default: '7d',
    description:
      'Retention of closed workflow histories given to the namespace `admin temporal:setup` registers (at least 1d); an existing namespace keeps its own.',
  },
  TEMPORAL_TASK_QUEUE: Type.String({
    minLength: 1,
    default: 'sales-practice',
    description: 'Task queue the worker polls and the API starts workflows on.',
  }),
  TEMPORAL_PAYLOAD_KEYS: Type.String({
    default: '',
    description:
      'Keys that encrypt every payload sent to Temporal (AES-256-GCM): `<id>:<base64 of 32 random bytes>`, comma-separated; all decrypt. No default: required with `NODE_ENV=production` (API and worker); `npm run dev` generates one into `.data/`. See docs/security.md, "Temporal payloads".',
  }),
  TEMPORAL_PAYLOAD_KEY_ID: Type.String({
    default: '',
    description:
      'Id of the key in TEMPORAL_PAYLOAD_KEYS that encrypts new payloads (rotation); empty = the first listed.',
  }),
  TEMPORAL_PAYLOAD_PLAIN_ACCEPTED: {
    ...Bool,
    default: true,
    description:
      'Whether unencrypted payloads are read (histories from before TEMPORAL_PAYLOAD_KEYS). Set `false` once every history from before encryption is past the namespace retention: then a plain payload (workflow arguments or a signal sent to Temporal directly, without the key) is refused. Needs TEMPORAL_PAYLOAD_KEYS. See docs/security.md, "Temporal payloads".',
  },
  TEMPORAL_CODEC_TOKEN: Type.String({
    default: '',
    description:
      "Operators' token for `POST /codec/decode` and `/codec/encode` (`Authorization: Bearer`, or the sign-in at `/codec/session` for the Web UI); empty turns the codec endpoint off (API).",
  }),
  TEMPORAL_CODEC_CORS_ORIGINS: Type.String({
    default: '',
    description:
      'Comma-separated origins of the Temporal Web UI allowed to call the codec endpoint from a browser, e.g. `http://127.0.0.1:8233` (API).',
  }),
  TEMPORAL_START_TIMEOUT: {
    ...Duration,
    default: '10s',
    description:
      'Deadline of every call the API makes to Temporal: a recording or invitation start that takes longer is answered 503; also bounds signals and health probes.',
  },
  RECORDING_CANCEL_WAIT: {
    ...Duration,
    default: '10s',
    description:
      'How long `POST /api/recording/{id}/cancel` waits for the workflow to record the cancellation before answering with the recording as it is then.',
  },
  WEBHOOK_ATTEMPT_WAIT: {
    ...Duration,
    default: '30s',
    description:
      "How long `POST /api/webhook-endpoints/{id}/test` and `…/redeliver` wait for the attempt's outcome before answering `pending` (the attempt still happens).",
  },
  IDEMPOTENCY_KEY_TTL: {
    ...Duration,
    default: '24h',
    description:
      "How long the first answer to a request with an `Idempotency-Key` is kept: a retry within it gets that answer again; after it the key starts a new request. Expired keys are deleted by the `retention-sweep` schedule every 10 minutes, with the worker's value of this setting.",
  },
  CREDENTIAL_CACHE_TTL: {
    ...Duration,
    default: '2s',
    description:
      'How long the API keeps a valid API key in memory instead of reading its row on every request. A key revoked through `DELETE /api/api-keys/{id}` is refused at once by the process that revoked it; a revocation elsewhere (another API process, `admin apikey:revoke`) within this time. `0` reads the row every time.',
  },
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000, description: 'HTTP port of the API.' }),
  HOST: Type.String({ minLength: 1, default: '0.0.0.0', description: 'Interface the API listens on.' }),
  PUBLIC_URL: Type.String({
    pattern: '^https?://',
    default: 'http://127.0.0.1:3000',
    description: 'Base URL clients reach the API at; used in the OpenAPI document, invitation links and media links.',
  }),
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)),
    { default: 'info', description: 'pino log level of the API and the worker (JSON lines on stdout).' },
  ),
  BEARER_TOKEN_TTL: {
    ...Duration,
    default: '1h',
    description: 'Lifetime of bearer tokens from POST /api/auth/token and `admin token:create`.',
  },
  MEDIA_URL_SECRET: Type.String({
    default: '',
    description:
      'HMAC secret signing the media links in session results (API), at least 32 bytes: `openssl rand -base64 48`. No default: required with NODE_ENV=production; elsewhere a random one per process when unset (`npm run dev` keeps one in `.data/media-url-secret`).',
  }),
  MEDIA_URL_SECRET_PREVIOUS: Type.String({
    default: '',
    description:
      'The secret MEDIA_URL_SECRET replaced, during a rotation: links it signed keep working until they expire (at most MEDIA_URL_TTL after the API started); remove it after that.',
  }),
  MEDIA_URL_TTL: { ...Duration, default: '15m', description: 'Lifetime of those media links (spec: 15 minutes).' },
  STORAGE_BACKEND: Type.Union([Type.Literal('local'), Type.Literal('s3')], {
    default: 'local',
    description:
      'Where stored recordings live: `local` (STORAGE_DIR) or `s3` (an S3-compatible bucket: AWS S3, GCS interoperability, MinIO).',
  }),
  STORAGE_DIR: Type.String({
    minLength: 1,
    default: '.data/recordings',
    description:
      'Directory where stored recordings are kept (shared by the worker, which writes, and the API, which serves).',
  }),
  S3_BUCKET: Type.String({
    default: '',
    description: 'Bucket for stored recordings (required with STORAGE_BACKEND=s3); keep it private.',
  }),
  S3_REGION: Type.String({
    minLength: 1,
    default: 'us-east-1',
    description: 'Region of the bucket (SigV4 signs with it); `us-east-1` suits MinIO; `auto` for GCS.',
  }),
  S3_ENDPOINT: Type.String({
    pattern: '^(https?://.*)?$',
    default: '',
    description: 'S3 endpoint; empty for AWS itself, e.g. `https://storage.googleapis.com` or `http://minio:9000`.',
  }),
  S3_PUBLIC_ENDPOINT: Type.String({
    pattern: '^(https?://.*)?$',
    default: '',
    description:
      'Endpoint named in presigned links when browsers reach the server elsewhere than S3_ENDPOINT; empty: S3_ENDPOINT.',
  }),
  S3_ACCESS_KEY_ID: Type.String({
    default: '',
    description:
      'Access key; empty (with S3_SECRET_ACCESS_KEY) uses the AWS SDK credential chain (instance role, AWS_* variables).',
  }),
  S3_SECRET_ACCESS_KEY: Type.String({ default: '', description: 'Secret key paired with S3_ACCESS_KEY_ID.' }),
  S3_FORCE_PATH_STYLE: {
    ...Bool,
    default: false,
    description: 'Path-style URLs (endpoint/bucket/key), needed by MinIO and most self-hosted servers.',
  },
  S3_PART_SIZE: Type.Integer({
    minimum: 5242880,
    maximum: 5368709120,
    default: 8388608,
    description: 'Part size of multipart uploads in bytes; a file larger than one part is uploaded in parts, streamed.',
  }),
  RECORDING_RETENTION: {
    ...Duration,
    default: '0',
    description:
      'Worker: stored media files and transcripts of recordings created longer ago than this are deleted by the `retention-sweep` schedule (scores and session measures stay); `0` keeps them forever (the schedule stays for the other sweeps).',
  },
  OFFBOARDING_CANCEL_GRACE: {
    ...Duration,
    default: '1m',
    description:
      "Worker: how long a company's offboarding (`admin company:delete`) waits for its running workflows to end after cancelling them before it terminates those still running.",
  },
  RECORDING_MAX_BYTES: Type.Integer({
    minimum: 1,
    default: 524288000,
    description: 'Largest recording the worker downloads or passes on.',
  }),
  SCRATCH_DIR: Type.String({
    minLength: 1,
    default: '.data/scratch',
    description:
      "Worker scratch space for the media step: one folder per worker process (`worker-<host>-<pid>-<start>`), holding files only while an activity runs (the pieces are kept in the recording store); a starting worker removes what its machine's stopped workers left.",
  }),
  RECORDING_MAX_DURATION: {
    ...Duration,
    default: '4h',
    description: 'Longest recording accepted for processing; a longer one fails at once.',
  },
  PROVIDER_ANSWER_MAX_BYTES: Type.Integer({
    minimum: 1024,
    default: 67108864,
    description:
      "Worker: largest answer read from a speech-to-text or LLM provider (64 MiB by default; a 4-hour call's transcript with every word's timing is a few MB). A larger one is cut off and the step fails at once, so a misbehaving provider or proxy cannot fill a worker's memory.",
  }),
  STT_MAX_UPLOAD_BYTES: Type.Integer({
    minimum: 0,
    default: 0,
    description:
      "Largest file sent to the speech-to-text provider in one request; 0 is the provider's own limit (OpenAI 25 MiB, Deepgram 2 GB, AssemblyAI 2.2 GB). Longer audio is split at pauses.",
  }),
  STT_MAX_CHUNK_DURATION: {
    ...Duration,
    default: '0',
    description:
      "Longest piece of audio sent in one request, within the provider's own limit; `0` = that limit (openai: 1400 s for the gpt-4o models, 10 minutes for whisper-1; assemblyai 10 hours; deepgram none).",
  },
  STT_CONCURRENCY: Type.Integer({
    minimum: 1,
    maximum: 32,
    default: 3,
    description: 'Pieces of one recording transcribed at the same time.',
  }),
  COMPANY_MAX_HEAVY_ACTIVITIES: Type.Integer({
    minimum: 0,
    maximum: 10_000,
    default: 8,
    description:
      "Long activities (downloading a stored recording, cutting it, transcribing a piece, silencing redacted audio, an LLM analysis) one company may have running at once across the whole fleet (docs/operations.md, \"Fairness\"); formerly COMPANY_MAX_ACTIVE_MEDIA, which is still read, with a warning at start-up, until the release after next. Past it, the company's next one queues for a released place instead of taking a worker slot, so a company's backlog of long calls never holds every slot. Keep it below the fleet's activity slots (workers × WORKER_MAX_CONCURRENT_ACTIVITIES) and at or above STT_CONCURRENCY (one recording's pieces at once). `0` = no limit.",
  }),
  COMPANY_MEDIA_LEASE_TTL: {
    ...Duration,
    default: '1m',
    description:
      "How long a company's place among COMPANY_MAX_HEAVY_ACTIVITIES is kept without renewal: the activity holding it renews it every third of this, so a worker that dies frees its places within this time.",
  },
  STT_PROVIDER: Type.Union([Type.Literal('openai'), Type.Literal('deepgram'), Type.Literal('assemblyai')], {
    default: 'openai',
    description:
      'Speech-to-text API flavour: `openai` (audio/transcriptions), `deepgram` (listen) or `assemblyai` (upload, transcript, poll).',
  }),
  STT_BASE_URL: Type.String({
    pattern: '^https?://',
    default: 'https://api.openai.com',
    description:
      'Base URL of the speech-to-text provider (`https://api.deepgram.com`, `https://api.assemblyai.com` for the others).',
  }),
  STT_API_KEY: Type.String({ default: '', description: 'API key of the speech-to-text provider.' }),
  STT_MODEL: Type.String({
    minLength: 1,
    default: 'whisper-1',
    description:
      "Speech-to-text model name. openai: `whisper-1`, `gpt-4o-transcribe`, `gpt-4o-mini-transcribe` (and dated names), `gpt-transcribe`, or `gpt-4o-transcribe-diarize` (labels speakers); for deepgram and assemblyai the default `whisper-1` means the provider's default model (AssemblyAI: `universal-3-pro`, `universal-2`).",
  }),
  STT_POLL_INTERVAL: {
    ...Duration,
    default: '3s',
    description: 'How often an asynchronous provider (assemblyai) is asked whether a transcript is done.',
  },
  REDACTION_PHONE_REGION: Type.String({
    pattern: '^[A-Z]{2}$',
    default: 'US',
    description:
      'The region (ISO 3166 alpha-2) a national phone number is read in when redacting, for companies without their own (`admin company:set <id> --phone-region GB`); a number said with its country code is read in any region.',
  }),
  LLM_BASE_URL: Type.String({
    default: '',
    description:
      'OpenAI-compatible chat-completions base URL for scoring sessions; empty = the deterministic built-in analyzer.',
  }),
  LLM_API_KEY: Type.String({ default: '', description: 'API key for LLM_BASE_URL (sent as a bearer token when set).' }),
  LLM_MODEL: Type.String({ minLength: 1, default: 'gpt-4o-mini', description: 'Chat model used for scoring.' }),
  LLM_MAX_TRANSCRIPT_CHARS: Type.Integer({
    minimum: 200,
    default: 100000,
    description:
      'Longest transcript (characters) sent in one chat request; a longer call is judged in parts and the verdicts combined.',
  }),
  LLM_PROMPT_PRICE: Type.String({
    pattern: '^(\\d+(\\.\\d+)?)?$',
    default: '',
    description:
      'USD per million prompt tokens, for the cost kept in recordings.analysis_usage; empty = cost not computed.',
  }),
  LLM_COMPLETION_PRICE: Type.String({
    pattern: '^(\\d+(\\.\\d+)?)?$',
    default: '',
    description:
      'USD per million completion tokens, for the cost kept in recordings.analysis_usage; empty = cost not computed.',
  }),
  OUTBOUND_ALLOW_PRIVATE: {
    ...Bool,
    default: false,
    description:
      'Allow outbound requests (recording downloads, webhooks) to private/loopback addresses; only for development and tests.',
  },
  WEBHOOK_TIMEOUT: {
    ...Duration,
    default: '15s',
    description:
      'Timeout of one webhook delivery attempt (the POST), for deliveries and for test events and redeliveries requested through the API alike; Temporal allows the attempt this plus 15 s.',
  },
  WEBHOOK_MAX_ATTEMPTS: Type.Integer({
    minimum: 1,
    maximum: 100,
    default: 8,
    description: 'Delivery attempts per webhook event before giving up.',
  }),
  WEBHOOK_INITIAL_INTERVAL: {
    ...Duration,
    default: '5s',
    description: 'Delay before the first webhook retry; later retries back off exponentially.',
  },
  WEBHOOK_MAX_INTERVAL: { ...Duration, default: '10h', description: 'Longest delay between webhook retries.' },
  SMTP_URL: Type.String({
    pattern: '^smtps?://',
    default: 'smtp://127.0.0.1:1025',
    description: 'SMTP server for invitation emails (`smtp://` or `smtps://`, credentials in the URL).',
  }),
  MAIL_FROM: Type.String({
    minLength: 3,
    default: 'Sales Practice <no-reply@sales-practice.local>',
    description: 'Sender of invitation emails.',
  }),
  INVITATION_TTL: { ...Duration, default: '30d', description: 'Lifetime of an invitation (spec: 30 days).' },
  RATE_LIMIT_POINTS: Type.Integer({
    minimum: 0,
    default: 1200,
    description:
      'Requests each API key (with the bearer tokens minted from it) may make per RATE_LIMIT_DURATION; 0 turns limiting off (the company budget too).',
  }),
  RATE_LIMIT_COMPANY_POINTS: Type.Integer({
    minimum: 0,
    default: 3000,
    description:
      'Requests a company may make per RATE_LIMIT_DURATION with all its keys and tokens together, so minting keys does not multiply the limit; 0: no company budget.',
  }),
  RATE_LIMIT_DURATION: { ...Duration, default: '1m', description: 'Window of the rate limit.' },
  API_KEYS_PER_COMPANY: Type.Integer({
    minimum: 1,
    default: 50,
    description: 'Active (unrevoked) API keys a company may hold; issuing one more is 409 `limit_reached`.',
  }),
  WEBHOOK_ENDPOINTS_PER_COMPANY: Type.Integer({
    minimum: 1,
    default: 20,
    description: 'Webhook endpoints a company may register; registering one more is 409 `limit_reached`.',
  }),
  WEBHOOK_DISABLE_AFTER: {
    ...Duration,
    default: '5d',
    description:
      "An endpoint whose every attempt failed for this long (since its last delivered one) is disabled with a reason, and the company's other endpoints get a `webhook.endpoint.disabled` event; `0` never disables for that.",
  },
  WEBHOOK_RECOVER_BATCH: Type.Integer({
    minimum: 1,
    maximum: 10000,
    default: 1000,
    description:
      "Most events one `POST /api/webhook-endpoints/{id}/recover` queues (oldest first); its answer's `nextSince` says where to go on when more wait.",
  }),
  EXPORT_RETENTION: {
    ...Duration,
    default: '7d',
    description:
      "How long a company export's archive (POST /api/exports) is kept after it is written; the worker then deletes it and the export reads `expired`.",
  },
  WEBHOOK_EVENT_RETENTION: {
    ...Duration,
    default: '30d',
    description:
      "Worker: events (webhook_events, GET /api/events) and delivery records (webhook_deliveries) older than this are deleted (the `retention-sweep` schedule, every 10 minutes); `0` keeps them. A completed recording's event, which holds a person's words, never outlives RECORDING_RETENTION when that is shorter.",
  },
  WEBHOOK_ROTATION_OVERLAP: {
    ...Duration,
    default: '24h',
    description:
      "After `rotate-secret`, how long the previous secret still signs every delivery beside the new one; a request's `expiresInSeconds` may shorten it (0 = at once).",
  },
  WEBHOOK_SECRET_KEYS: Type.String({
    default: '',
    description:
      'Keys that encrypt webhook endpoint secrets at rest (AES-256-GCM), in the format of TEMPORAL_PAYLOAD_KEYS: `<id>:<base64 of 32 random bytes>`, comma-separated; all decrypt. Empty = the TEMPORAL_PAYLOAD_KEYS. No default: with neither, endpoints cannot be created or rotated. See docs/security.md, "Webhook secrets".',
  }),
  WEBHOOK_SECRET_KEY_ID: Type.String({
    default: '',
    description:
      'Id of the key in WEBHOOK_SECRET_KEYS that encrypts secrets written from now on (rotation); empty = the first listed (with the payload keys: TEMPORAL_PAYLOAD_KEY_ID).',
  }),
  RATE_LIMIT_STORE: Type.Union([Type.Literal('memory'), Type.Literal('mysql')], {
    default: 'memory',
    description:
      'Where rate-limit counters live: `memory` (per API process) or `mysql` (one budget shared by every replica, in `rate_limit_points`: each process leases points from it and spends them in memory, so far from the limit few requests write to the database; see docs/operations.md).',
  }),
  HTTP_REQUEST_TIMEOUT: {
    ...Duration,
    default: '30s',
    description: 'A client must send its whole request within this time (408 otherwise).',
  },
  HTTP_HEADERS_TIMEOUT: {
    ...Duration,
    default: '10s',
    description: 'A client must send its request headers within this time.',
  },
  SHUTDOWN_TIMEOUT: {
    ...Duration,
    default: '25s',
    description: 'On SIGTERM, how long the API waits for requests in flight and the worker for running activities.',
  },
  METRICS_TOKEN: Type.String({
    default: '',
    description: 'When set, GET /metrics needs `Authorization: Bearer <token>`; empty = open (keep it internal).',
  }),
  METRICS_TOKEN_REQUIRED: Type.Boolean({
    default: false,
    description:
      "When true, the API serves GET /metrics only with `METRICS_TOKEN` set (404 without one): for an API whose port is public, as docker-compose's is.",
  }),
  WORKER_METRICS_PORT: Type.Integer({
    minimum: 0,
    maximum: 65535,
    default: 9464,
    description: "Port of the worker's Prometheus /metrics server; 0 turns it off.",
  }),
  // Worker sizing (worker/tuning.ts). The cache and the task slots are sized to the worker's memory unless set; docs/operations.md ("Worker sizing") says how.
  WORKER_MEMORY_LIMIT_MB: Type.Integer({
    minimum: 0,
    maximum: 1048576,
    default: 0,
    description:
      "Memory the worker may use, in MiB, which sizes the settings below that are left at 0 (worker/tuning.ts: a model of its peak resident set measured by the benchmark). 0 = the container's limit (cgroup v2 `memory.max`, or v1 `memory.limit_in_bytes`), else a quarter of the machine's memory; the workflow cache never takes more than half of WORKER_MAX_OLD_SPACE_MB. The worker logs the sizing and what it was derived from in its `worker started` line.",
  }),
  WORKER_MAX_CACHED_WORKFLOWS: Type.Integer({
    minimum: 0,
    maximum: 100000,
    default: 0,
    description:
      "Workflows a worker keeps in memory between their tasks (Temporal's sticky cache, `maxCachedWorkflows`); an evicted one is replayed from its history on its next task. The largest single term of the worker's memory. 0 = sized to WORKER_MEMORY_LIMIT_MB; otherwise at least 2.",
  }),
  WORKER_MAX_CONCURRENT_ACTIVITIES: Type.Integer({
    minimum: 0,
    maximum: 10000,
    default: 0,
    description:
      "Activities one worker runs at once (`maxConcurrentActivityTaskExecutions`); the media step's ffmpeg runs are among them. 0 = from the workflow cache's size (3.2 × its square root: 32 for 100 cached workflows).",
  }),
  WORKER_MAX_CONCURRENT_WORKFLOW_TASKS: Type.Integer({
    minimum: 0,
    maximum: 10000,
    default: 0,
    description:
      "Workflow tasks one worker runs at once (`maxConcurrentWorkflowTaskExecutions`); at most the workflow cache's size. 0 = from the workflow cache's size (its square root: 10 for 100 cached workflows); otherwise at least 2.",
  }),
  WORKER_WORKFLOW_TASK_POLLERS: Type.Integer({
    minimum: 1,
    maximum: 100,
    default: 4,
    description: 'Long polls a worker keeps open for workflow tasks (at most the workflow task slots).',
  }),
  WORKER_ACTIVITY_TASK_POLLERS: Type.Integer({
    minimum: 1,
    maximum: 100,
    default: 4,
    description: 'Long polls a worker keeps open for activity tasks (at most the activity slots).',
  }),
  API_MAX_OLD_SPACE_MB: Type.Integer({
    minimum: 0,
    maximum: 65536,
    default: 1024,
    description:
      "V8 old-generation limit of the API process in MiB, passed by `scripts/start.sh api` (`npm start`, the Dockerfile, docker-compose) as `--max-old-space-size`; 0 leaves Node's default, a share of the machine's memory, which lets V8 grow the heap far past what the API keeps alive between full collections.",
  }),
  WORKER_MAX_OLD_SPACE_MB: Type.Integer({
    minimum: 0,
    maximum: 65536,
    default: 384,
    description:
      "V8 old-generation limit of the worker process in MiB, passed by `scripts/start.sh worker` (`npm run worker`) as `--max-old-space-size`; 0 leaves Node's default (a share of the machine's memory, which lets V8 grow the heap far past what the worker keeps alive).",
  }),
  // Tracing: OpenTelemetry's own variables, read by its SDK (common/tracing); listed here to be documented
  // and checked. Unset by default: tracing is off and the SDK is not loaded. docs/operations.md, "Traces".
  OTEL_EXPORTER_OTLP_ENDPOINT: Type.Optional(
    Type.String({
      pattern: '^https?://',
      description:
        'OTLP/HTTP base URL of the trace collector (`http://127.0.0.1:4318`; traces go to `/v1/traces` under it). Setting it (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) turns tracing on in the API and the worker.',
    }),
  ),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: Type.Optional(
    Type.String({
      pattern: '^https?://',
      description: 'Full OTLP/HTTP URL for traces (`…/v1/traces`), instead of OTEL_EXPORTER_OTLP_ENDPOINT.',
    }),
  ),
  OTEL_EXPORTER_OTLP_PROTOCOL: Type.Optional(
    Type.Literal('http/protobuf', {
      description: 'The OTLP protocol: only `http/protobuf` (the default) is built in; gRPC is not.',
    }),
  ),
  OTEL_EXPORTER_OTLP_HEADERS: Type.Optional(
    Type.String({ description: "Headers sent with each export, `key=value,key2=value2` (a collector's API key)." }),
  ),
  OTEL_SERVICE_NAME: Type.Optional(
    Type.String({
      description: 'The `service.name` of the spans; unset: `sales-practice-api` and `sales-practice-worker`.',
    }),
  ),
  OTEL_RESOURCE_ATTRIBUTES: Type.Optional(
    Type.String({
      description: 'More resource attributes, `key=value,…` (`deployment.environment=production`).',
    }),
  ),
  OTEL_TRACES_SAMPLER: Type.Optional(
    Type.Union(
      [
        'always_on',
        'always_off',
        'traceidratio',
        'parentbased_always_on',
        'parentbased_always_off',
        'parentbased_traceidratio',
      ].map((s) => Type.Literal(s)),
      {
        description:
          "Which traces are kept; unset: `parentbased_always_on` (every trace, or the caller's decision in its `traceparent`).",
      },
    ),
  ),
  OTEL_TRACES_SAMPLER_ARG: Type.Optional(
    Type.String({ description: 'The ratio for the `traceidratio` samplers (`0.1` keeps one trace in ten).' }),
  ),
  OTEL_PROPAGATORS: Type.Optional(
    Type.String({
      description:
        "Context propagators, comma-separated; unset: `tracecontext,baggage`. Keep `baggage`: it carries the request id to the worker's log lines.",
    }),
  ),
  OTEL_TRACES_EXPORTER: Type.Optional(
    Type.Union([Type.Literal('otlp'), Type.Literal('none')], {
      description:
        '`none` keeps tracing off even with an endpoint set; `otlp` (the default) is the one exporter built in.',
    }),
  ),
  OTEL_SDK_DISABLED: Type.Optional(Type.String({ description: '`true` keeps tracing off even with an endpoint set.' })),
  // Batching of finished spans before export, read by the OpenTelemetry SDK's BatchSpanProcessor itself
  // (common/tracing/sdk.ts): declared here so they are checked at start and documented with the rest.
  OTEL_BSP_SCHEDULE_DELAY: Type.Optional(
    Type.String({
      pattern: '^[0-9]+$',
      description: 'Milliseconds between two exports of finished spans; unset: `5000`.',
    }),
  ),
  OTEL_BSP_EXPORT_TIMEOUT: Type.Optional(
    Type.String({ pattern: '^[0-9]+$', description: 'Milliseconds one export may take; unset: `30000`.' }),
  ),
  OTEL_BSP_MAX_QUEUE_SIZE: Type.Optional(
    Type.String({
      pattern: '^[0-9]+$',
      description:
        'Finished spans kept waiting for export; more are dropped (a process never blocks on tracing); unset: `2048`.',
    }),
  ),
  OTEL_BSP_MAX_EXPORT_BATCH_SIZE: Type.Optional(
    Type.String({
      pattern: '^[0-9]+$',
      description: 'Spans per export request, at most OTEL_BSP_MAX_QUEUE_SIZE; unset: `512`.',
    }),
  ),
});

export type Config = Static<typeof ConfigSchema>;

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Settings renamed, by their old name: the old name is still read for a release (the new one wins when both are
 * set) and each process warns at start-up, naming the new one (renamedSettingWarnings).
 */
export const RENAMED_SETTINGS: Readonly<Record<string, { now: keyof Config; until: string }>> = {
  // It limits more than media: speech-to-text and any other heavy activity of a company take its places.
  COMPANY_MAX_ACTIVE_MEDIA: { now: 'COMPANY_MAX_HEAVY_ACTIVITIES', until: 'the release after next' },
};

const isSet = (value: string | undefined): value is string => value !== undefined && value !== '';

/** One start-up warning per renamed setting the environment still uses. */
export function renamedSettingWarnings(env: NodeJS.ProcessEnv = process.env): string[] {
  return Object.entries(RENAMED_SETTINGS)
    .filter(([old]) => isSet(env[old]))
    .map(([old, { now, until }]) =>
      isSet(env[now])
        ? `${old} is ignored: it was renamed ${now}, which is set; remove ${old}`
        : `${old} was renamed ${now}: set ${now} instead (${old} is read until ${until})`,
    );
}

const ajv = new Ajv({ coerceTypes: true, useDefaults: true, allErrors: true });
const validate = ajv.compile<Config>(ConfigSchema);

/**
 * The settings from `env` (and `overrides`), checked. `usesSecrets`: the signing secrets this process
 * signs or verifies with, which it cannot start without in production (common/secretSettings.ts).
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<Config> = {},
  usesSecrets: readonly SecretSetting[] = [],
): Config {
  const candidate: Record<string, unknown> = {};
  for (const key of Object.keys(ConfigSchema.properties)) {
    const value = env[key];
    if (value !== undefined && value !== '') candidate[key] = value;
  }
  for (const [old, { now }] of Object.entries(RENAMED_SETTINGS)) {
    const value = env[old];
    if (isSet(value) && !isSet(env[now])) candidate[now] = value;
  }
  Object.assign(candidate, overrides);
  // What was given, before the schema's defaults fill in: Temporal's profile must not lose to a default.
  const given = { ...candidate };
  const valid = validate(candidate);
  // Secrets are checked on their own (their values never appear in a message), along with the rest.
  const secrets = checkSecrets(candidate as Record<SecretSetting, string>, env, usesSecrets);
  if (!valid || secrets.problems.length > 0) {
    // One line per bad setting, even when ajv reports several errors for it (one per union branch).
    const names = [
      ...new Set(
        (validate.errors ?? []).map(
          (e) => e.instancePath.replace(/^\//, '') || String(e.params['missingProperty'] ?? ''),
        ),
      ),
    ];
    const problems = names.map(
      (name) => `${name}=${JSON.stringify(shown(name, candidate[name]))}: ${expectation(name, validate.errors ?? [])}`,
    );
    throw new ConfigError([...(valid ? [] : problems), ...secrets.problems]);
  }
  const config = candidate;
  Object.assign(config, secrets.filled);
  for (const name of ['WORKER_MAX_CACHED_WORKFLOWS', 'WORKER_MAX_CONCURRENT_WORKFLOW_TASKS'] as const) {
    if (config[name] === 1)
      throw new ConfigError([`${name}=1: must be 0 (sized to the worker's memory) or at least 2`]);
  }
  if (config.STORAGE_BACKEND === 's3' && !config.S3_BUCKET)
    throw new ConfigError(['S3_BUCKET="": must name a bucket when STORAGE_BACKEND=s3']);
  if (Boolean(config.S3_ACCESS_KEY_ID) !== Boolean(config.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError([
      'S3_ACCESS_KEY_ID/S3_SECRET_ACCESS_KEY: set both or neither (neither uses the AWS SDK credential chain)',
    ]);
  }
  try {
    const { address, namespace } = resolvedTarget(temporalProfile(given, env));
    Object.assign(config, { TEMPORAL_ADDRESS: address, TEMPORAL_NAMESPACE: namespace });
  } catch (err) {
    if (err instanceof TemporalSettingsError) throw new ConfigError([err.message]);
    throw err;
  }
  return config;
}

/** A value as an error message may show it: DATABASE_URL without its password. */
function shown(name: string, value: unknown): unknown {
  if (name !== 'DATABASE_URL' || typeof value !== 'string') return value;
  return value.replace(/^([^:/]+:\/\/[^:@/]*:)[^@/]*@/, '$1***@');
}

/** What a setting must look like, in words an operator can act on. */
function expectation(name: string, errors: ErrorObject[]): string {
  const schema = (ConfigSchema.properties as Record<string, TSchema>)[name];
  const choices = (schema?.anyOf as TSchema[] | undefined)?.map((branch) => branch.const as unknown);
  if (choices?.every((c) => c !== undefined))
    return `must be one of ${choices.map((c) => JSON.stringify(c)).join(', ')}`;
  if (schema?.pattern === Duration.pattern)
    return 'must be a duration such as 500ms, 30s, 15m, 1h or 30d (or a number of milliseconds)';
  const first = errors.find((e) => e.instancePath === `/${name}`);
  return first?.message ?? 'is invalid';
}

/** Milliseconds of a Duration setting. */
export function durationMs(value: string): number {
  const parsed = /^\d+(\.\d+)?$/.test(value) ? Number(value) : ms(value as ms.StringValue);
  if (typeof parsed !== 'number' || !Number.isFinite(parsed)) throw new ConfigError([`bad duration ${value}`]);
  return parsed;
}
