/** The most characters of any input an error message may repeat. */
export const MAX_QUOTED_INPUT = 64;

/**
 * Quotes a caller's value for an error message, so that a message never
 * repeats more than {@link MAX_QUOTED_INPUT} characters of it: error
 * messages travel into logs and HTTP responses, and echoing a 1 MB field
 * whole turns one bad request into a log flood (or a reflected payload).
 *
 * - A string is JSON-quoted (control characters escaped, so nothing can
 *   forge a log line); past the limit it is cut, marked with `…` and
 *   followed by its original length. `keep: 'end'` cuts the start instead,
 *   for file paths whose name is at the end.
 * - A number, boolean, null or undefined is written as is (short by nature).
 * - Anything else is named by its kind (`an array`, `an object`), never
 *   serialised: its size is unbounded.
 *
 * @param value the caller's value
 * @param keep which end of a long string to keep
 * @returns text to interpolate into a message
 * @example
 * quoteInput('credit_card');        // '"credit_card"'
 * quoteInput('x'.repeat(100_000));  // → '"xxxxxxxx…" (100000 characters)': the first 64 x's, then …
 */
export function quoteInput(value: unknown, keep: 'start' | 'end' = 'start'): string {
  if (typeof value === 'string') {
    if (value.length <= MAX_QUOTED_INPUT) return JSON.stringify(value);
    const cut = keep === 'start' ? `${trimEnd(value.slice(0, MAX_QUOTED_INPUT))}…` : `…${trimStart(value.slice(-MAX_QUOTED_INPUT))}`;
    return `${JSON.stringify(cut)} (${value.length} characters)`;
  }
  if (typeof value === 'number' || typeof value === 'boolean' || value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** Drops a high surrogate left alone at the end by the cut, so the quote stays well-formed text. */
function trimEnd(text: string): string {
  const last = text.charCodeAt(text.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? text.slice(0, -1) : text;
}

/** Drops a low surrogate left alone at the start by the cut. */
function trimStart(text: string): string {
  const first = text.charCodeAt(0);
  return first >= 0xdc00 && first <= 0xdfff ? text.slice(1) : text;
}
