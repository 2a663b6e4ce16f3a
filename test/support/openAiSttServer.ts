import { formFields, providerContract } from './providerContracts';
import {
  startSttServer,
  type Answer,
  type SpokenSegment,
  type SttBehavior,
  type SttRequest,
  type SttServer,
  type StandInProvider,
} from './sttStandIn';
import { UndecodableAudioError, voicedStretches, type Stretch } from './voiceActivity';
import { decodePcm, stretchPitch } from './voicePitch';

// OpenAI's `POST /v1/audio/transcriptions` (createTranscription) on 127.0.0.1, held to OpenAI's
// published document: the request is validated against it (an unknown field, a wrong type, a missing
// file is OpenAI's 400), the rules that live only in its fields' descriptions are enforced below, each
// quoting its description, and so are the limits its documentation pages state (25 MB per file, 1400 s
// per request for the gpt-4o transcription models). Every answer is made from the audio received:
// ffmpeg's voiced stretches become segments, worded from the test's script; the diarising model labels
// each stretch by its voice (pitch), per request in order of appearance ("A", "B"…) or by the
// known_speaker_references given.

/** OpenAI's documented upload limit (25 MB, as its API counts it). */
export const OPENAI_MAX_UPLOAD_BYTES = 26_214_400;
/** The gpt-4o transcription models' longest audio per request (contracts README). */
export const GPT4O_MAX_SECONDS = 1400;
const OPENAI_FORMATS = ['flac', 'm4a', 'mp3', 'mp4', 'mpeg', 'mpga', 'oga', 'ogg', 'wav', 'webm'];

type Family = 'whisper' | 'gpt-4o' | 'gpt-transcribe' | 'diarize';

function familyOf(model: string): Family | null {
  if (model === 'whisper-1') return 'whisper';
  if (/^gpt-4o-transcribe-diarize(-\d{4}-\d{2}-\d{2})?$/.test(model)) return 'diarize';
  if (/^gpt-4o(-mini)?-transcribe(-\d{4}-\d{2}-\d{2})?$/.test(model)) return 'gpt-4o';
  if (/^gpt-transcribe(-\d{4}-\d{2}-\d{2})?$/.test(model)) return 'gpt-transcribe';
  return null;
}

const TYPE_BY_STATUS: Record<number, [string, string | null]> = {
  400: ['invalid_request_error', 'invalid_value'],
  401: ['invalid_request_error', 'invalid_api_key'],
  413: ['invalid_request_error', null],
  429: ['requests', 'rate_limit_exceeded'],
};

const openAi: StandInProvider = {
  provider: 'openai',
  operationId: 'createTranscription',
  errorBody: (status, message) => {
    const [type, code] =
      TYPE_BY_STATUS[status] ?? (status >= 500 ? ['server_error', null] : ['invalid_request_error', null]);
    return { error: { message, type, param: null, code } };
  },
  keyAccepted: (headers, key) => headers.authorization === `Bearer ${key}`,
};

const invalid = (message: string, param: string | null): Answer => ({
  status: 400,
  body: { error: { message, type: 'invalid_request_error', param, code: 'invalid_value' } },
});

type Body = Record<string, unknown>;
const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);

/** The rules the document states only in its fields' descriptions. */
function describedRules(body: Body, family: Family): Answer | undefined {
  const model = String(body.model);
  const format = typeof body.response_format === 'string' ? body.response_format : 'json';
  // AudioResponseFormat: "For `gpt-4o-transcribe` and `gpt-4o-mini-transcribe`, the only supported format is `json`."
  if (family === 'gpt-4o' && format !== 'json')
    return invalid(
      `response_format '${format}' is not compatible with model '${model}'. Use 'json' or 'text' instead.`,
      'response_format',
    );
  // "For `gpt-4o-transcribe-diarize`, the supported formats are `json`, `text`, and `diarized_json`, with `diarized_json` required to receive speaker annotations."
  if (family === 'diarize' && !['json', 'text', 'diarized_json'].includes(format))
    return invalid(
      `response_format '${format}' is not compatible with model '${model}'. Use 'json', 'text' or 'diarized_json'.`,
      'response_format',
    );
  if (family !== 'diarize' && format === 'diarized_json')
    return invalid(
      `response_format 'diarized_json' is only available for gpt-4o-transcribe-diarize.`,
      'response_format',
    );
  // timestamp_granularities: "`response_format` must be set `verbose_json` to use timestamp granularities." … "This option is not available for `gpt-4o-transcribe-diarize`."
  if (body.timestamp_granularities !== undefined && (format !== 'verbose_json' || family === 'diarize'))
    return invalid(
      'timestamp_granularities requires response_format verbose_json and is not available for this model.',
      'timestamp_granularities',
    );
  // prompt: "This field is not supported when using `gpt-4o-transcribe-diarize`."
  if (family === 'diarize' && body.prompt !== undefined)
    return invalid(`prompt is not supported with model '${model}'.`, 'prompt');
  // include: "`logprobs` only works with response_format set to `json` and only with the models `gpt-4o-transcribe`, `gpt-4o-mini-transcribe`, and `gpt-4o-mini-transcribe-2025-12-15`. This field is not supported when using `gpt-4o-transcribe-diarize`."
  if (body.include !== undefined && (family !== 'gpt-4o' || format !== 'json'))
    return invalid(`include is not supported with model '${model}' and response_format '${format}'.`, 'include');
  // languages, keywords: "Supported by `gpt-transcribe`."
  for (const field of ['languages', 'keywords'])
    if (body[field] !== undefined && family !== 'gpt-transcribe')
      return invalid(`${field} is only supported by gpt-transcribe.`, field);
  // known_speaker_names: "speaker names that correspond to the audio samples provided in `known_speaker_references[]`"
  if (list(body.known_speaker_names).length !== list(body.known_speaker_references).length)
    return invalid(
      'known_speaker_names and known_speaker_references must have the same length.',
      'known_speaker_names',
    );
  return undefined;
}

const DATA_URL = /^data:(audio\/[\w.+-]+);base64,([A-Za-z0-9+/=]+)$/;

/** known_speaker_references: "audio samples (as data URLs) … Each sample must be between 2 and 10 seconds." */
async function referencePitches(body: Body): Promise<Array<{ name: string; pitch: number }> | Answer> {
  const names = list(body.known_speaker_names);
  const refs = list(body.known_speaker_references);
  const out: Array<{ name: string; pitch: number }> = [];
  for (const [i, ref] of refs.entries()) {
    const m = DATA_URL.exec(ref);
    if (!m) return invalid(`known_speaker_references[${i}] must be a data URL of audio.`, 'known_speaker_references');
    const audio = Buffer.from(m[2], 'base64');
    let heard: Awaited<ReturnType<typeof voicedStretches>>;
    try {
      heard = await voicedStretches(audio);
    } catch {
      return invalid(`known_speaker_references[${i}] is not audio that can be decoded.`, 'known_speaker_references');
    }
    if (heard.duration < 2 || heard.duration > 10)
      return invalid(
        `known_speaker_references[${i}] lasts ${heard.duration} seconds; each sample must be between 2 and 10 seconds.`,
        'known_speaker_references',
      );
    const pitch = stretchPitch(await decodePcm(audio), { start: 0, end: heard.duration });
    if (pitch === null)
      return invalid(`known_speaker_references[${i}] has no voice in it.`, 'known_speaker_references');
    out.push({ name: names[i], pitch });
  }
  return out;
}

/** Speakers by voice: a stretch within 15% of a known or earlier voice's pitch is that voice; a new voice gets the next letter. */
function labelByVoice(pitches: Array<number | null>, known: Array<{ name: string; pitch: number }>): string[] {
  const voices = [...known];
  let letters = 0;
  return pitches.map((pitch) => {
    const near =
      pitch === null ? voices[voices.length - 1] : voices.find((v) => Math.abs(v.pitch - pitch) / v.pitch < 0.15);
    if (near) return near.name;
    const voice = { name: String.fromCharCode(65 + letters++), pitch: pitch ?? 150 };
    voices.push(voice);
    return voice.name;
  });
}

const FILLER = 'so we looked at the routes and the costs and the drivers and what the team needs every week'.split(' ');
/** Words for a stretch no script line covers: about as many as a person says in that time. */
const fillerFor = (s: Stretch): string =>
  Array.from({ length: Math.max(1, Math.round((s.end - s.start) * 2.5)) }, (_, i) => FILLER[i % FILLER.length]).join(
    ' ',
  );

const overlap = (a: { start: number; end: number }, b: { start: number; end: number }): number =>
  Math.min(a.end, b.end) - Math.max(a.start, b.start);

/** The words of each stretch: the script's line in turn, the line spoken at that time, or filler. */
function wordsOf(stretches: Stretch[], behavior: SttBehavior, cycle: boolean): string[] {
  return stretches.map((st, i) => {
    if (behavior.script) return cycle ? behavior.script[i % behavior.script.length] : (behavior.script[i] ?? '');
    if (behavior.timedScript) {
      const line = [...behavior.timedScript].sort((a, b) => overlap(b, st) - overlap(a, st))[0];
      return line && overlap(line, st) > 0 ? line.text : '[inaudible]';
    }
    return fillerFor(st);
  });
}

const tokenUsage = (seconds: number, text: string) => {
  const input = Math.ceil(seconds * 10);
  const output = Math.ceil(text.length / 4);
  return {
    type: 'tokens',
    input_tokens: input,
    input_token_details: { text_tokens: 0, audio_tokens: input },
    output_tokens: output,
    total_tokens: input + output,
  };
};

const verboseSegment = (id: number, start: number, end: number, text: string, speaker?: string | number) => ({
  id,
  seek: 0,
  start,
  end,
  text: ` ${text}`,
  tokens: [],
  temperature: 0,
  avg_logprob: -0.2,
  compression_ratio: 1.2,
  no_speech_prob: 0.01,
  // A local Whisper server that diarises adds the label; OpenAI's whisper-1 never does.
  ...(speaker !== undefined ? { speaker } : {}),
});

async function answer(
  audio: Buffer,
  body: Body,
  family: Family,
  behavior: SttBehavior,
  request: SttRequest,
): Promise<Answer> {
  let heard: Awaited<ReturnType<typeof voicedStretches>>;
  try {
    heard = await voicedStretches(audio);
  } catch (err) {
    if (err instanceof UndecodableAudioError) return invalid('Audio file might be corrupted or unsupported', 'file');
    throw err;
  }
  request.heardSeconds = heard.duration;
  if (family !== 'whisper' && family !== 'gpt-transcribe' && heard.duration > GPT4O_MAX_SECONDS) {
    return invalid(
      `audio duration ${heard.duration} seconds is longer than ${GPT4O_MAX_SECONDS} seconds which is the maximum for this model`,
      null,
    );
  }
  // chunking_strategy: "Required when using `gpt-4o-transcribe-diarize` for inputs longer than 30 seconds."
  if (
    family === 'diarize' &&
    heard.duration > 30 &&
    (body.chunking_strategy === undefined || body.chunking_strategy === null)
  ) {
    return invalid(
      'chunking_strategy is required for audio longer than 30 seconds with this model',
      'chunking_strategy',
    );
  }
  const format = typeof body.response_format === 'string' ? body.response_format : 'json';
  const language = behavior.language ?? 'english';

  if (family === 'diarize') {
    const known = await referencePitches(body);
    if (!Array.isArray(known)) return known;
    const pcm = await decodePcm(audio);
    const labels = labelByVoice(
      heard.stretches.map((s) => stretchPitch(pcm, s)),
      known,
    );
    const words = wordsOf(heard.stretches, behavior, false);
    const segments = heard.stretches
      .map((s, i) => ({
        type: 'transcript.text.segment',
        id: `seg_${i}`,
        start: s.start,
        end: s.end,
        text: words[i],
        speaker: labels[i],
      }))
      .filter((s) => s.text);
    const text = segments.map((s) => s.text).join(' ');
    const usage = { type: 'duration', seconds: Math.ceil(heard.duration) };
    if (format !== 'diarized_json')
      return { status: 200, body: { text, usage }, schema: 'CreateTranscriptionResponseJson' };
    return {
      status: 200,
      body: { task: 'transcribe', duration: heard.duration, text, segments, usage },
      schema: 'CreateTranscriptionResponseDiarizedJson',
    };
  }

  // Without a script the stand-in says back the test's segments as they are.
  const echo = !behavior.script && !behavior.timedScript;
  const words = echo ? [] : wordsOf(heard.stretches, behavior, true);
  const segments = echo
    ? behavior.segments.map((s: SpokenSegment, id) => verboseSegment(id, s.start, s.end, s.text, s.speaker))
    : heard.stretches.map((st, i) => verboseSegment(i, st.start, st.end, words[i]));
  const text = segments.map((s) => s.text.trim()).join(' ');
  if (format === 'verbose_json') {
    const duration = echo ? (behavior.duration ?? Math.max(0, ...behavior.segments.map((s) => s.end))) : heard.duration;
    return {
      status: 200,
      body: {
        task: 'transcribe',
        language,
        duration,
        text,
        segments,
        usage: { type: 'duration', seconds: Math.ceil(heard.duration) },
      },
      schema: 'CreateTranscriptionResponseVerboseJson',
    };
  }
  const languages = family === 'gpt-transcribe' ? { languages: [{ code: list(body.languages)[0] ?? 'en' }] } : {};
  const usage =
    family === 'whisper' ? { type: 'duration', seconds: Math.ceil(heard.duration) } : tokenUsage(heard.duration, text);
  return { status: 200, body: { text, ...languages, usage }, schema: 'CreateTranscriptionResponseJson' };
}

export async function startOpenAiSttServer(initial: SttBehavior): Promise<SttServer> {
  const contract = await providerContract('openai');
  return startSttServer(
    openAi,
    async (req, raw, behavior) => {
      const url = new URL(req.url ?? '/', 'http://stt.test');
      const request: SttRequest = {
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        audio: null,
        audioType: null,
        fields: {},
        url: null,
      };
      if (raw.length > OPENAI_MAX_UPLOAD_BYTES) {
        return {
          request,
          answer: {
            status: 413,
            body: openAi.errorBody(
              413,
              `Maximum content size limit (${OPENAI_MAX_UPLOAD_BYTES}) exceeded (${raw.length} bytes read)`,
            ),
          },
        };
      }
      const form = await new Request('http://stt.test/', {
        method: 'POST',
        headers: { 'content-type': req.headers['content-type'] ?? '' },
        body: raw,
      })
        .formData()
        .catch(() => undefined);
      for (const [name, value] of form?.entries() ?? []) {
        if (typeof value === 'string') request.fields[name] = value;
        else {
          request.audio = Buffer.from(await value.arrayBuffer());
          request.audioType = value.type;
          request.fields[`${name}.filename`] = value.name;
        }
      }
      const body = form ? formFields(contract, 'createTranscription', form) : undefined;
      request.body = body;
      const problems = contract.requestProblems('createTranscription', {
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
      });
      if (problems.length > 0 || !body || !request.audio) {
        return {
          request,
          answer: invalid(
            `Invalid request: ${problems.join('; ') || 'a multipart body with a file is required'}`,
            null,
          ),
        };
      }
      const family = familyOf(String(body.model));
      if (!family)
        return {
          request,
          answer: invalid(`The model '${String(body.model)}' does not exist or you do not have access to it.`, 'model'),
        };
      const extension = /\.([a-z0-9]+)$/i.exec(request.fields['file.filename'] ?? '')?.[1]?.toLowerCase();
      if (!extension || !OPENAI_FORMATS.includes(extension))
        return {
          request,
          answer: invalid(`Invalid file format. Supported formats: ${JSON.stringify(OPENAI_FORMATS)}`, 'file'),
        };
      const refused = describedRules(body, family);
      if (refused) return { request, answer: refused };
      return { request, answer: await answer(request.audio, body, family, behavior, request) };
    },
    initial,
  );
}
