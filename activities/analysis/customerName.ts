import type { AnalysisLanguage, CustomerNameSource } from '../../common/recordingAnalysis';
import {
  czechNominative,
  DECLINES_SURNAMES,
  isPlaceholderSpeaker,
  NOT_NAMES,
  REP_GREETINGS,
  SELF_INTRODUCTIONS,
} from './nameCues';
import { sentencesOf } from './questions';
import type { Turn } from './turns';

// Who the customer is, from the strongest evidence the call has: the roleplay's persona; the
// customer's speaker name in a submitted transcript (never a role such as "Customer" or "Speaker 2");
// the customer introducing themself; the rep addressing them by name at the start of the call.

export interface CustomerName {
  name: string;
  source: CustomerNameSource;
}

/** How many of the rep's first turns count as "the start of the call" for a greeting. */
const OPENING_REP_TURNS = 2;
/** How many of the customer's first turns are searched for a self-introduction. */
const INTRODUCTION_TURNS = 4;

const capitalised = (word: string): boolean => /^\p{Lu}/u.test(word);

/** The name a pattern captured, when its words are written as a name is (capitalised, not a common word). */
export function nameFrom(captured: string): string | null {
  const [first, second] = captured.split(' ').map((w) => w.replace(/['’]s$/u, ''));
  if (!first || !capitalised(first) || NOT_NAMES.has(first.toLowerCase())) return null;
  return second && capitalised(second) && !NOT_NAMES.has(second.toLowerCase()) ? `${first} ${second}` : first;
}

function firstMatch(turns: Turn[], patterns: RegExp[], language: AnalysisLanguage): string | null {
  for (const turn of turns) {
    for (const line of turn.lines) {
      for (const sentence of sentencesOf(line.text, language)) {
        for (const pattern of patterns) {
          const match = pattern.exec(sentence);
          const name = match ? nameFrom(match[1]) : null;
          if (!name) continue;
          // "s panem Horákem": the title says the surname is declined; the name is its nominative.
          if (
            DECLINES_SURNAMES[language] &&
            /\bpan(?:e|em|a|u)\s+$/iu.test(sentence.slice(0, (match!.index ?? 0) + match![0].length - match![1].length))
          ) {
            return czechNominative(name);
          }
          return name;
        }
      }
    }
  }
  return null;
}

/**
 * The label without its parenthesised and bracketed asides ("(Northwind)", "[host]"), each from an
 * opening to the first closing after it; an opening never closed stays. One pass: a pattern such as
 * /\([^)]*\)/g rescans the rest of the label from every "(" of "((((…" that is never closed.
 */
export function withoutBrackets(label: string): string {
  let out = '';
  let from = 0;
  // Once an opening has no closing after it, no later one has either.
  const unclosed = { '(': false, '[': false };
  for (let i = 0; i < label.length; i += 1) {
    const open = label[i];
    if (open !== '(' && open !== '[') continue;
    if (unclosed[open]) continue;
    const close = label.indexOf(open === '(' ? ')' : ']', i + 1);
    if (close < 0) {
      unclosed[open] = true;
      continue;
    }
    out += label.slice(from, i);
    from = close + 1;
    i = close;
  }
  return out + label.slice(from);
}

/** A speaker label that names a person: "Jordan Lee", "Jordan Lee (Northwind)" → "Jordan Lee". */
export function speakerName(label: string | null): string | null {
  if (!label) return null;
  const name = withoutBrackets(label).replace(/\s+/g, ' ').trim();
  if (!/^[\p{L}][\p{L}'’. -]*$/u.test(name) || isPlaceholderSpeaker(name)) return null;
  return name;
}

export function findCustomerName(
  turns: Turn[],
  personaName: string | null,
  language: AnalysisLanguage,
  twoSided: boolean,
): CustomerName | null {
  const persona = personaName?.trim();
  if (persona) return { name: persona, source: 'persona' };
  // One unlabelled voice: nobody can tell who introduced whom.
  if (!twoSided) return null;
  const customerTurns = turns.filter((t) => !t.isUser);
  for (const turn of customerTurns) {
    const name = speakerName(turn.speaker);
    if (name) return { name, source: 'speakerName' };
  }
  const introduced = firstMatch(customerTurns.slice(0, INTRODUCTION_TURNS), SELF_INTRODUCTIONS[language], language);
  if (introduced) return { name: introduced, source: 'selfIntroduction' };
  const greeted = firstMatch(
    turns.filter((t) => t.isUser).slice(0, OPENING_REP_TURNS),
    REP_GREETINGS[language],
    language,
  );
  if (greeted) return { name: greeted, source: 'repGreeting' };
  return null;
}
