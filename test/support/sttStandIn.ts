import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { providerContract, recordAnswerProblems, type ContractProvider } from './providerContracts';

// What the synchronous speech-to-text stand-ins (OpenAI, Deepgram) share: a server on 127.0.0.1 that
// hands each request to the provider's handler, fails on demand (as the provider's documents say it
// fails: its status, its error body, Retry-After), and checks every answer it gives against the
// provider's published document before sending it (providerContracts.ts).

export interface SpokenSegment {
  start: number;
  end: number;
  text: string;
  speaker?: string | number;
  /** The segment's words with their times in seconds (Deepgram answers them in the utterance's `words`). */
  words?: Array<{ start: number; end: number; text: string }>;
}

export interface SttBehavior {
  segments: SpokenSegment[];
  language?: string;
  duration?: number;
  /** The key the provider accepts; any other is refused as the provider refuses a bad key (401). */
  apiKey?: string;
  /** Answer `failStatus` (default 503) to the first `failTimes` requests. */
  failTimes?: number;
  failStatus?: number;
  retryAfter?: string;
  /** Always answer this status (a permanent rejection such as 400). */
  rejectStatus?: number;
  /** Never answer the first request: its caller is expected to die meanwhile. */
  holdFirst?: boolean;
  /** Never answer the n-th request (1-based), likewise. */
  holdRequest?: number;
  /** Answer no request before this settles (requests received meanwhile wait for it). */
  gate?: Promise<unknown>;
  /** Diarize answers: the words of each voiced stretch of the received audio, in order. */
  script?: string[];
  /** Whisper answers: the words of each voiced stretch are those of the line spoken at that time in the generated call. */
  timedScript?: SpokenSegment[];
  /**
   * Deepgram answers: a stretch's words are those of the sentence whose spoken length is nearest to the
   * stretch's, so the same sentence is heard the same in any piece that holds it whole (as a real
   * provider hears the same audio the same), wherever the piece starts.
   */
  sentences?: Array<{ seconds: number; text: string }>;
}

export interface SttRequest {
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  /** The audio bytes the provider got (the multipart file, the raw body, or what it fetched). */
  audio: Buffer | null;
  audioType: string | null;
  /** Multipart fields as sent (the last value of a repeated `name[]`; `file.filename` for the file's name). */
  fields: Record<string, string>;
  /** The request body as the provider's document types it (multipart fields read as formFields does). */
  body?: unknown;
  url: string | null;
  /** Seconds of audio the provider decoded from what it got (OpenAI and Deepgram stand-ins). */
  heardSeconds?: number;
}

export interface SttServer {
  url: string;
  requests: SttRequest[];
  set(behavior: Partial<SttBehavior>): void;
  /** Resolves once a request is being held (holdFirst). */
  held(): Promise<void>;
  close(): Promise<void>;
}

export interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /** A component schema the answer must also match (OpenAI: the shape its response_format names). */
  schema?: string;
}

export interface Handled {
  request: SttRequest;
  answer: Answer;
}

export interface StandInProvider {
  provider: ContractProvider;
  /** The operation every answer is checked against. */
  operationId: string;
  /** The provider's error body for a status, as its document defines it. */
  errorBody(status: number, message: string): unknown;
  /** Whether the request carries the right key (the provider's own authentication header). */
  keyAccepted(headers: http.IncomingHttpHeaders, key: string): boolean;
}

export type Handler = (req: http.IncomingMessage, raw: Buffer, behavior: SttBehavior) => Promise<Handled>;

export async function startSttServer(
  provider: StandInProvider,
  handler: Handler,
  initial: SttBehavior,
): Promise<SttServer> {
  let behavior: SttBehavior = { ...initial };
  const requests: SttRequest[] = [];
  let heldResolve: () => void = () => undefined;
  const heldPromise = new Promise<void>((resolve) => (heldResolve = resolve));
  const contract = await providerContract(provider.provider);

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const send = (answer: Answer): void => {
          recordAnswerProblems(
            `${provider.provider} ${provider.operationId} → ${answer.status}`,
            contract.responseProblems(provider.operationId, answer.status, answer.body),
          );
          if (answer.schema)
            recordAnswerProblems(
              `${provider.provider} ${answer.schema}`,
              contract.schemaProblems(answer.schema, answer.body),
            );
          res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
          res.end(JSON.stringify(answer.body));
        };
        const fail = (status: number, message: string, headers: Record<string, string> = {}): void =>
          send({ status, body: provider.errorBody(status, message), headers });
        const { request, answer } = await handler(req, Buffer.concat(chunks), behavior);
        requests.push(request);
        const n = requests.length;
        if (behavior.apiKey !== undefined && !provider.keyAccepted(req.headers, behavior.apiKey))
          return fail(401, 'Incorrect API key provided');
        if ((behavior.holdFirst && n === 1) || behavior.holdRequest === n) {
          heldResolve();
          return; // never answered
        }
        if (behavior.gate) await behavior.gate;
        if (behavior.rejectStatus) return fail(behavior.rejectStatus, 'rejected by the test provider');
        if (behavior.failTimes && n <= behavior.failTimes) {
          const status = behavior.failStatus ?? 503;
          return fail(
            status,
            status === 429 ? 'Rate limit reached for requests' : 'The server is overloaded',
            behavior.retryAfter ? { 'retry-after': behavior.retryAfter } : {},
          );
        }
        send(answer);
      })().catch((err: unknown) => {
        res.writeHead(500);
        res.end(String(err));
      });
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    set: (b) => void (behavior = { ...behavior, ...b }),
    held: () => heldPromise,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
