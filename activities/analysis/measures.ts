import type { AnalysisLanguage, SpeakerAttribution } from '../../common/recordingAnalysis';
import { conversationMeasures, type ConversationMeasures } from './conversation';
import { countQuestions } from './questions';
import { FILLER_WORDS, SELF_INTRODUCTIONS } from './language';
import type { Turn } from './turns';

// Countable facts about a conversation: pace, fillers, questions and name use on the rep's own words,
// and, when the speakers are told apart, the conversation measures (talk ratio, interactivity, ...).

export interface Measures {
  lengthMs: number;
  repWords: number;
  totalWords: number;
  wpm: number;
  speakerAttribution: SpeakerAttribution;
  /** Null when speakerAttribution is none: one unlabelled voice says nothing about who talked. */
  conversation: ConversationMeasures | null;
  numQuestions: number;
  fillerWords: Array<{ word: string; count: number }>;
  numFillerWords: number;
  customerName: string | null;
  nameCount: number;
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
  return [...counts.entries()].map(([word, count]) => ({ word, count })).sort((a, b) => b.count - a.count || a.word.localeCompare(b.word));
}

export { countQuestions } from './questions';

/** The name a customer introduces themselves with, first match in conversation order. */
export function introducedName(customerTurns: Turn[], language: AnalysisLanguage): string | null {
  for (const turn of customerTurns) {
    for (const pattern of SELF_INTRODUCTIONS[language]) {
      const match = pattern.exec(turn.text);
      if (match) return match[1];
    }
  }
  return null;
}

/** Times the rep says the customer's first name (or full name, counted once). */
export function countName(text: string, customerName: string | null): number {
  const first = customerName?.trim().split(/\s+/)[0];
  if (!first) return 0;
  return text.match(phrasePattern([first]))?.length ?? 0;
}

export function measure(
  turns: Turn[],
  durationMs: number,
  language: AnalysisLanguage,
  knownCustomerName: string | null,
  speakerAttribution: SpeakerAttribution,
): Measures {
  const twoSided = speakerAttribution !== 'none';
  const repTurns = turns.filter((t) => t.isUser);
  const repText = repTurns.map((t) => t.text).join('\n');
  const repWords = words(repText).length;
  const totalWords = turns.reduce((n, t) => n + words(t.text).length, 0);
  const lengthMs = Math.max(durationMs, ...turns.map((t) => t.endMs), 0);
  // Pace over the rep's own speaking time; without timings, over the whole recording.
  const speakingMs = repTurns.reduce((ms, t) => ms + t.speakingMs, 0) || lengthMs;
  const fillerWords = countFillers(repText, language);
  const customerName = knownCustomerName ?? (twoSided ? introducedName(turns.filter((t) => !t.isUser), language) : null);
  return {
    lengthMs,
    repWords,
    totalWords,
    wpm: speakingMs > 0 ? round(repWords / (speakingMs / 60_000), 1) : 0,
    speakerAttribution,
    conversation: twoSided ? conversationMeasures(turns, lengthMs) : null,
    numQuestions: countQuestions(repText),
    fillerWords,
    numFillerWords: fillerWords.reduce((n, f) => n + f.count, 0),
    customerName,
    nameCount: countName(repText, customerName),
  };
}
