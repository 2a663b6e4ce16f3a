import pino, { type DestinationStream, type Logger } from 'pino';

// Credentials never reach the logs. Two layers: these paths are censored wherever they appear in a
// log object, and every finished line is scrubbed of anything shaped like one of our credentials
// (API keys spk_…, bearer tokens spt_…, webhook secrets whsec_…), so that a secret inside an error
// message or a SQL text cannot slip through either.
const redact = {
  paths: [
    'req.headers["x-api-key"]',
    'req.headers.authorization',
    '*.secret',
    '*.key',
    '*.token',
    '*.accessToken',
    '*.password',
    'secret',
    'token',
    'accessToken',
  ],
  censor: '[redacted]',
};

const CREDENTIAL = /\b(?:sp[kt]_[0-9a-f]{12}_[A-Za-z0-9_-]{32}|whsec_[A-Za-z0-9+/]+={0,2})/g;

export function scrubCredentials(line: string): string {
  return line.includes('spk_') || line.includes('spt_') || line.includes('whsec_')
    ? line.replace(CREDENTIAL, '[redacted]')
    : line;
}

/** Wraps a destination so that every line is scrubbed before it is written. */
function scrubbing(destination: DestinationStream): DestinationStream {
  return { write: (line: string) => destination.write(scrubCredentials(line)) };
}

/**
 * A JSON logger at `level`; lines go to stdout unless another destination is given (tests capture them).
 * `mixin` adds fields to every line (the worker adds the current activity's ids).
 */
export function createLogger(
  level: string,
  name: string,
  destination: DestinationStream = pino.destination({ dest: 1, sync: true }),
  mixin?: () => Record<string, unknown>,
): Logger {
  return pino({ level, name, redact, base: { service: name }, ...(mixin ? { mixin } : {}) }, scrubbing(destination));
}
