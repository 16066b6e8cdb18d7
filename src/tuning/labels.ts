/** Reading an outcome column: the values that say abusive or genuine. */
import type { Label } from './types.js';

/**
 * The values {@link readLabel} reads, per label. Strings are compared
 * trimmed and case-insensitively; the numbers 1 and 0 and the booleans
 * true and false are read as their strings. Anything else is no label:
 * a file with another value is refused at that line rather than guessed.
 */
export const LABEL_VALUES: Readonly<Record<Label, readonly string[]>> = Object.freeze({
  abusive: Object.freeze(['1', 'true', 'bad', 'abusive', 'fraud']),
  genuine: Object.freeze(['0', 'false', 'good', 'genuine', 'legit']),
});

/**
 * Reads one outcome value as a label.
 *
 * @param value a cell of the outcome column (string, number or boolean)
 * @returns `'abusive'`, `'genuine'`, or null when the value is none of {@link LABEL_VALUES}
 * @example
 * readLabel(' Fraud '); // 'abusive'
 * readLabel(0); // 'genuine'
 * readLabel('maybe'); // null
 */
export function readLabel(value: unknown): Label | null {
  let text: string;
  if (typeof value === 'string') text = value.trim().toLowerCase();
  else if (typeof value === 'boolean') text = String(value);
  else if (value === 1 || value === 0) text = String(value);
  else return null;
  if (LABEL_VALUES.abusive.includes(text)) return 'abusive';
  if (LABEL_VALUES.genuine.includes(text)) return 'genuine';
  return null;
}
