/**
 * `text` without the slashes it ends with. A loop rather than `/\/+$/`: that pattern retries from every slash
 * of a long run that is not at the end ("a////…b"), quadratic in the run.
 */
export function withoutTrailingSlashes(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 0x2f) end--;
  return text.slice(0, end);
}
