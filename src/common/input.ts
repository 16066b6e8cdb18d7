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

/** C0 controls, DEL and C1 controls. Tested on capped input only. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/u;

/** True when `text` holds a control character. Call on length-capped input. */
export function hasControlChars(text: string): boolean {
  return CONTROL_CHARS.test(text);
}
