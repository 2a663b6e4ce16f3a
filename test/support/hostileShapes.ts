import { MAX_TRANSCRIPT_TEXT_CHARS } from '../../common/transcriptLimits';
import type { SpokenSegment } from './sttStandIn';

// Issue 49's hostile inputs, built at the largest size the API's schemas allow (or a provider answer could
// carry), as requests for the API and as speech-to-text answers for a stand-in. Sizes are parameters:
// HOSTILE_SCALE (default 1) shrinks them all, so the lead can tune a run without editing the shapes.

export interface HostileSizes {
  /** A WebVTT transcript's characters (schema: maxLength 1,000,000). */
  transcriptChars: number;
  /** One segment's text (schema: maxLength 100,000). */
  segmentChars: number;
  /** A JSON body's bytes (api/app.ts BODY_LIMIT_BYTES). */
  bodyBytes: number;
  /** Segments a provider answers (past 124k, `Math.max(...spread)` overflowed the stack). */
  providerSegments: number;
}

export const SCHEMA_MAXIMUM: HostileSizes = {
  transcriptChars: 1_000_000,
  segmentChars: 100_000,
  bodyBytes: 1024 * 1024,
  providerSegments: 150_000,
};

export function hostileSizes(scale = Number(process.env.HOSTILE_SCALE ?? 1)): HostileSizes {
  const s = (n: number): number => Math.max(16, Math.floor(n * scale));
  return {
    transcriptChars: s(SCHEMA_MAXIMUM.transcriptChars),
    segmentChars: s(SCHEMA_MAXIMUM.segmentChars),
    bodyBytes: s(SCHEMA_MAXIMUM.bodyBytes),
    providerSegments: s(SCHEMA_MAXIMUM.providerSegments),
  };
}

/** `unit` repeated to exactly `chars` characters. */
export const fill = (unit: string, chars: number): string =>
  unit.repeat(Math.ceil(Math.max(0, chars) / unit.length)).slice(0, Math.max(0, chars));

/** Whole repetitions of `unit` in at most `chars` characters (for units a cut would break, such as tags). */
export const units = (unit: string, chars: number): string => unit.repeat(Math.max(0, Math.floor(chars / unit.length)));

/** Headroom for the JSON around a transcript (field names, the other fields, escapes of a few characters). */
const ENVELOPE = 512;

export interface HostileRequest {
  shape: string;
  method: 'POST';
  path: string;
  /** Sent as is (JSON unless the shape is about JSON itself). */
  body: string;
  /** false: sent without an API key (what is refused before authentication). */
  authenticated: boolean;
  /** After the recording ends: read its transcript as text/vtt too (long voice names). */
  readVtt?: boolean;
}

const CUE_TIMES = '00:00:00.000 --> 00:00:10.000';

/** A WebVTT transcript of one cue by `voice` whose text fills what is left of `chars` (UTF-16 units). */
function oneCue(text: (room: number) => string, chars: number, voice = 'Rep', timing = CUE_TIMES): string {
  const head = `WEBVTT\n\n${timing}\n<v ${voice}>`;
  return `${head}${text(chars - head.length - 1)}\n`;
}

function recording(transcript: unknown, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    userUniqueIdentifier: 'hostile-rep',
    userName: 'Hostile Rep',
    storeRecording: false,
    transcript,
    ...extra,
  });
}

const segment = (text: string, speaker = 'Rep'): Record<string, unknown> => ({ speaker, start: 0, end: 10, text });

/** The texts the issue times, `chars` long: each makes some reader of text rescan or copy. */
export function hostileTexts(chars: number): Array<{ name: string; text: string; redactPii?: boolean }> {
  return [
    { name: 'digit list', text: `Hi, the numbers were ${fill('0, ', chars - 21)}`, redactPii: true },
    { name: '"Hi. Hi. …"', text: fill('Hi. ', chars) },
    {
      name: 'ordinary prose',
      text: fill('We looked at the numbers for the quarter and the team would like to start next month. ', chars),
    },
    { name: '"do you do you …"', text: fill('do you ', chars) },
    { name: 'apostrophes', text: fill("'", chars) },
    { name: 'question marks', text: fill('?', chars) },
    { name: '"a dot a dot …"', text: fill('a dot ', chars), redactPii: true },
    { name: 'letters and dots without @', text: fill('ab.', chars), redactPii: true },
    { name: '"[SSN]" repeated', text: fill('[SSN] ', chars), redactPii: true },
  ];
}

/** Every hostile request of issue 49 for the API, at `sizes`. */
export function hostileRequests(sizes: HostileSizes): HostileRequest[] {
  const post = (shape: string, path: string, body: string, more: Partial<HostileRequest> = {}): HostileRequest => ({
    shape,
    method: 'POST',
    path,
    body,
    authenticated: true,
    ...more,
  });
  // Text in a JSON string of ASCII: one byte a character; the transcript also fits the body limit.
  const cueChars = Math.min(sizes.transcriptChars, sizes.bodyBytes - ENVELOPE);
  const out: HostileRequest[] = [];
  for (const t of hostileTexts(cueChars)) {
    out.push(
      post(
        `${t.name}, one WebVTT cue`,
        '/api/recording',
        recording(
          oneCue((room) => t.text.slice(0, room), cueChars),
          t.redactPii ? { redactPii: true } : {},
        ),
      ),
    );
  }
  for (const t of hostileTexts(sizes.segmentChars)) {
    if (!['digit list', '"Hi. Hi. …"', 'ordinary prose'].includes(t.name)) continue;
    out.push(
      post(
        `${t.name}, one segment`,
        '/api/recording',
        recording([segment(t.text)], t.redactPii ? { redactPii: true } : {}),
      ),
    );
  }
  // The same texts as many cues and segments, each within the line limit, filling the body: nothing refuses
  // them, so their whole cost is paid (with `redactPii`, on the API's redaction thread, api/commands/transcriptThread.ts).
  const line = Math.min(MAX_TRANSCRIPT_TEXT_CHARS, cueChars) - 100;
  const lines = Math.max(1, Math.floor(cueChars / (line + 60)));
  for (const t of hostileTexts(line)) {
    if (!t.redactPii && !['"Hi. Hi. …"', 'ordinary prose'].includes(t.name)) continue;
    const cues = Array.from({ length: lines }, () => `${CUE_TIMES}\n<v Rep>${t.text}\n`).join('\n');
    out.push(
      post(
        `${t.name}, ${lines} WebVTT cues at the line limit`,
        '/api/recording',
        recording(`WEBVTT\n\n${cues}`, t.redactPii ? { redactPii: true } : {}),
      ),
    );
    out.push(
      post(
        `${t.name}, ${lines} segments at the text limit`,
        '/api/recording',
        recording(
          Array.from({ length: lines }, () => segment(t.text)),
          t.redactPii ? { redactPii: true } : {},
        ),
      ),
    );
  }
  // Tags nested in one cue: every <v> walked its parents' chain.
  out.push(
    post(
      'nested tags, one cue',
      '/api/recording',
      recording(oneCue((room) => `${units('<v a><c>', room - 5)}Hello`, cueChars)),
    ),
  );
  // One timing line of many settings, each named differently (parseSettings looked each name up in a list of
  // those seen: quadratic in them).
  const settings: string[] = [];
  for (let chars = 0, i = 0; chars < cueChars - 64; i += 1) {
    settings.push(`s${i.toString(36)}:1`);
    chars += settings[i].length + 1;
  }
  out.push(
    post(
      'many settings on one timing line',
      '/api/recording',
      recording(`WEBVTT\n\n${CUE_TIMES} ${settings.join(' ')}\n<v Rep>Hello there\n`),
    ),
  );
  // Voice names: stored as sent, escaped for every text/vtt read; built into the analysis's name patterns.
  const nbspChars = Math.floor((sizes.bodyBytes - ENVELOPE) / 2); // two UTF-8 bytes each
  out.push(
    post(
      'voice of non-breaking spaces, then read as text/vtt',
      '/api/recording',
      recording(
        `WEBVTT\n\n${CUE_TIMES}\n<v ${fill('\u00a0', Math.min(nbspChars, sizes.transcriptChars - 64))}x>Hello there\n`,
      ),
      { readVtt: true },
    ),
  );
  out.push(
    post(
      'voice of "((("',
      '/api/recording',
      recording(oneCue(() => 'Hello there, how are you?', cueChars, `${fill('(', cueChars - 80)}x`)),
    ),
  );
  out.push(
    post(
      'voice of many words',
      '/api/recording',
      recording(oneCue(() => 'Hello there, how are you?', cueChars, `${fill('word ', cueChars - 80)}x`)),
    ),
  );
  // Arrays of empty objects: every item fails every branch (validation's error folding, and its answer).
  const emptyObjects = (bytes: number): string => `[${units('{},', bytes - 2).slice(0, -1)}]`;
  out.push(
    post(
      '[{},…] transcript',
      '/api/recording',
      `{"userUniqueIdentifier":"hostile-rep","userName":"Hostile Rep","storeRecording":false,"transcript":${emptyObjects(sizes.bodyBytes - ENVELOPE)}}`,
    ),
  );
  out.push(
    post(
      "[{},…] a script's segments",
      '/api/memorization/script',
      `{"title":"Hostile","passingScore":80,"numLevels":3,"userInstructions":"x","segments":${emptyObjects(sizes.bodyBytes - ENVELOPE)}}`,
    ),
  );
  // Deeply nested JSON, with and without a key (the body is read before authentication).
  const depth = Math.floor((sizes.bodyBytes - 16) / 2);
  const deep = `${'['.repeat(depth)}${']'.repeat(depth)}`;
  out.push(post('deep JSON, no API key', '/api/recording', deep, { authenticated: false }));
  out.push(post('deep JSON', '/api/recording', deep));
  return out;
}

export interface HostileAnswer {
  shape: string;
  segments: SpokenSegment[];
  redactPii?: boolean;
}

/** Speech-to-text answers built the same way: one segment of each hostile text, and very many tiny segments. */
export function hostileAnswers(sizes: HostileSizes): HostileAnswer[] {
  const out: HostileAnswer[] = hostileTexts(sizes.transcriptChars).map((t) => ({
    shape: `${t.name}, one provider segment`,
    segments: [{ start: 0, end: 10, text: t.text, speaker: 'A' }],
    redactPii: t.redactPii,
  }));
  out.push({
    shape: 'many tiny provider segments',
    segments: Array.from({ length: sizes.providerSegments }, (_, i) => ({
      start: i * 0.001,
      end: i * 0.001 + 0.001,
      text: 'Hi.',
      speaker: i % 2 === 0 ? 'A' : 'B',
    })),
  });
  return out;
}
