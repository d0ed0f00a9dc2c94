/**
 * Words for a `Retry-After` answer, shared by every screen that shows a limited answer (the
 * dashboard, the theme): "Try again in 12 minutes." instead of "Try again later."
 */

/** Seconds to wait from a Retry-After value (delay-seconds or an HTTP date); else undefined. */
export function retryAfterSeconds(
  value: string | null | undefined,
  now: number = Date.now(),
): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text);
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** "Try again in 40 seconds.", "… in 12 minutes.", "… in 2 hours." (rounded up). */
export function tryAgainIn(seconds: number): string {
  if (seconds < 60) return `Try again in ${plural(Math.max(1, Math.ceil(seconds)), 'second')}.`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 90) return `Try again in ${plural(minutes, 'minute')}.`;
  return `Try again in ${plural(Math.ceil(minutes / 60), 'hour')}.`;
}

/**
 * `message` with its vague "Try again later." (or none) replaced by when, from the answer's
 * Retry-After; unchanged when the answer gives no time.
 */
export function withRetryAfter(
  message: string,
  retryAfter: string | null | undefined,
  now: number = Date.now(),
): string {
  const seconds = retryAfterSeconds(retryAfter, now);
  if (seconds === undefined) return message;
  const base = message
    .replace(/\s*(Wait a while and )?try again( later| in a few seconds)?\.?\s*$/i, '')
    .trim();
  return `${base ? `${base.replace(/([^.!?])$/, '$1.')} ` : ''}${tryAgainIn(seconds)}`;
}
