import type { EvidenceQuote, ScorecardResponse } from '../../common/recordingAnalysis';
import type { Scorecard, ScorecardItem } from '../../db/queries/roleplays';
import type { Measures } from './measures';
import type { Sentence } from './questions';
import { firstSentenceOf } from './sentences';
import type { Turn } from './turns';

// Deterministic judging of scorecard items. Items whose title/description name something countable
// (filler words, questions, pace, talk time, the customer's name) are judged on the measures with
// fixed thresholds, quoting the sentences counted; any other item is not judged without an LLM.

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
    {
      title: 'Asks discovery questions',
      description: `Asks at least ${THRESHOLDS.minQuestions} questions`,
      weight: 1,
      sectionTitle: 'Discovery',
    },
    {
      title: "Uses the customer's name",
      description: 'Addresses the customer by name',
      weight: 1,
      sectionTitle: 'Rapport',
    },
    {
      title: 'Speaking pace',
      description: `Between ${THRESHOLDS.minWpm} and ${THRESHOLDS.maxWpm} words per minute`,
      weight: 1,
      sectionTitle: 'Delivery',
    },
    {
      title: 'Few filler words',
      description: `At most ${THRESHOLDS.maxFillersPer100Words} filler words per 100 words`,
      weight: 1,
      sectionTitle: 'Delivery',
    },
    {
      title: 'Balanced talk time',
      description: `Speaks at most ${THRESHOLDS.maxTalkRatio * 100}% of the time`,
      weight: 1,
      sectionTitle: 'Delivery',
    },
  ],
};

export interface Judgment {
  passed: boolean;
  explanation: string;
  /** false: not judged (the item needs two speakers and there is one voice, or it needs an LLM). */
  assessable?: false;
  /** Why not: one voice (no LLM can tell either), or an item only an LLM judges. */
  notJudged?: 'one-voice' | 'needs-llm';
  evidence: EvidenceQuote[];
  /** Why evidence is empty (required when it is). */
  noEvidenceReason?: string;
  /** false: the model quoted words the transcript does not have, also when asked once more (then passed is false). */
  supported?: false;
}

export interface JudgeContext {
  measures: Measures;
  turns: Turn[];
}

/** At most this many quotes back one verdict: enough to check it, short enough to read. */
export const MAX_QUOTES = 5;

const WHOLE_CALL = 'A measure of the whole call: no single passage shows it.';

const notAssessable = (what: string): Judgment => {
  const explanation = `Not assessable: the recording does not tell the rep from the customer, so ${what} is unknown.`;
  return {
    passed: false,
    assessable: false,
    notJudged: 'one-voice',
    explanation,
    evidence: [],
    noEvidenceReason: explanation,
  };
};

export const NOT_JUDGED_WITHOUT_LLM =
  'Not judged without an LLM: the built-in analyzer judges only what it can count (questions, name use, filler words, pace, talk time).';

/** The rep's sentences as quotes, each once, in call order. */
/** The first MAX_QUOTES distinct sentences of each list, found once however many items quote the list. */
const firstQuotes = new WeakMap<Sentence[], EvidenceQuote[]>();

function repQuotes(sentences: Sentence[], noneReason: string): Pick<Judgment, 'evidence' | 'noEvidenceReason'> {
  let quotes = firstQuotes.get(sentences);
  if (!quotes) {
    // Seen sentences by line start, then text: the texts themselves are the keys (a string hashes once),
    // never a key built from each, which copied a 1 MB sentence for each of its 47,000 questions.
    const seen = new Map<number, Set<string>>();
    quotes = [];
    for (const s of sentences) {
      let texts = seen.get(s.startMs);
      if (!texts) seen.set(s.startMs, (texts = new Set()));
      if (texts.has(s.text)) continue;
      texts.add(s.text);
      quotes.push({ quote: s.text, startMs: s.startMs, speaker: 'rep' });
      if (quotes.length === MAX_QUOTES) break;
    }
    firstQuotes.set(sentences, quotes);
  }
  const evidence = quotes.map((q) => ({ ...q }));
  return evidence.length > 0 ? { evidence } : { evidence, noEvidenceReason: noneReason };
}

/** The rep's longest turn and its opening sentence, found once per call however many items ask. */
const monologues = new WeakMap<JudgeContext, { longest: Turn | null; opening: string | undefined }>();
function longestMonologueOf(ctx: JudgeContext): { longest: Turn | null; opening: string | undefined } {
  let found = monologues.get(ctx);
  if (!found) {
    const longest = ctx.turns
      .filter((t) => t.isUser)
      .reduce<Turn | null>((a, t) => (!a || t.endMs - t.startMs > a.endMs - a.startMs ? t : a), null);
    found = { longest, opening: longest ? firstSentenceOf(longest.lines[0].text, ctx.measures.language) : undefined };
    monologues.set(ctx, found);
  }
  return found;
}

const pct = (ratio: number): string => `${Math.round(ratio * 100)}%`;

export function judgeItem(item: ScorecardItem, ctx: JudgeContext): Judgment {
  const text = `${item.title} ${item.description}`.toLowerCase();
  const m = ctx.measures;
  if (/filler/.test(text)) {
    const rate = m.repWords > 0 ? (100 * m.numFillerWords) / m.repWords : 0;
    const passed = rate <= THRESHOLDS.maxFillersPer100Words;
    return {
      passed,
      explanation: `${m.numFillerWords} filler words, ${rate.toFixed(1)} per 100 words (at most ${THRESHOLDS.maxFillersPer100Words} expected).`,
      ...repQuotes(m.fillerSentences, 'The rep said no filler word.'),
    };
  }
  if (/question/.test(text)) {
    const passed = m.numQuestions >= THRESHOLDS.minQuestions;
    return {
      passed,
      explanation: `The rep asked ${m.numQuestions} questions (at least ${THRESHOLDS.minQuestions} expected).`,
      ...repQuotes(m.questions, 'The rep asked no question.'),
    };
  }
  if (/\bwpm\b|words per minute|\bpace\b|speaking rate|speaking speed/.test(text)) {
    const passed = m.wpm >= THRESHOLDS.minWpm && m.wpm <= THRESHOLDS.maxWpm;
    return {
      passed,
      explanation: `The rep spoke at ${m.wpm} words per minute (${THRESHOLDS.minWpm}–${THRESHOLDS.maxWpm} expected).`,
      evidence: [],
      noEvidenceReason: WHOLE_CALL,
    };
  }
  const c = m.conversation;
  if (/talk(ing)? (time|ratio)|\blisten/.test(text)) {
    if (!c) return notAssessable('talk time');
    const passed = c.talkRatio <= THRESHOLDS.maxTalkRatio;
    return {
      passed,
      explanation: `The rep spoke ${pct(c.talkRatio)} of the time (at most ${pct(THRESHOLDS.maxTalkRatio)} expected).`,
      evidence: [],
      noEvidenceReason: WHOLE_CALL,
    };
  }
  if (/monologue/.test(text)) {
    if (!c) return notAssessable("the length of the rep's turns");
    const passed = c.longestMonologue <= THRESHOLDS.maxMonologueSeconds;
    const { longest, opening } = longestMonologueOf(ctx);
    return {
      passed,
      explanation: `The rep's longest turn lasted ${c.longestMonologue} s (at most ${THRESHOLDS.maxMonologueSeconds} s expected).`,
      ...(longest && opening
        ? { evidence: [{ quote: opening, startMs: longest.startMs, speaker: 'rep' as const }] }
        : { evidence: [], noEvidenceReason: 'The rep did not speak.' }),
    };
  }
  if (/patien|interrupt/.test(text)) {
    if (!c) return notAssessable('how long the rep waits');
    if (c.patience === null)
      return {
        passed: false,
        explanation: 'The rep never answered the customer.',
        evidence: [],
        noEvidenceReason: 'The rep never answered the customer.',
      };
    const passed = c.patience >= THRESHOLDS.minPatienceSeconds;
    return {
      passed,
      explanation: `The rep waited ${c.patience} s on average before answering (at least ${THRESHOLDS.minPatienceSeconds} s expected).`,
      evidence: [],
      noEvidenceReason: WHOLE_CALL,
    };
  }
  if (/interactiv|back.and.forth/.test(text)) {
    if (!c) return notAssessable('how often the speakers switch');
    const passed = c.interactivity >= THRESHOLDS.minInteractivity;
    return {
      passed,
      explanation: `${c.interactivity} speaker switches per minute (at least ${THRESHOLDS.minInteractivity} expected).`,
      evidence: [],
      noEvidenceReason: WHOLE_CALL,
    };
  }
  if (/\bname\b/.test(text)) {
    if (!m.customerName) {
      // With one voice the customer's introduction cannot be found: unknown rather than missed.
      if (!c) return notAssessable("the customer's name");
      const explanation = "The customer's name is not known from the recording.";
      return { passed: false, explanation, evidence: [], noEvidenceReason: explanation };
    }
    const passed = m.nameCount >= THRESHOLDS.minNameCount;
    return {
      passed,
      explanation: `The rep said the customer's name (${m.customerName}) ${m.nameCount} ${m.nameCount === 1 ? 'time' : 'times'}.`,
      ...repQuotes(m.nameSentences, `The rep never said ${m.customerName}.`),
    };
  }
  // Free text ("handles the price objection"): word overlap would be a guess, so it is left to an LLM.
  return {
    passed: false,
    assessable: false,
    notJudged: 'needs-llm',
    explanation: NOT_JUDGED_WITHOUT_LLM,
    evidence: [],
    noEvidenceReason: NOT_JUDGED_WITHOUT_LLM,
  };
}

export function respond(item: ScorecardItem, judgment: Judgment): ScorecardResponse {
  return {
    title: item.title,
    passed: judgment.assessable === false ? false : judgment.passed,
    explanation: judgment.explanation,
    weight: Math.max(0, item.weight),
    sectionTitle: item.sectionTitle,
    ...(judgment.assessable === false ? { assessable: false as const } : {}),
    evidence: judgment.evidence,
    ...(judgment.evidence.length === 0
      ? { noEvidenceReason: judgment.noEvidenceReason ?? 'Nothing in the call bears on this item.' }
      : {}),
    ...(judgment.supported === false ? { supported: false as const } : {}),
  };
}

/**
 * Weighted share of passed items among the judged ones, 0–100 with one decimal; items all weighted 0
 * count equally. Items not judged (not assessable) and verdicts resting on quotes the call does not
 * have (supported: false) count neither way.
 */
export function scoreOf(judged: ScorecardResponse[]): number {
  const responses = judged.filter((r) => r.assessable !== false && r.supported !== false);
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
