// Trimming a repeated character off the end of a string by a scan from the end: the pattern `/x+$/` is tried
// at every start of a run and rescans it (quadratic in a run that is not at the end), these are linear.

/** `text` without the `char`s it ends with (`char` is one UTF-16 unit). */
export function trimTrailing(text: string, char: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === char) end -= 1;
  return end === text.length ? text : text.slice(0, end);
}

/** A base URL without its trailing slashes, ready for `${base}/path`. */
export const withoutTrailingSlashes = (url: string): string => trimTrailing(url, '/');

const isSpace = (c: string): boolean => /\s/.test(c);

/**
 * The domain of a mail address as the end of a From header gives it (`Name <user@domain>` or `user@domain`):
 * the last run of characters other than whitespace and `>` (before one `>` and any whitespace), after its first
 * `@`; undefined when there is none. What `/@([^>\s]+)>?\s*$/` captures, in one pass from the end.
 */
export function mailDomainOf(from: string): string | undefined {
  let end = from.length;
  while (end > 0 && isSpace(from[end - 1])) end -= 1;
  if (end > 0 && from[end - 1] === '>') end -= 1;
  let start = end;
  while (start > 0 && from[start - 1] !== '>' && !isSpace(from[start - 1])) start -= 1;
  const at = from.indexOf('@', start);
  return at >= 0 && at < end - 1 ? from.slice(at + 1, end) : undefined;
}
