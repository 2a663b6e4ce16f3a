// The limits of a submitted transcript that its size alone does not bound: what the WebVTT parser, the
// API's checks and the worker's analysis would otherwise pay for super-linearly. One place, for the API's
// schemas and checks (common/webVttLimits.ts), the OpenAPI document and the analysis (activities/analysis)
// alike; docs/api.md, "Request limits", says why each is what it is.

/**
 * The longest text of one cue or segment, and of any line of a WebVTT transcript: what the analysis reads
 * as one utterance (sentences, questions, quotes). 20,000 characters is some 3,000 words, a quarter of an
 * hour of one person talking without a break; speech-to-text never makes one that long, and a longer one
 * is what made the analysis run out of memory (issue 49).
 */
export const MAX_TRANSCRIPT_TEXT_CHARS = 20_000;

/**
 * How deep the tags of one WebVTT cue (`<v>`, `<c>`, `<i>`, `<b>`, `<u>`, `<ruby>`, `<rt>`, `<lang>`) may
 * nest. The parser walks the open tags for every `<v>` (quadratic in the nesting) and recurses over the
 * tree (a RangeError past some thousands); real captions nest two or three.
 */
export const MAX_CUE_TAG_DEPTH = 32;

/**
 * How many settings one WebVTT timing line may carry. WebVTT has five kinds (vertical, line, position, size,
 * align), each at most once; the parser checks each against all before it (quadratic in their number).
 */
export const MAX_TIMING_SETTINGS = 16;

/** The longest speaker name: a `<v>` voice of a WebVTT cue or a segment's `speaker`, as every name column keeps. */
export const MAX_SPEAKER_CHARS = 255;
