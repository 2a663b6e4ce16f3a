import type { TSchema } from '@sinclair/typebox';
import { ConfigSchema } from '../common/config';

// Prints the README's configuration table (Markdown) from ConfigSchema: every setting with its default
// and meaning. `npx tsx scripts/config-table.ts`. A setting without a meaning here is listed as such,
// so a new setting shows up in the table even before someone describes it.

const meanings: Record<string, string> = {
  RATE_LIMIT_POINTS: 'Requests each API key (with the bearer tokens minted from it) may make per RATE_LIMIT_DURATION; 0 turns limiting off (the company budget too).',
  RATE_LIMIT_COMPANY_POINTS: 'Requests a company may make per RATE_LIMIT_DURATION with all its keys and tokens together, so minting keys does not multiply the limit; 0: no company budget.',
  API_KEYS_PER_COMPANY: 'Active (unrevoked) API keys a company may hold; issuing one more is 409 `limit_reached`.',
  WEBHOOK_ENDPOINTS_PER_COMPANY: 'Webhook endpoints a company may register; registering one more is 409 `limit_reached`.',
  RATE_LIMIT_DURATION: 'Window of the rate limit.',
  RATE_LIMIT_STORE: 'Where rate-limit counters live: `memory` (per API process) or `mysql` (shared by every replica).',
  HTTP_REQUEST_TIMEOUT: 'A client must send its whole request within this time (408 otherwise).',
  HTTP_HEADERS_TIMEOUT: 'A client must send its request headers within this time.',
  SHUTDOWN_TIMEOUT: 'On SIGTERM, how long the API waits for requests in flight and the worker for running activities.',
  METRICS_TOKEN: 'When set, GET /metrics needs `Authorization: Bearer <token>`; empty = open (keep it internal).',
  WORKER_METRICS_PORT: 'Port of the worker\'s Prometheus /metrics server; 0 turns it off.',
  WORKER_MAX_CACHED_WORKFLOWS: 'Workflows a worker keeps in memory between their tasks (Temporal\'s sticky cache, `maxCachedWorkflows`); an evicted one is replayed from its history on its next task. The largest single term of the worker\'s memory.',
  WORKER_MAX_CONCURRENT_ACTIVITIES: 'Activities one worker runs at once (`maxConcurrentActivityTaskExecutions`); the media step\'s ffmpeg runs are among them.',
  WORKER_MAX_CONCURRENT_WORKFLOW_TASKS: 'Workflow tasks one worker runs at once (`maxConcurrentWorkflowTaskExecutions`); at most WORKER_MAX_CACHED_WORKFLOWS.',
  WORKER_WORKFLOW_TASK_POLLERS: 'Long polls a worker keeps open for workflow tasks (at most the workflow task slots).',
  WORKER_ACTIVITY_TASK_POLLERS: 'Long polls a worker keeps open for activity tasks (at most the activity slots).',
  WORKER_MAX_OLD_SPACE_MB: 'V8 old-generation limit of the worker process in MiB, passed by `scripts/worker.sh` (`npm run worker`) as `--max-old-space-size`; 0 leaves Node\'s default (a share of the machine\'s memory, which lets V8 grow the heap far past what the worker keeps alive).',
  DATABASE_URL: 'MySQL 8 / MariaDB connection URL (`mysql://user:password@host:port/database`).',
  DATABASE_POOL_MAX: 'Maximum connections per process (API and worker each have a pool).',
  TEMPORAL_ADDRESS: 'Temporal frontend gRPC address (`host:port`).',
  TEMPORAL_NAMESPACE: 'Temporal namespace for workflows and the API\'s client.',
  TEMPORAL_TASK_QUEUE: 'Task queue the worker polls and the API starts workflows on.',
  TEMPORAL_PAYLOAD_KEYS: 'Keys that encrypt every payload sent to Temporal (AES-256-GCM): `<id>:<base64 of 32 random bytes>`, comma-separated; all decrypt. No default: required with `NODE_ENV=production` (API and worker); `npm run dev` generates one into `.data/`. See docs/security.md, "Temporal payloads".',
  TEMPORAL_PAYLOAD_KEY_ID: 'Id of the key in TEMPORAL_PAYLOAD_KEYS that encrypts new payloads (rotation); empty = the first listed.',
  TEMPORAL_CODEC_TOKEN: 'Operators\' token for `POST /codec/decode` and `/codec/encode` (`Authorization: Bearer`, or the sign-in at `/codec/session` for the Web UI); empty turns the codec endpoint off (API).',
  TEMPORAL_CODEC_CORS_ORIGINS: 'Comma-separated origins of the Temporal Web UI allowed to call the codec endpoint from a browser, e.g. `http://127.0.0.1:8233` (API).',
  TEMPORAL_START_TIMEOUT: 'Deadline of every call the API makes to Temporal: a recording or invitation start that takes longer is answered 503; also bounds signals and health probes.',
  CREDENTIAL_CACHE_TTL: 'How long the API keeps a valid API key in memory instead of reading its row on every request. A key revoked through `DELETE /api/api-keys/{id}` is refused at once by the process that revoked it; a revocation elsewhere (another API process, `admin apikey:revoke`) within this time. `0` reads the row every time.',
  IDEMPOTENCY_KEY_TTL: 'How long the first answer to a request with an `Idempotency-Key` is kept: a retry within it gets that answer again; after it the key starts a new request. Expired keys are deleted by the API process every few minutes.',
  RECORDING_CANCEL_WAIT: 'How long `POST /api/recording/{id}/cancel` waits for the workflow to record the cancellation before answering with the recording as it is then.',
  WEBHOOK_ATTEMPT_WAIT: 'How long `POST /api/webhook-endpoints/{id}/test` and `…/redeliver` wait for the attempt\'s outcome before answering `pending` (the attempt still happens).',
  PORT: 'HTTP port of the API.',
  HOST: 'Interface the API listens on.',
  PUBLIC_URL: 'Base URL clients reach the API at; used in the OpenAPI document, invitation links and media links.',
  LOG_LEVEL: 'pino log level of the API and the worker (JSON lines on stdout).',
  BEARER_TOKEN_TTL: 'Lifetime of bearer tokens from POST /api/auth/token and `admin token:create`.',
  MEDIA_URL_SECRET: 'HMAC secret signing the media links in session results (API), at least 32 bytes: `openssl rand -base64 48`. No default: required with NODE_ENV=production; elsewhere a random one per process when unset (`npm run dev` keeps one in `.data/media-url-secret`).',
  MEDIA_URL_SECRET_PREVIOUS: 'The secret MEDIA_URL_SECRET replaced, during a rotation: links it signed keep working until they expire (at most MEDIA_URL_TTL after the API started); remove it after that.',
  MEDIA_URL_TTL: 'Lifetime of those media links (spec: 15 minutes).',
  STORAGE_BACKEND: 'Where stored recordings live: `local` (STORAGE_DIR) or `s3` (an S3-compatible bucket: AWS S3, GCS interoperability, MinIO).',
  S3_BUCKET: 'Bucket for stored recordings (required with STORAGE_BACKEND=s3); keep it private.',
  S3_REGION: 'Region of the bucket (SigV4 signs with it); `us-east-1` suits MinIO; `auto` for GCS.',
  S3_ENDPOINT: 'S3 endpoint; empty for AWS itself, e.g. `https://storage.googleapis.com` or `http://minio:9000`.',
  S3_PUBLIC_ENDPOINT: 'Endpoint named in presigned links when browsers reach the server elsewhere than S3_ENDPOINT; empty: S3_ENDPOINT.',
  S3_ACCESS_KEY_ID: 'Access key; empty (with S3_SECRET_ACCESS_KEY) uses the AWS SDK credential chain (instance role, AWS_* variables).',
  S3_SECRET_ACCESS_KEY: 'Secret key paired with S3_ACCESS_KEY_ID.',
  S3_FORCE_PATH_STYLE: 'Path-style URLs (endpoint/bucket/key), needed by MinIO and most self-hosted servers.',
  S3_PART_SIZE: 'Part size of multipart uploads in bytes; a file larger than one part is uploaded in parts, streamed.',
  STORAGE_DIR: 'Directory where stored recordings are kept (shared by the worker, which writes, and the API, which serves).',
  RECORDING_RETENTION: 'Worker: stored media files and transcripts of recordings created longer ago than this are deleted by the daily `recording-retention` schedule (scores and session measures stay); `0` keeps them forever and removes the schedule.',
  RECORDING_MAX_BYTES: 'Largest recording the worker downloads or passes on.',
  SCRATCH_DIR: 'Worker scratch space for the media step (one directory per recording, removed when it ends; a starting worker removes what a killed one left).',
  RECORDING_MAX_DURATION: 'Longest recording accepted for processing; a longer one fails at once.',
  STT_MAX_UPLOAD_BYTES: "Largest file sent to the speech-to-text provider in one request; 0 is the provider's own limit (OpenAI 25 MiB, Deepgram 2 GB, AssemblyAI 2.2 GB). Longer audio is split at pauses.",
  STT_MAX_CHUNK_DURATION: "Longest piece of audio sent in one request, within the provider's own limit; `0` = that limit (openai: 1400 s for the gpt-4o models, 10 minutes for whisper-1; assemblyai 10 hours; deepgram none).",
  STT_CONCURRENCY: 'Pieces of one recording transcribed at the same time.',
  STT_PROVIDER: 'Speech-to-text API flavour: `openai` (audio/transcriptions), `deepgram` (listen) or `assemblyai` (upload, transcript, poll).',
  STT_BASE_URL: 'Base URL of the speech-to-text provider (`https://api.deepgram.com`, `https://api.assemblyai.com` for the others).',
  STT_API_KEY: 'API key of the speech-to-text provider.',
  STT_MODEL: "Speech-to-text model name. openai: `whisper-1`, `gpt-4o-transcribe`, `gpt-4o-mini-transcribe` (and dated names), `gpt-transcribe`, or `gpt-4o-transcribe-diarize` (labels speakers); for deepgram and assemblyai the default `whisper-1` means the provider's default model (AssemblyAI: `universal-3-pro`, `universal-2`).",
  STT_POLL_INTERVAL: 'How often an asynchronous provider (assemblyai) is asked whether a transcript is done.',
  LLM_BASE_URL: 'OpenAI-compatible chat-completions base URL for scoring sessions; empty = the deterministic built-in analyzer.',
  LLM_API_KEY: 'API key for LLM_BASE_URL (sent as a bearer token when set).',
  LLM_MODEL: 'Chat model used for scoring.',
  LLM_MAX_TRANSCRIPT_CHARS: 'Longest transcript (characters) sent in one chat request; a longer call is judged in parts and the verdicts combined.',
  LLM_PROMPT_PRICE: "USD per million prompt tokens, for the cost kept in recordings.analysis_usage; empty = cost not computed.",
  LLM_COMPLETION_PRICE: "USD per million completion tokens, for the cost kept in recordings.analysis_usage; empty = cost not computed.",
  OUTBOUND_ALLOW_PRIVATE: 'Allow outbound requests (recording downloads, webhooks) to private/loopback addresses; only for development and tests.',
  WEBHOOK_TIMEOUT: 'Timeout of one webhook delivery attempt.',
  WEBHOOK_MAX_ATTEMPTS: 'Delivery attempts per webhook event before giving up.',
  WEBHOOK_INITIAL_INTERVAL: 'Delay before the first webhook retry; later retries back off exponentially.',
  WEBHOOK_MAX_INTERVAL: 'Longest delay between webhook retries.',
  SMTP_URL: 'SMTP server for invitation emails (`smtp://` or `smtps://`, credentials in the URL).',
  MAIL_FROM: 'Sender of invitation emails.',
  INVITATION_TTL: 'Lifetime of an invitation (spec: 30 days).',
};

function describeType(schema: TSchema): string {
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as TSchema[]).map((s) => `\`${String(s.const)}\``).join(' \\| ');
  if (schema.type === 'string' && typeof schema.pattern === 'string' && schema.pattern.includes('(ms|s|m|h|d|w)')) return 'duration (`500ms`, `15m`, `30d`)';
  if (schema.type === 'integer') {
    const bounds = [schema.minimum !== undefined ? `≥ ${schema.minimum}` : '', schema.maximum !== undefined ? `≤ ${schema.maximum}` : ''].filter(Boolean).join(', ');
    return bounds ? `integer (${bounds})` : 'integer';
  }
  return String(schema.type);
}

const rows = Object.entries(ConfigSchema.properties as Record<string, TSchema>).map(([name, schema]) => {
  const def = schema.default === '' ? '(empty)' : `\`${String(schema.default)}\``;
  return `| \`${name}\` | ${describeType(schema)} | ${def} | ${meanings[name] ?? '(not described yet)'} |`;
});
process.stdout.write(['| Variable | Type | Default | Meaning |', '|---|---|---|---|', ...rows].join('\n') + '\n');
