import type { TextSpan } from './kinds';

// Email addresses as written ("jordan.lee@example.com") and as providers write them spoken ("jordan dot
// lee at example dot com", "jordan underscore lee at example dot co dot uk"). A spoken one needs a known
// top-level domain at its end, and its first word must not be an everyday word ("find us at example dot
// com" is a website, not an address).

const WRITTEN = /[A-Za-z0-9][A-Za-z0-9._%+-]*@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,24}\b/g;

const TLDS =
  'com|org|net|edu|gov|io|co|us|uk|ca|de|fr|es|it|nl|be|ch|at|se|no|dk|fi|ie|pl|cz|pt|br|mx|ar|au|nz|in|jp|cn|sg|za|eu|info|biz|me|ai|app|dev|tech|email|xyz|tv|ly|us';
const WORD = '[A-Za-z0-9]+';
const LOCAL_JOIN = `(?:[._-]|\\s+(?:dot|underscore|dash|hyphen|period)\\s+)`;
const DOMAIN_DOT = `(?:\\.|\\s+dot\\s+)`;
const SPOKEN = new RegExp(
  `\\b(${WORD}(?:${LOCAL_JOIN}${WORD})*)(?:\\s*@\\s*|\\s+at\\s+)(${WORD}(?:-${WORD})*(?:${DOMAIN_DOT}${WORD})*${DOMAIN_DOT}(?:${TLDS}))\\b`,
  'gi',
);

/** Words that come before "at <site> dot com" in speech without being an address's local part. */
const NOT_LOCAL = new Set(
  (
    'us me him her them it is are was were be been am out up in on online site website web page here there ' +
    'find visit go look looking available based located sign log meet see that this which what everything ' +
    'anything something all everyone anyone people team folks details info more docs listed posted live ' +
    'work works working stay staying i we you they he she store shop'
  ).split(' '),
);

export function emailSpans(text: string): TextSpan[] {
  const spans: TextSpan[] = [];
  for (const m of text.matchAll(WRITTEN))
    spans.push({ start: m.index, end: m.index + m[0].length, kind: 'email_address' });
  for (const m of text.matchAll(SPOKEN)) {
    const local = m[1];
    const single = !new RegExp(LOCAL_JOIN, 'i').test(local);
    if (single && NOT_LOCAL.has(local.toLowerCase())) continue;
    spans.push({ start: m.index, end: m.index + m[0].length, kind: 'email_address' });
  }
  return spans;
}
