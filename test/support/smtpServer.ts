import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerError } from 'smtp-server';

// A real SMTP server on loopback that keeps every message it accepts, and can be told to refuse
// recipients with a chosen reply code (4xx transient, 5xx permanent) to exercise the retry policy.

export interface ReceivedMail {
  from: string;
  to: string[];
  headers: Map<string, string>;
  subject: string;
  messageId: string;
  text: string;
  html: string;
  raw: string;
}

export interface LoopbackSmtp {
  /** smtp://127.0.0.1:<port> */
  url: string;
  messages: ReceivedMail[];
  /** Messages delivered to an address (case-insensitive). */
  mailsTo(address: string): ReceivedMail[];
  /** Resolves once `count` messages to the address have arrived. */
  waitForMails(address: string, count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** Refuses RCPT TO for the address with this reply code, `times` times (then accepts). */
  refuseRecipient(address: string, code: number, times?: number): void;
  /** RCPT TO attempts seen for the address, accepted or refused. */
  recipientAttempts(address: string): number;
  close(): Promise<void>;
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function splitPart(part: string): { headers: Map<string, string>; body: string } {
  const at = part.search(/\r?\n\r?\n/);
  const head = at === -1 ? part : part.slice(0, at);
  const body = at === -1 ? '' : part.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** Enough MIME for what nodemailer sends: a single part or multipart/alternative of text and HTML. */
export function parseMail(raw: string, from: string, to: string[]): ReceivedMail {
  const { headers, body } = splitPart(raw);
  let text = '';
  let html = '';
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  const parts = boundary ? body.split(`--${boundary}`).slice(1, -1).map(splitPart) : [{ headers, body }];
  for (const part of parts) {
    const partType = (part.headers.get('content-type') ?? 'text/plain').toLowerCase();
    if (partType.startsWith('text/plain')) text = decodeBody(part.headers, part.body);
    if (partType.startsWith('text/html')) html = decodeBody(part.headers, part.body);
  }
  return {
    from,
    to,
    headers,
    subject: headers.get('subject') ?? '',
    messageId: headers.get('message-id') ?? '',
    text,
    html,
    raw,
  };
}

export async function startSmtpServer(): Promise<LoopbackSmtp> {
  const messages: ReceivedMail[] = [];
  const refusals = new Map<string, { code: number; remaining: number }>();
  const attempts = new Map<string, number>();
  const waiters = new Set<() => void>();
  const key = (address: string) => address.toLowerCase();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const k = key(address.address);
      attempts.set(k, (attempts.get(k) ?? 0) + 1);
      const refusal = refusals.get(k);
      if (refusal && refusal.remaining > 0) {
        refusal.remaining -= 1;
        const err: SMTPServerError = new Error(refusal.code >= 500 ? 'Mailbox unavailable' : 'Try again later');
        err.responseCode = refusal.code;
        callback(err);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const to = session.envelope.rcptTo.map((r) => r.address);
        messages.push(parseMail(Buffer.concat(chunks).toString('utf8'), from, to));
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  const mailsTo = (address: string) => messages.filter((m) => m.to.some((t) => key(t) === key(address)));

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    mailsTo,
    async waitForMails(address, count, timeoutMs = 20_000) {
      if (mailsTo(address).length >= count) return mailsTo(address);
      return new Promise<ReceivedMail[]>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(`expected ${count} mails to ${address} within ${timeoutMs} ms, got ${mailsTo(address).length}`),
          );
        }, timeoutMs);
        function check(): void {
          if (mailsTo(address).length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(mailsTo(address));
        }
        waiters.add(check);
      });
    },
    refuseRecipient(address, code, times = Number.POSITIVE_INFINITY) {
      refusals.set(key(address), { code, remaining: times });
    },
    recipientAttempts: (address) => attempts.get(key(address)) ?? 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
