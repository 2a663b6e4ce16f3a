/**
 * Milliseconds a server asked us to wait through `Retry-After` (delay-seconds or an HTTP date), or
 * undefined when the header is absent, malformed or already in the past.
 */
export function retryAfterMs(
  header: string | string[] | undefined | null,
  nowMs: number = Date.now(),
): number | undefined {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) {
    const seconds = Number(value);
    return seconds > 0 ? seconds * 1000 : undefined;
  }
  const at = Date.parse(value);
  if (Number.isNaN(at)) return undefined;
  const wait = at - nowMs;
  return wait > 0 ? wait : undefined;
}
