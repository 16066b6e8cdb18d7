import { describe, expect, it } from 'vitest';
import { LABEL_VALUES, readLabel } from '../../src/tuning/labels.js';

describe('readLabel', () => {
  it('reads the documented values, trimmed and in any case', () => {
    for (const v of [1, true, '1', 'true', ' BAD ', 'Abusive', 'fraud']) expect(readLabel(v), String(v)).toBe('abusive');
    for (const v of [0, false, '0', 'FALSE', 'good', ' Genuine', 'legit']) expect(readLabel(v), String(v)).toBe('genuine');
    expect(LABEL_VALUES.abusive).toEqual(['1', 'true', 'bad', 'abusive', 'fraud']);
  });

  it('reads nothing else', () => {
    for (const v of ['', 'maybe', '2', 2, -1, 0.5, null, undefined, {}, 'yes', 'no']) expect(readLabel(v), String(v)).toBeNull();
  });
});
