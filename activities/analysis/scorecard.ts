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
  maxMonologueSeconds: 150,
  minPatienceSeconds: 0.6,
  minInteractivity: 4,
};

/** The scorecard of recordings without a roleplay (or whose roleplay has an empty scorecard). */
export const DEFAULT_SCORECARD: Scorecard = {
  criteria: [],
  metrics: [
    { title: 'Asks discovery questions', description: `Asks at least ${THRESHOLDS.minQuestions} questions`, weight: 1, sectionTitle: 'Discovery' },
    { title: "Uses the customer's name", description: "Addresses the customer by name", weight: 1, sectionTitle: 'Rapport' },
    { title: 'Speaking pace', description: `Between ${THRESHOLDS.minWpm} and ${THRESHOLDS.maxWpm} words per minute`, weight: 1, sectionTitle: 'Delivery' },
    { title: 'Few filler words', description: `At most ${THRESHOLDS.maxFillersPer100Words} filler words per 100 words`, weight: 1, sectionTitle: 'Delivery' },
    { title: 'Balanced talk time', description: `Speaks at most ${THRESHOLDS.maxTalkRatio * 100}% of the time`, weight: 1, sectionTitle: 'Delivery' },
  ],
};

export interface Judgment {
  passed: boolean;
  explanation: string;
  /** false: the recording cannot tell (the item needs two speakers and there is one voice). */
  assessable?: false;
}

export interface JudgeContext {
  measures: Measures;
  repText: string;
}

const notAssessable = (what: string): Judgment => ({
  passed: false,
  assessable: false,
  explanation: `Not assessable: the recording does not tell the rep from the customer, so ${what} is unknown.`,
});

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
  const c = m.conversation;
  if (/talk(ing)? (time|ratio)|\blisten/.test(text)) {
    if (!c) return notAssessable('talk time');
    const passed = c.talkRatio <= THRESHOLDS.maxTalkRatio;
    return { passed, explanation: `The rep spoke ${pct(c.talkRatio)} of the time (at most ${pct(THRESHOLDS.maxTalkRatio)} expected).` };
  }
  if (/monologue/.test(text)) {
    if (!c) return notAssessable('the length of the rep\'s turns');
    const passed = c.longestMonologue <= THRESHOLDS.maxMonologueSeconds;
    return { passed, explanation: `The rep's longest turn lasted ${c.longestMonologue} s (at most ${THRESHOLDS.maxMonologueSeconds} s expected).` };
  }
  if (/patien|interrupt/.test(text)) {
    if (!c) return notAssessable('how long the rep waits');
    if (c.patience === null) return { passed: false, explanation: 'The rep never answered the customer.' };
    const passed = c.patience >= THRESHOLDS.minPatienceSeconds;
    return { passed, explanation: `The rep waited ${c.patience} s on average before answering (at least ${THRESHOLDS.minPatienceSeconds} s expected).` };
  }
  if (/interactiv|back.and.forth/.test(text)) {
    if (!c) return notAssessable('how often the speakers switch');
    const passed = c.interactivity >= THRESHOLDS.minInteractivity;
    return { passed, explanation: `${c.interactivity} speaker switches per minute (at least ${THRESHOLDS.minInteractivity} expected).` };
  }
  if (/\bname\b/.test(text)) {
    if (!m.customerName) {
      // With one voice the customer's introduction cannot be found: unknown rather than missed.
      if (!c) return notAssessable("the customer's name");
      return { passed: false, explanation: "The customer's name is not known from the recording." };
    }
    const passed = m.nameCount >= THRESHOLDS.minNameCount;
    return { passed, explanation: `The rep said the customer's name (${m.customerName}) ${m.nameCount} times.` };
  }
  return judgeByKeyTerms(item, ctx.repText);
}

export function respond(item: ScorecardItem, judgment: Judgment): ScorecardResponse {
  const response: ScorecardResponse = {
    title: item.title,
    passed: judgment.passed,
    explanation: judgment.explanation,
    weight: Math.max(0, item.weight),
    sectionTitle: item.sectionTitle,
  };
  return judgment.assessable === false ? { ...response, passed: false, assessable: false } : response;
}

/**
 * Weighted share of passed items among the assessable ones, 0–100 with one decimal; items all
 * weighted 0 count equally. Items the recording cannot assess count neither way.
 */
export function scoreOf(judged: ScorecardResponse[]): number {
  const responses = judged.filter((r) => r.assessable !== false);
  if (responses.length === 0) return 0;
  const total = responses.reduce((n, r) => n + r.weight, 0);
  const weightOf = (r: ScorecardResponse): number => (total > 0 ? r.weight : 1);
  const passed = responses.filter((r) => r.passed).reduce((n, r) => n + weightOf(r), 0);
  const all = total > 0 ? total : responses.length;
  return Math.round((1000 * passed) / all) / 10;
}

/** The roleplay's own scorecard, or the default card (whose speaker-dependent items may be reported as not assessable). */
export function effectiveScorecard(scorecard: Scorecard | null): Scorecard {
  return scorecard && scorecard.criteria.length + scorecard.metrics.length > 0 ? scorecard : DEFAULT_SCORECARD;
}
