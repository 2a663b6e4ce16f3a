import { createHash, randomUUID } from 'node:crypto';
import { providerContract } from './providerContracts';
import { startSttServer, type SttBehavior, type SttRequest, type SttServer, type StandInProvider } from './sttStandIn';
import { UndecodableAudioError, voicedStretches } from './voiceActivity';
import { decodePcm, stretchPitch } from './voicePitch';

// Deepgram's pre-recorded `POST /v1/listen` (operation `transcribe`) on 127.0.0.1, held to Deepgram's
// published document: query parameters and the `{"url"}` body are validated against it, the key is
// the `Authorization: Token <key>` its security scheme describes, errors are its ErrorResponse
// ({err_code, err_msg, request_id}), and the answer is a ListenV1Response. The raw-bytes body is the
// one thing the document does not list (it declares only the JSON `{url}` form); Deepgram's
// pre-recorded documentation takes the audio bytes with their media type, so those are accepted.
// It answers with the test's segments as they are, or, given a script (or sentences), from the audio
// it got: each voiced stretch an utterance worded from the script (or the sentence of its length), its speaker number given by its voice
// (0, 1… in order of appearance), as Deepgram's diarization does.

/** Deepgram's documented largest file for pre-recorded audio (contracts README: 2 GB). */
export const DEEPGRAM_MAX_BYTES = 2 * 1000 ** 3;

const deepgram: StandInProvider = {
  provider: 'deepgram',
  operationId: 'transcribe',
  errorBody: (status, message) => ({
    err_code:
      status === 401
        ? 'INVALID_AUTH'
        : status === 413
          ? 'PAYLOAD_TOO_LARGE'
          : status === 429
            ? 'TOO_MANY_REQUESTS'
            : status >= 500
              ? 'INTERNAL_SERVER_ERROR'
              : 'Bad Request',
    err_msg: message,
    request_id: randomUUID(),
  }),
  keyAccepted: (headers, key) => headers.authorization === `Token ${key}`,
};

const fail = (status: number, message: string) => ({ status, body: deepgram.errorBody(status, message) });

export async function startDeepgramServer(initial: SttBehavior): Promise<SttServer> {
  const contract = await providerContract('deepgram');
  return startSttServer(
    deepgram,
    async (req, raw, behavior) => {
      const url = new URL(req.url ?? '/', 'http://stt.test');
      const type = String(req.headers['content-type'] ?? '');
      const json = type.startsWith('application/json');
      const request: SttRequest = {
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        audio: null,
        audioType: null,
        fields: {},
        url: null,
      };
      let body: unknown;
      if (json) {
        try {
          body = JSON.parse(raw.toString('utf8'));
        } catch {
          return { request, answer: fail(400, 'Bad Request: the JSON body cannot be parsed') };
        }
      }
      request.body = body;
      const problems = contract.requestProblems(
        'transcribe',
        { method: req.method ?? '', path: url.pathname, query: url.searchParams, headers: req.headers, body },
        { bodyOutsideDocument: !json },
      );
      if (problems.length > 0) return { request, answer: fail(400, `Bad Request: ${problems.join('; ')}`) };
      if (json) {
        request.url = (body as { url: string }).url;
        const fetched = await fetch(request.url).catch(() => undefined);
        if (!fetched?.ok) return { request, answer: fail(400, 'Bad Request: could not fetch the URL') };
        request.audio = Buffer.from(await fetched.arrayBuffer());
        request.audioType = fetched.headers.get('content-type');
      } else {
        request.audio = raw;
        request.audioType = type;
      }
      if (request.audio.length > DEEPGRAM_MAX_BYTES)
        return { request, answer: fail(413, 'Payload too large: the maximum is 2 GB') };
      let heard: Awaited<ReturnType<typeof voicedStretches>>;
      try {
        heard = await voicedStretches(request.audio);
      } catch (err) {
        if (!(err instanceof UndecodableAudioError)) throw err;
        return { request, answer: fail(400, 'Bad Request: failed to process audio: corrupt or unsupported data') };
      }
      request.heardSeconds = heard.duration;
      let utterances: Array<{
        start: number;
        end: number;
        transcript: string;
        speaker: number;
        words?: Array<{ word: string; punctuated_word: string; start: number; end: number; confidence: number }>;
      }>;
      const sentences = behavior.sentences;
      const wordsOf = (s: { start: number; end: number }, i: number): string =>
        sentences
          ? [...sentences].sort(
              (a, b) => Math.abs(a.seconds - (s.end - s.start)) - Math.abs(b.seconds - (s.end - s.start)),
            )[0].text
          : (behavior.script?.[i] ?? '');
      if (behavior.script || sentences) {
        const pcm = await decodePcm(request.audio);
        const voices: number[] = [];
        utterances = heard.stretches.map((s, i) => {
          const pitch = stretchPitch(pcm, s) ?? voices[voices.length - 1] ?? 150;
          let speaker = voices.findIndex((v) => Math.abs(v - pitch) / v < 0.15);
          if (speaker < 0) speaker = voices.push(pitch) - 1;
          return { start: s.start, end: s.end, transcript: wordsOf(s, i), speaker };
        });
        utterances = utterances.filter((u) => u.transcript);
      } else {
        utterances = behavior.segments.map((s) => ({
          start: s.start,
          end: s.end,
          transcript: s.text,
          speaker: Number(s.speaker ?? 0),
          ...(s.words
            ? {
                words: s.words.map((w) => ({
                  word: w.text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, ''),
                  punctuated_word: w.text,
                  start: w.start,
                  end: w.end,
                  confidence: 0.9,
                })),
              }
            : {}),
        }));
      }
      const duration =
        behavior.script || sentences
          ? heard.duration
          : (behavior.duration ?? Math.max(0, ...behavior.segments.map((s) => s.end)));
      const metadata = {
        request_id: randomUUID(),
        sha256: createHash('sha256').update(request.audio).digest('hex'),
        created: new Date().toISOString(),
        duration,
        channels: 1,
        models: [randomUUID()],
        model_info: {},
      };
      const transcript = utterances.map((u) => u.transcript).join(' ');
      const detected =
        url.searchParams.get('detect_language') === 'true' ? { detected_language: behavior.language ?? 'en' } : {};
      return {
        request,
        answer: {
          status: 200,
          body: {
            metadata,
            results: {
              channels: [{ alternatives: [{ transcript, confidence: 0.9 }], ...detected }],
              utterances: utterances.map((u) => ({ ...u, channel: 0, confidence: 0.9, id: randomUUID() })),
            },
          },
          schema: 'ListenV1Response',
        },
      };
    },
    initial,
  );
}
