import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import type { WebhookEvent } from '../../common/webhookEvents';
import { webhookSecretBox, type WebhookSecretBox } from '../../common/webhookSecretBox';
import { testConfig } from './env';
import { SIGNATURE_HEADER, verifyWebhookSignature, webhookSignatureProblem } from '../../common/webhookSignature';

// A real webhook receiver on 127.0.0.1, verifying every request the way a customer would: the
// X-Service-Signature with the project's helper and the Standard Webhooks headers with the public
// `standardwebhooks` library.

export interface ReceivedWebhook {
  path: string;
  method: string;
  headers: http.IncomingHttpHeaders;
  rawBody: Buffer;
  event: WebhookEvent | undefined;
  /** X-Service-Signature verified with the receiver's secret at arrival. */
  verified: boolean;
  signatureProblem: string | null;
  /** The Standard Webhooks headers verified by the public library. */
  standardVerified: boolean;
  receivedAt: number;
}

export interface ReceiverAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
  /** Wait this long before answering (for timeouts and slow receivers). */
  delayMs?: number;
}

/** Decides the answer for the nth request (1-based) on a path. */
export type Responder = (n: number, req: ReceivedWebhook) => ReceiverAnswer;

export interface WebhookReceiver {
  /** Base URL, e.g. http://127.0.0.1:1234; append any path. */
  url: string;
  received: ReceivedWebhook[];
  /** Secret per path; set it once the endpoint is created and its secret known. */
  setSecret(path: string, secret: string): void;
  respond(path: string, responder: Responder): void;
  /** Requests to `path`, in arrival order. */
  on(path: string): ReceivedWebhook[];
  /** Resolves when `path` has received `count` requests (rejects after timeoutMs). */
  waitFor(path: string, count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

const ok: Responder = () => ({ status: 200, body: 'ok' });

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const secrets = new Map<string, string>();
  const responders = new Map<string, Responder>();
  const received: ReceivedWebhook[] = [];
  const waiters = new Set<() => void>();
  const on = (path: string): ReceivedWebhook[] => received.filter((r) => r.path === path);

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0];
      const rawBody = Buffer.concat(chunks);
      const secret = secrets.get(path);
      const header = req.headers[SIGNATURE_HEADER.toLowerCase()];
      const signature = typeof header === 'string' ? header : undefined;
      let standardVerified = false;
      if (secret) {
        try {
          new Webhook(secret).verify(rawBody.toString('utf8'), req.headers as Record<string, string>);
          standardVerified = true;
        } catch {
          standardVerified = false;
        }
      }
      let event: WebhookEvent | undefined;
      try {
        event = JSON.parse(rawBody.toString('utf8')) as WebhookEvent;
      } catch {
        event = undefined;
      }
      const entry: ReceivedWebhook = {
        path,
        method: req.method ?? '',
        headers: req.headers,
        rawBody,
        event,
        verified: secret ? verifyWebhookSignature(rawBody, signature, secret) : false,
        signatureProblem: secret ? webhookSignatureProblem(rawBody, signature, secret) : 'no secret set for this path',
        standardVerified,
        receivedAt: Date.now(),
      };
      received.push(entry);
      const answer = (responders.get(path) ?? ok)(on(path).length, entry);
      const send = (): void => {
        if (res.destroyed) return;
        res.writeHead(answer.status, answer.headers ?? {});
        res.end(answer.body ?? '');
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
      for (const wake of [...waiters]) wake();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    received,
    setSecret: (path, secret) => void secrets.set(path, secret),
    respond: (path, responder) => void responders.set(path, responder),
    on,
    waitFor(path, count, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = (): boolean => {
          if (on(path).length < count) return false;
          waiters.delete(wakeUp);
          clearTimeout(timer);
          resolve(on(path));
          return true;
        };
        const wakeUp = (): void => void check();
        const timer = setTimeout(() => {
          waiters.delete(wakeUp);
          reject(new Error(`${path} received ${on(path).length} of ${count} webhooks within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(wakeUp);
        check();
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A completed-recording event as the recording workflow would build it. */
export function sampleWebhookEvent(overrides: Partial<WebhookEvent> = {}): WebhookEvent {
  const recordingId = randomUUID();
  return {
    id: randomUUID(),
    type: 'recording.processing.completed',
    createdAt: new Date().toISOString(),
    data: {
      recordingId,
      status: 'completed',
      user: { id: randomUUID(), name: 'Ada Rep', userUniqueIdentifier: 'crm-ada' },
      sessionId: null,
      result: { score: 87, didPass: true, notes: 'Grüße — “quotes” & ünïcödé' },
    },
    ...overrides,
  };
}

/** The box that seals endpoint secrets with this run's keys (as the API and the worker of the tests do). */
export const testSecretBox = (): WebhookSecretBox => webhookSecretBox(testConfig());
