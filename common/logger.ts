import pino, { type Logger } from 'pino';

// Credentials never reach the logs: these paths are censored wherever they appear in a log object.
const redact = {
  paths: ['req.headers["x-api-key"]', 'req.headers.authorization', '*.secret', '*.key', '*.token', '*.password'],
  censor: '[redacted]',
};

export function createLogger(level: string, name: string): Logger {
  return pino({ level, name, redact, base: { service: name } });
}
