import fs from 'node:fs';
import path from 'node:path';
import { PII_KINDS, placeholderOf, redactText, type PiiKind } from '../common/redaction';

// The redaction rule set (common/redaction/) against the labelled utterances of
// test/fixtures/redaction/utterances.json: each kind of personal data in its written and spoken forms,
// and look-alikes that must stay (prices, dates, times, counts, order numbers, websites). A labelled
// value is found when it is gone from the redacted text and its kind's placeholder stands there; a
// look-alike is kept when its text comes back unchanged; an utterance is exact when its redacted text
// is the labelled one (each value replaced by its placeholder, nothing else changed).

export const UTTERANCES_FILE = path.join(__dirname, '..', 'test', 'fixtures', 'redaction', 'utterances.json');

export interface LabelledUtterance {
  text: string;
  pii: Array<{ kind: PiiKind; value: string }>;
  form: 'written' | 'spoken';
  /** What a look-alike is (price, date, …); absent for an utterance with personal data. */
  lookalike?: string;
}

export interface UtteranceOutcome {
  utterance: LabelledUtterance;
  redacted: string;
  expected: string;
  missed: Array<{ kind: PiiKind; value: string }>;
}

export const labelledUtterances = (file = UTTERANCES_FILE): LabelledUtterance[] =>
  JSON.parse(fs.readFileSync(file, 'utf8')) as LabelledUtterance[];

const expectedOf = (u: LabelledUtterance): string =>
  u.pii.reduce((text, p) => text.replace(p.value, placeholderOf(p.kind)), u.text);

export function evaluateRedaction(utterances = labelledUtterances()): UtteranceOutcome[] {
  return utterances.map((utterance) => {
    const redacted = redactText(utterance.text).text;
    const missed = utterance.pii.filter((p) => redacted.includes(p.value) || !redacted.includes(placeholderOf(p.kind)));
    return { utterance, redacted, expected: expectedOf(utterance), missed };
  });
}

export interface RedactionFigures {
  /** Labelled values found, of all labelled values. */
  found: number;
  values: number;
  /** Look-alike utterances changed by redaction, of all look-alikes. */
  lookalikesRedacted: number;
  lookalikes: number;
  /** Utterances whose redacted text is exactly the labelled one. */
  exact: number;
  utterances: number;
}

export function redactionFigures(outcomes: UtteranceOutcome[]): RedactionFigures {
  const lookalikes = outcomes.filter((o) => o.utterance.lookalike !== undefined);
  const values = outcomes.reduce((n, o) => n + o.utterance.pii.length, 0);
  return {
    found: values - outcomes.reduce((n, o) => n + o.missed.length, 0),
    values,
    lookalikesRedacted: lookalikes.filter((o) => o.redacted !== o.utterance.text).length,
    lookalikes: lookalikes.length,
    exact: outcomes.filter((o) => o.redacted === o.expected).length,
    utterances: outcomes.length,
  };
}

const percent = (part: number, whole: number): string => `${((part / whole) * 100).toFixed(1)} %`;

/** The Markdown table BENCHMARKS.md shows: recall per kind and form, look-alikes, and every miss. */
export function redactionReport(outcomes: UtteranceOutcome[]): string {
  const rows = PII_KINDS.flatMap((kind) =>
    (['written', 'spoken'] as const).map((form) => {
      const of = outcomes.filter((o) => o.utterance.form === form);
      const values = of.flatMap((o) => o.utterance.pii.filter((p) => p.kind === kind));
      const missed = of.flatMap((o) => o.missed.filter((p) => p.kind === kind));
      return values.length === 0
        ? null
        : `| ${placeholderOf(kind)} | ${form} | ${values.length - missed.length} / ${values.length} | ${percent(values.length - missed.length, values.length)} |`;
    }),
  ).filter((r): r is string => r !== null);
  const f = redactionFigures(outcomes);
  const misses = outcomes
    .filter((o) => o.redacted !== o.expected)
    .map(
      (o) =>
        `- ${JSON.stringify(o.utterance.text)}: expected ${JSON.stringify(o.expected)}, got ${JSON.stringify(o.redacted)}`,
    );
  return [
    '| placeholder | form | found | recall |',
    '|---|---|---|---|',
    ...rows,
    `| all | both | ${f.found} / ${f.values} | ${percent(f.found, f.values)} |`,
    '',
    `Look-alikes redacted: ${f.lookalikesRedacted} / ${f.lookalikes} (${percent(f.lookalikesRedacted, f.lookalikes)}); ` +
      `utterances exactly as labelled: ${f.exact} / ${f.utterances}.`,
    '',
    ...(misses.length ? ['Differences:', ...misses] : ['No differences.']),
  ].join('\n');
}
