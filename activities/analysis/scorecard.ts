import type { ScorecardResponse } from '../../common/recordingAnalysis';
import type { Scorecard, ScorecardItem } from '../../db/queries/roleplays';
import { STOP_WORDS } from './language';
import type { Measures } from './measures';
import { words } from './measures';

// Deterministic judging of scorecard items. Items whose title/description name something countable
// (filler words, questions, pace, talk time, the customer's name) are judged on the measures with
// fixed thresholds; any other item passes when the rep's words cover enough of the item's key terms.

export const THRESHOLDS = {
  minQuestions: 3,
  maxFillersPer100Words: 3,
  minWpm: 110,
  maxWpm: 170,
  maxTalkRatio: 0.6,
  minNameCount: 1,
};

/** The scorecard of recordings without a roleplay (or whose roleplay has an empty scorecard). */
export const DEFAULT_SCORECARD: Scorecard = {
  criteria: [],
  metrics: [
    { title: 'Asks discovery questions', description: `Asks at least ${THRESHOLDS.minQuestions} questions`, weight: 1, sectionTitle: 'Discovery' },
    { title: "Uses the customer's name", description: "Addresses the customer by name", weight: 1, sectionTitle: 'Rapport' },
    { title: 'Speaking pace', description: `Between ${THRESHOLDS.minWpm} and ${THRESHOLDS.maxWpm} words per minute`, weight: 1, sectionTitle: 'Delivery' },
    { title: 'Few filler words', description: `At most ${THRESHOLDS.maxFillersPer100Words} filler words per 100 words`, weight: 1, sectionTitle: 'Delivery' },
    { title: 'Balanced talk time', description: `Speaks at most ${THRESHOLDS.maxTalkRatio * 100}% of the words`, weight: 1, sectionTitle: 'Delivery' },
  ],
};

export interface Judgment {
  passed: boolean;
  explanation: string;
}

export interface JudgeContext {
  measures: Measures;
  repText: string;
  /** Whether the transcript tells speakers apart (talk time is unknowable otherwise). */
  diarised: boolean;
}

const pct = (ratio: number): string => `${Math.round(ratio * 100)}%`;

/** Light stemming so "pricing", "priced" and "price" meet: strip one common suffix, keep 6 letters. */
function stem(word: string): string {
  const suffix = ['ations', 'ation', 'ings', 'ing', 'ies', 'ied', 'ed', 'es', 'ly', 's', 'e'].find((s) => word.endsWith(s) && word.length - s.length >= 3);
  return (suffix ? word.slice(0, -suffix.length) : word).slice(0, 6);
}

function keyTerms(item: ScorecardItem): string[] {
  const seen = new Map<string, string>();
  for (const w of words(`${item.title} ${item.description}`)) {
    if (w.length < 4 || STOP_WORDS.has(w) || /^\d+$/.test(w)) continue;
    if (!seen.has(stem(w))) seen.set(stem(w), w);
  }
  return [...seen.entries()].map(([s, w]) => `${s}|${w}`);
}

function judgeByKeyTerms(item: ScorecardItem, repText: string): Judgment {
  const terms = keyTerms(item);
  if (terms.length === 0) return { passed: false, explanation: 'The item names no key terms the built-in analyzer can look for.' };
  const spoken = new Set(words(repText).map(stem));
  const hit = terms.filter((t) => spoken.has(t.split('|')[0])).map((t) => t.split('|')[1]);
  const needed = Math.max(1, Math.ceil(terms.length / 3));
  const passed = hit.length >= needed;
  const listed = (hit.length > 0 ? hit : terms.map((t) => t.split('|')[1])).slice(0, 6).join(', ');
  return {
    passed,
    explanation: passed
      ? `The rep covered ${hit.length} of ${terms.length} key terms (${listed}); ${needed} needed.`
      : `The rep covered ${hit.length} of ${terms.length} key terms; ${needed} needed (looked for: ${listed}).`,
  };
}

export function judgeItem(item: ScorecardItem, ctx: JudgeContext): Judgment {
  const text = `${item.title} ${item.description}`.toLowerCase();
  const m = ctx.measures;
  if (/filler/.test(text)) {
    const rate = m.repWords > 0 ? (100 * m.numFillerWords) / m.repWords : 0;
    const passed = rate <= THRESHOLDS.maxFillersPer100Words;
    return { passed, explanation: `${m.numFillerWords} filler words, ${rate.toFixed(1)} per 100 words (at most ${THRESHOLDS.maxFillersPer100Words} expected).` };
  }
  if (/question/.test(text)) {
    const passed = m.numQuestions >= THRESHOLDS.minQuestions;
    return { passed, explanation: `The rep asked ${m.numQuestions} questions (at least ${THRESHOLDS.minQuestions} expected).` };
  }
  if (/\bwpm\b|words per minute|\bpace\b|speaking rate|speaking speed/.test(text)) {
    const passed = m.wpm >= THRESHOLDS.minWpm && m.wpm <= THRESHOLDS.maxWpm;
    return { passed, explanation: `The rep spoke at ${m.wpm} words per minute (${THRESHOLDS.minWpm}–${THRESHOLDS.maxWpm} expected).` };
  }
  if (/talk(ing)? (time|ratio)|\blisten/.test(text)) {
    if (!ctx.diarised) return { passed: false, explanation: 'The transcript does not tell the speakers apart, so talk time is unknown.' };
    const passed = m.talkRatio <= THRESHOLDS.maxTalkRatio;
    return { passed, explanation: `The rep spoke ${pct(m.talkRatio)} of the words (at most ${pct(THRESHOLDS.maxTalkRatio)} expected).` };
  }
  if (/\bname\b/.test(text)) {
    if (!m.customerName) return { passed: false, explanation: "The customer's name is not known from the recording." };
    const passed = m.nameCount >= THRESHOLDS.minNameCount;
    return { passed, explanation: `The rep said the customer's name (${m.customerName}) ${m.nameCount} times.` };
  }
  return judgeByKeyTerms(item, ctx.repText);
}

export function respond(item: ScorecardItem, judgment: Judgment): ScorecardResponse {
  return { title: item.title, passed: judgment.passed, explanation: judgment.explanation, weight: Math.max(0, item.weight), sectionTitle: item.sectionTitle };
}

/** Weighted share of passed items, 0–100 with one decimal; items all weighted 0 count equally. */
export function scoreOf(responses: ScorecardResponse[]): number {
  if (responses.length === 0) return 0;
  const total = responses.reduce((n, r) => n + r.weight, 0);
  const weightOf = (r: ScorecardResponse): number => (total > 0 ? r.weight : 1);
  const passed = responses.filter((r) => r.passed).reduce((n, r) => n + weightOf(r), 0);
  const all = total > 0 ? total : responses.length;
  return Math.round((1000 * passed) / all) / 10;
}

export function effectiveScorecard(scorecard: Scorecard | null, diarised: boolean): Scorecard {
  if (scorecard && scorecard.criteria.length + scorecard.metrics.length > 0) return scorecard;
  // Talk time cannot be judged on a transcript without speakers: the default card leaves it out then.
  return diarised ? DEFAULT_SCORECARD : { criteria: [], metrics: DEFAULT_SCORECARD.metrics.filter((m) => !/talk time/i.test(m.title)) };
}
