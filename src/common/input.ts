import { InputError } from '../errors.js';

/**
 * Throws {@link InputError} unless `value` is a string. Every public check
 * calls this first: a non-string is misuse, while any string (empty, huge,
 * binary) is a value that gets a result.
 */
export function assertString(value: unknown, field: string): asserts value is string {
  if (typeof value !== 'string') {
    throw new InputError(
      'INPUT_TYPE',
      `${field} must be a string, got ${value === null ? 'null' : typeof value}`,
      field,
    );
  }
}

/**
 * True when `text` holds a control character (C0, DEL or C1: U+0000–U+001F,
 * U+007F–U+009F). Call on length-capped input. A scan of UTF-16 units: a
 * control character is one unit, and no half of a surrogate pair is in
 * either range.
 */
export function hasControlChars(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) return true;
  }
  return false;
}
