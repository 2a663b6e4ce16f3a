import type { AnalysisLanguage, CustomerNameSource, SpeakerAttribution } from '../../common/recordingAnalysis';
import { conversationMeasures, type ConversationMeasures } from './conversation';
import { findCustomerName } from './customerName';
import { FILLER_WORDS } from './language';
import { nameMatcher } from './nameMatch';
import { questionsIn, type Sentence } from './questions';
import { sentenceSpans, type Span } from './sentences';
import type { Turn } from './turns';

// Countable facts about a conversation: pace, fillers, questions and name use on the rep's own words,
// and, when the speakers are told apart, the conversation measures (talk ratio, interactivity, ...).
// Each count keeps the sentences it found, the evidence scorecard items quote.

export interface Measures {
  language: AnalysisLanguage;
  lengthMs: number;
  repWords: number;
  totalWords: number;
  wpm: number;
  speakerAttribution: SpeakerAttribution;
  /** Null when speakerAttribution is none: one unlabelled voice says nothing about who talked. */
  conversation: ConversationMeasures | null;
  numQuestions: number;
  /** The rep's questions (a sentence holding two unpunctuated questions is listed twice). */
  questions: Sentence[];
  fillerWords: Array<{ word: string; count: number }>;
  numFillerWords: number;
  /** The rep's sentences with a filler word. */
  fillerSentences: Sentence[];
  customerName: string | null;
  customerNameSource: CustomerNameSource | null;
  nameCount: number;
  /** The rep's sentences that say the customer's name. */
  nameSentences: Sentence[];
}

const round = (value: number, digits: number): number => Math.round(value * 10 ** digits) / 10 ** digits;
const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu) ?? [];
}

/** Occurrences of `phrase` as whole words (Unicode-aware, case-insensitive). */
function phrasePattern(phrases: string[]): RegExp {
  // Longest first, so "tipo assim" is one filler rather than "tipo" plus a word.
  const alternatives = [...phrases].sort((a, b) => b.length - a.length).map((p) => escape(p).replace(/\s+/g, '\\s+'));
  return new RegExp(`(?<![\\p{L}\\p{N}'])(${alternatives.join('|')})(?![\\p{L}\\p{N}'])`, 'giu');
}

export function countFillers(text: string, language: AnalysisLanguage): Array<{ word: string; count: number }> {
  const counts = new Map<string, number>();
  for (const match of text.replace(/’/g, "'").matchAll(phrasePattern(FILLER_WORDS[language]))) {
    const word = match[1].toLowerCase().replace(/\s+/g, ' ');
    counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return [...counts.entries()]
    .map(([word, count]) => ({ word, count }))
    .sort((a, b) => b.count - a.count || a.word.localeCompare(b.word));
}

export { countQuestions } from './questions';

/** Times `text` says the customer's name (nameMatch.ts). */
export function countName(text: string, customerName: string | null, language: AnalysisLanguage = 'en'): number {
  return nameMatcher(customerName, language)?.(text).length ?? 0;
}

/** Where `pattern` (a pattern of this module's own word lists, never the caller's text) matches in `text`. */
const matchesOf =
  (pattern: RegExp) =>
  (text: string): Span[] =>
    Array.from(text.matchAll(pattern), (m) => ({ start: m.index ?? 0, end: (m.index ?? 0) + m[0].length }));

/**
 * The sentences of these turns where `find` finds something, each once, with its line's start. A
 * match that runs over a sentence break ("Mr. | Lee") quotes both sentences. Matches and sentences
 * both come in order, so one pass over each finds a match's sentences.
 */
function sentencesWith(turns: Turn[], language: AnalysisLanguage, find: ((text: string) => Span[]) | null): Sentence[] {
  if (!find) return [];
  const found: Sentence[] = [];
  for (const turn of turns) {
    for (const line of turn.lines) {
      const matches = find(line.text.replace(/’/g, "'"));
      if (matches.length === 0) continue;
      const spans = sentenceSpans(line.text, language);
      let last = -1;
      let first = 0;
      let final = 0;
      for (const { start, end } of matches) {
        while (first < spans.length && spans[first].end <= start) first += 1;
        while (final < spans.length && spans[final].end < end) final += 1;
        if (first === spans.length || final === spans.length || final <= last) continue;
        const from = Math.max(first, last + 1);
        found.push({ text: line.text.slice(spans[from].start, spans[final].end).trim(), startMs: line.startMs });
        last = final;
      }
    }
  }
  return found;
}

export function measure(
  turns: Turn[],
  durationMs: number,
  language: AnalysisLanguage,
  personaName: string | null,
  speakerAttribution: SpeakerAttribution,
): Measures {
  const twoSided = speakerAttribution !== 'none';
  const repTurns = turns.filter((t) => t.isUser);
  const repText = repTurns.map((t) => t.text).join('\n');
  const repWords = words(repText).length;
  const totalWords = turns.reduce((n, t) => n + words(t.text).length, 0);
  // A loop, not Math.max(...spread): a call of 124k turns would overflow the arguments.
  const lengthMs = turns.reduce((ms, t) => Math.max(ms, t.endMs), Math.max(durationMs, 0));
  // Pace over the rep's own speaking time; without timings, over the whole recording.
  const speakingMs = repTurns.reduce((ms, t) => ms + t.speakingMs, 0) || lengthMs;
  const fillerWords = countFillers(repText, language);
  const customer = findCustomerName(turns, personaName, language, twoSided);
  const customerName = customer?.name ?? null;
  const questions = questionsIn(
    repTurns.flatMap((t) => t.lines),
    language,
  );
  return {
    language,
    lengthMs,
    repWords,
    totalWords,
    wpm: speakingMs > 0 ? round(repWords / (speakingMs / 60_000), 1) : 0,
    speakerAttribution,
    conversation: twoSided ? conversationMeasures(turns, lengthMs, language) : null,
    numQuestions: questions.length,
    questions,
    fillerWords,
    numFillerWords: fillerWords.reduce((n, f) => n + f.count, 0),
    fillerSentences: sentencesWith(repTurns, language, matchesOf(phrasePattern(FILLER_WORDS[language]))),
    customerName,
    customerNameSource: customer?.source ?? null,
    nameCount: countName(repText, customerName, language),
    nameSentences: sentencesWith(repTurns, language, nameMatcher(customerName, language)),
  };
}
