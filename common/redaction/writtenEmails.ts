import type { TextSpan } from './kinds';
import { isTopLevelDomain, MAX_ADDRESS, MAX_LOCAL } from './spokenDomain';

// Email addresses as written ("jordan.lee@example.com"), with the spaces a speech-to-text engine's formatter puts in
// them ("billing@ northwindtraders .io", "d.reyes@comcast. net"), or its host's ending said after it: each "@" and the
// address characters around it.
// Linear: each "@" reads at most an address's length around it.

const SPACED_TLD = /^ \.[A-Za-z]{2,24}(?:\.[A-Za-z]{2,24})?(?![A-Za-z0-9])/;
/** "d.reyes@comcast. net": a formatter's space after the dot, before a known top-level domain. */
const DOT_SPACED_TLD = /^\. ([a-z]{2,24})(?![A-Za-z0-9])/;

/** A host that goes on after a space or in words: " dot co dot uk", " mortgage.com". */
const HOST_GOES_ON = /^(?: ?(?:dot|punto)\b| ?\.[A-Za-z]| [A-Za-z0-9-]+\.[A-Za-z]{2,})/i;

/** Written addresses: each "@" with the address characters around it, at most an address's length. */
export function writtenEmailSpans(text: string): TextSpan[] {
  const spans: TextSpan[] = [];
  let at = text.indexOf('@');
  let claimedTo = 0;
  while (at >= 0) {
    let start = at;
    // An apostrophe is a local part's too ("j.o'brien@…").
    while (start > claimedTo && at - start < MAX_LOCAL && /[A-Za-z0-9._%+'’-]/.test(text[start - 1])) start -= 1;
    while (start < at && !/[A-Za-z0-9]/.test(text[start])) start += 1;
    // "billing@ northwindtraders .io": a formatter's space after the "@" of a local part written onto it.
    const from = start < at && text[at + 1] === ' ' && /[A-Za-z0-9]/.test(text[at + 2] ?? '') ? at + 2 : at + 1;
    let end = from;
    while (end < text.length && end - at < MAX_ADDRESS && /[A-Za-z0-9.-]/.test(text[end])) end += 1;
    while (end > from && !/[A-Za-z0-9]/.test(text[end - 1])) end -= 1;
    // "rafael.mendes@terra .com.br": a formatter's space before the top-level domain, or after its dot.
    const spaced = SPACED_TLD.exec(text.slice(end, end + MAX_ADDRESS));
    const dotSpaced = DOT_SPACED_TLD.exec(text.slice(end, end + 28));
    // Only onto a domain with no dot yet: "…@hotmail.co.uk. is that everything?" ends at "uk".
    const dotless = !text.slice(from, end).includes('.');
    if (spaced && dotless) end += spaced[0].length;
    else if (dotSpaced && dotless && end > from && isTopLevelDomain(dotSpaced[1])) end += dotSpaced[0].length;
    const domain = text.slice(from, end).replace(/ /g, '');
    const lastDot = domain.lastIndexOf('.');
    // "felix.baumann@trelawneysystems, and that's .com?": a host written without its ending, the ending said after; a
    // local part and a host of three characters or more with a letter each, and no space before the "@".
    // (Not where the host goes on, spoken or after a space: "jokafor@brightlane dot co dot uk", "j.park@harborlight
    // mortgage.com": the rules for those read it.)
    const endless =
      lastDot < 0 &&
      at - start >= 3 &&
      /^(?=.*[A-Za-z])[A-Za-z0-9-]{3,}$/.test(domain) &&
      from === at + 1 &&
      !HOST_GOES_ON.test(text.slice(end, end + 40));
    if (start < at && ((lastDot > 0 && /^[A-Za-z]{2,24}$/.test(domain.slice(lastDot + 1))) || endless)) {
      spans.push({ start, end, kind: 'email_address' });
      claimedTo = end;
    }
    at = text.indexOf('@', at + 1);
  }
  return spans;
}
