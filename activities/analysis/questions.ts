import type { AnalysisLanguage } from '../../common/recordingAnalysis';
import { QUESTION_CLAUSES, QUESTION_CUES, type QuestionCues } from './questionCues';
import { sentencesOf } from './sentences';

// Questions, sentence by sentence. Sentences come from the Unicode sentence segmenter built into
// Node (sentences.ts), run on each line of the transcript so a cue boundary is always a sentence
// boundary. A sentence is a question when it ends with a question mark ("??" and "?!" count once;
// Spanish "¿…?" once), or when it has no terminal punctuation and opens like a question in the
// call's language (see questionCues.ts).

export interface Sentence {
  text: string;
  /** Start of the transcript line the sentence is in. */
  startMs: number;
}

export { sentenceSpans, sentencesOf } from './sentences';

/** Words after a question's start within which another question shape is part of the same question. */
const QUESTION_SPAN = 5;

const CLOSERS = new Set(['"', "'", '”', '’', '»', ')', ']']);
const QUESTION_MARKS = new Set(['?', '？']);
const AFTER_QUESTION_MARK = new Set(['?', '？', '!', '.', '…']);
const TERMINAL = new Set(['.', '!', '?', '？', '…', '。']);

// These read the end of a sentence backwards, once: an anchored pattern such as /["')]+$/ is tried
// from every position of a run of quotes, quadratic in a sentence of 100 KB of "'".

/** Where the sentence ends once closing quotes and brackets are set aside. */
function endBeforeClosers(s: string): number {
  let end = s.length;
  while (end > 0 && CLOSERS.has(s[end - 1])) end -= 1;
  return end;
}

/** Ends with a question mark, possibly followed by more marks ("??", "?!", "?..."), before any closers. */
function endsWithQuestionMark(s: string): boolean {
  for (let i = endBeforeClosers(s) - 1; i >= 0 && AFTER_QUESTION_MARK.has(s[i]); i -= 1) {
    if (QUESTION_MARKS.has(s[i])) return true;
  }
  return false;
}

const hasTerminalPunctuation = (s: string): boolean => {
  const end = endBeforeClosers(s);
  return end > 0 && TERMINAL.has(s[end - 1]);
};

const TOKEN = /¿|[\p{L}\p{N}]+(?:['-][\p{L}\p{N}]+)*'?/gu;
const tokens = (s: string): string[] => s.toLowerCase().replace(/’/g, "'").match(TOKEN) ?? [];
/** Where each of the words of `tokens` starts in a text already lower case. */
function tokenStarts(lower: string): number[] {
  return Array.from(lower.matchAll(TOKEN), (m) => m.index ?? 0);
}
const startsWithPhrase = (words: string[], phrase: string): boolean => {
  const parts = phrase === '¿' ? ['¿'] : tokens(phrase);
  return parts.length > 0 && parts.every((p, i) => words[i] === p);
};

/** How many words of lead-in ("so", "and then", "bueno") come before the sentence proper. */
function leadInLength(words: string[], cues: QuestionCues): number {
  let i = 0;
  while (i < words.length - 1 && i < 3 && cues.leadIns.includes(words[i])) i += 1;
  return i;
}

/** Whether words (the sentence proper) open like a question. */
export function opensQuestion(words: string[], cues: QuestionCues): boolean {
  if (words.length === 0) return false;
  if (cues.openers.some((o) => startsWithPhrase(words, o))) return true;
  const interrogative = cues.interrogatives.find((w) => startsWithPhrase(words, w));
  if (interrogative) {
    const next = words[tokens(interrogative).length];
    return next === undefined || !cues.statementSubjects.includes(next);
  }
  if (cues.auxiliaries.includes(words[0]) && words[1] !== undefined && cues.subjects.includes(words[1])) return true;
  return cues.inversion?.test(words[0]) ?? false;
}

/** Questions in one sentence: 0 or 1, more only when an unpunctuated sentence runs several together. */
export function questionsInSentence(sentence: string, language: AnalysisLanguage): number {
  if (endsWithQuestionMark(sentence)) return 1;
  if (hasTerminalPunctuation(sentence)) return sentence.trim().startsWith('¿') ? 1 : 0;
  const cues = QUESTION_CUES[language];
  const words = tokens(sentence);
  const lead = leadInLength(words, cues);
  const atStart = opensQuestion(words.slice(lead), cues) ? 1 : 0;
  const clause = QUESTION_CLAUSES[language];
  const tail = cues.tails
    .map(tokens)
    .find((t) => t.length < words.length - lead && t.every((w, i) => words[words.length - t.length + i] === w));
  const tailAt = tail ? words.length - tail.length : null;
  if (!clause) return atStart + (tailAt !== null && (!atStart || tailAt - lead > QUESTION_SPAN) ? 1 : 0);
  // A clause right after a question start belongs to it ("how many trucks do you run" is one
  // question): a new one counts only more than QUESTION_SPAN words after the last.
  const lower = sentence.toLowerCase().replace(/’/g, "'");
  // A clause's position in words: the words that start before it, counted along with the clauses
  // (both come in order), never by re-reading the sentence up to each clause.
  const wordStarts = tokenStarts(lower);
  let before = 0;
  let count = atStart;
  let last = atStart ? lead : -Infinity;
  for (const match of lower.matchAll(clause)) {
    const index = match.index ?? 0;
    while (before < wordStarts.length && wordStarts[before] < index) before += 1;
    const at = before;
    if (at - last <= QUESTION_SPAN) continue;
    count += 1;
    last = at;
  }
  // A listener check at the end ("…next week does that work for you") asks, unless it closes the question just counted.
  if (tailAt !== null && tailAt - last > QUESTION_SPAN) count += 1;
  return count;
}

/** The sentences of these lines that are questions, in order, each with its line's start. */
export function questionsIn(lines: Array<{ text: string; startMs: number }>, language: AnalysisLanguage): Sentence[] {
  const found: Sentence[] = [];
  for (const line of lines) {
    for (const sentence of sentencesOf(line.text, language)) {
      const n = questionsInSentence(sentence, language);
      for (let i = 0; i < n; i += 1) found.push({ text: sentence, startMs: line.startMs });
    }
  }
  return found;
}

export function countQuestions(text: string, language: AnalysisLanguage = 'en'): number {
  return text
    .split('\n')
    .reduce((n, line) => n + sentencesOf(line, language).reduce((m, s) => m + questionsInSentence(s, language), 0), 0);
}
