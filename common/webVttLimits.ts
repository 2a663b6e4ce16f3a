import {
  MAX_CUE_TAG_DEPTH,
  MAX_SPEAKER_CHARS,
  MAX_TIMING_SETTINGS,
  MAX_TRANSCRIPT_TEXT_CHARS,
} from './transcriptLimits';

// What a WebVTT transcript may not have before the W3C's parser (webvtt-parser) reads it: the parser walks
// every open tag for each `<v>` (quadratic in the nesting), recurses over a cue's tree (a RangeError deep
// down), and checks each setting of a timing line against all before it (quadratic in their number). One
// pass over the text here, linear in it, finds the first line past a limit of common/transcriptLimits.ts.
// It follows the parser's own reading (lines split at CR, LF or CRLF; a cue's text runs from its timing
// line to a blank line or the next line with `-->`; tags as its cue-text tokenizer sees them), erring, if
// anywhere, towards counting more than the parser would build.

export interface WebVttLimitProblem {
  /** 1-based, as the parser numbers lines. */
  line: number;
  message: string;
}

/** The tags the parser nests (`rt` only inside `ruby`); any other start tag is dropped. */
const NESTING_TAGS = new Set(['c', 'i', 'b', 'u', 'ruby', 'v', 'lang']);
/** Longer than any nesting tag: a name is kept only this far, so a huge tag name costs nothing. */
const NAME_KEPT = 5;

const TAB = 0x09;
const LF = 0x0a;
const FF = 0x0c;
const CR = 0x0d;
const SPACE = 0x20;
const isTagSpace = (c: number): boolean => c === TAB || c === LF || c === FF || c === SPACE;
const isSettingSpace = (c: number): boolean => c === TAB || c === FF || c === SPACE;

type TagState = 'data' | 'tag' | 'start' | 'class' | 'annotation' | 'end' | 'timestamp';

/** The tags of one cue's text, fed a character at a time: how deep they nest, and each voice's length. */
class CueTags {
  private state: TagState = 'data';
  private name = '';
  private voiceChars = 0;
  private pendingSpace = false;
  private readonly open: string[] = [];
  problem: string | null = null;

  feed(c: number): void {
    switch (this.state) {
      case 'data':
        if (c === 0x3c) this.state = 'tag'; // `<` always starts a tag in cue text
        return;
      case 'tag':
        this.name = '';
        this.voiceChars = 0;
        this.pendingSpace = false;
        if (isTagSpace(c)) this.state = 'annotation';
        else if (c === 0x2e) this.state = 'class';
        else if (c === 0x2f) this.state = 'end';
        else if (c >= 0x30 && c <= 0x39) this.state = 'timestamp';
        else if (c === 0x3e) this.startTag();
        else {
          this.name = String.fromCharCode(c);
          this.state = 'start';
        }
        return;
      case 'start':
        if (isTagSpace(c)) this.state = 'annotation';
        else if (c === 0x2e) this.state = 'class';
        else if (c === 0x3e) this.startTag();
        else this.keepName(c);
        return;
      case 'class':
        if (isTagSpace(c)) this.state = 'annotation';
        else if (c === 0x3e) this.startTag();
        return;
      case 'annotation':
        if (c === 0x3e) this.startTag();
        else if (isTagSpace(c)) this.pendingSpace = this.voiceChars > 0;
        else {
          // The parser joins the annotation's words with one space: count it so.
          this.voiceChars += this.pendingSpace ? 2 : 1;
          this.pendingSpace = false;
        }
        return;
      case 'end':
        if (c === 0x3e) this.endTag();
        else this.keepName(c);
        return;
      case 'timestamp':
        if (c === 0x3e) this.state = 'data';
        return;
    }
  }

  /** The cue's text ended: a tag still open there is one the parser takes as written so far. */
  finish(): void {
    if (this.state === 'start' || this.state === 'class' || this.state === 'annotation') this.startTag();
    else if (this.state === 'end') this.endTag();
  }

  private keepName(c: number): void {
    if (this.name.length <= NAME_KEPT) this.name += String.fromCharCode(c);
  }

  private startTag(): void {
    this.state = 'data';
    const top = this.open[this.open.length - 1];
    if (NESTING_TAGS.has(this.name) || (this.name === 'rt' && top === 'ruby')) this.open.push(this.name);
    if (this.name === 'v' && this.voiceChars > MAX_SPEAKER_CHARS)
      this.problem ??= `a voice name is longer than ${MAX_SPEAKER_CHARS} characters, the most a speaker's name may have`;
    if (this.open.length > MAX_CUE_TAG_DEPTH)
      this.problem ??= `the cue's tags nest more than ${MAX_CUE_TAG_DEPTH} deep, the most allowed`;
  }

  private endTag(): void {
    this.state = 'data';
    const top = this.open[this.open.length - 1];
    if (top === this.name) this.open.pop();
    else if (this.name === 'ruby' && top === 'rt') this.open.length -= 2;
  }
}

/** Whitespace-separated words of text[from, to), counted up to `stop`. */
function wordsIn(text: string, from: number, to: number, stop: number): number {
  let words = 0;
  let inWord = false;
  for (let i = from; i < to && words <= stop; i++) {
    const space = isSettingSpace(text.charCodeAt(i));
    if (!space && !inWord) words++;
    inWord = !space;
  }
  return words;
}

/** The first line of the WebVTT text past a limit of common/transcriptLimits.ts, or null: one pass, linear. */
export function webVttLimitProblem(text: string): WebVttLimitProblem | null {
  let line = 0;
  let start = 0;
  let arrow = text.indexOf('-->');
  let cue: CueTags | null = null;
  let cueChars = 0;
  let cueLine = 0;
  while (start <= text.length) {
    line++;
    let end = start;
    while (end < text.length && text.charCodeAt(end) !== LF && text.charCodeAt(end) !== CR) end++;
    const length = end - start;
    if (length > MAX_TRANSCRIPT_TEXT_CHARS)
      return {
        line,
        message: `the line is ${length} characters long; at most ${MAX_TRANSCRIPT_TEXT_CHARS} are allowed`,
      };
    // The next `-->` is found once and kept while it lies ahead: one indexOf per line would be quadratic.
    if (arrow !== -1 && arrow < start) arrow = text.indexOf('-->', start);
    const timing = arrow !== -1 && arrow + 3 <= end;
    if (cue && (length === 0 || timing)) {
      cue.finish();
      if (cue.problem) return { line: cueLine, message: cue.problem };
      cue = null;
    }
    if (timing) {
      // After `-->`: the end time, then the settings.
      const settings = wordsIn(text, arrow + 3, end, MAX_TIMING_SETTINGS + 1) - 1;
      if (settings > MAX_TIMING_SETTINGS)
        return {
          line,
          message: `the timing line has more than ${MAX_TIMING_SETTINGS} settings, the most allowed`,
        };
      cue = new CueTags();
      cueChars = -1;
      cueLine = line + 1;
    } else if (cue && length > 0) {
      cueChars += length + 1; // the parser joins a cue's lines with a line feed
      if (cueChars > MAX_TRANSCRIPT_TEXT_CHARS)
        return {
          line: cueLine,
          message: `the cue's text is longer than ${MAX_TRANSCRIPT_TEXT_CHARS} characters, the most a cue may have`,
        };
      if (cueChars > length) cue.feed(LF);
      for (let i = start; i < end; i++) {
        cue.feed(text.charCodeAt(i));
        if (cue.problem) return { line, message: cue.problem };
      }
    }
    start = end + (text.charCodeAt(end) === CR && text.charCodeAt(end + 1) === LF ? 2 : 1);
  }
  if (cue) {
    cue.finish();
    if (cue.problem) return { line: cueLine, message: cue.problem };
  }
  return null;
}
