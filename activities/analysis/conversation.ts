import type { AnalysisLanguage } from '../../common/recordingAnalysis';
import { questionsIn } from './questions';
import type { Turn } from './turns';

// The conversation measures call-analytics products report, computed from speaker turns. They need
// the rep told from the customer, so they are only computed when the transcript has speakers.

export interface ConversationMeasures {
  /** The rep's share of the speaking time, 0–1 (3 decimals). */
  talkRatio: number;
  /** The rep's longest turn, in seconds (1 decimal). */
  longestMonologue: number;
  /** The customer's longest turn, in seconds (1 decimal). */
  longestCustomerStory: number;
  /** Speaker switches per minute of the call (1 decimal). */
  interactivity: number;
  /** Mean pause before the rep answers the customer, in seconds (2 decimals); null when the rep never does. */
  patience: number | null;
  customerQuestions: number;
}

const round = (value: number, digits: number): number => Math.round(value * 10 ** digits) / 10 ** digits;
const seconds = (ms: number): number => ms / 1000;

export function conversationMeasures(
  turns: Turn[],
  lengthMs: number,
  language: AnalysisLanguage,
): ConversationMeasures {
  const rep = turns.filter((t) => t.isUser);
  const customer = turns.filter((t) => !t.isUser);
  const repMs = rep.reduce((n, t) => n + t.speakingMs, 0);
  const customerMs = customer.reduce((n, t) => n + t.speakingMs, 0);
  // A loop, not Math.max(...spread): a call of 124k turns would overflow the arguments.
  const longest = (list: Turn[]): number =>
    round(seconds(list.reduce((ms, t) => Math.max(ms, t.endMs - t.startMs), 0)), 1);
  // Consecutive turns always change speaker (turns merge a speaker's consecutive segments).
  const switches = Math.max(0, turns.length - 1);
  // A rep turn right after a customer turn: the gap between them, never negative (talking over is no wait).
  const pauses: number[] = [];
  for (let i = 1; i < turns.length; i += 1) {
    if (turns[i].isUser && !turns[i - 1].isUser) pauses.push(Math.max(0, turns[i].startMs - turns[i - 1].endMs));
  }
  return {
    talkRatio: repMs + customerMs > 0 ? round(repMs / (repMs + customerMs), 3) : 0,
    longestMonologue: longest(rep),
    longestCustomerStory: longest(customer),
    interactivity: lengthMs > 0 ? round(switches / (lengthMs / 60_000), 1) : 0,
    patience: pauses.length > 0 ? round(seconds(pauses.reduce((a, b) => a + b, 0) / pauses.length), 2) : null,
    customerQuestions: questionsIn(
      customer.flatMap((t) => t.lines),
      language,
    ).length,
  };
}
