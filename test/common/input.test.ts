import { describe, expect, it } from 'vitest';
import { hasControlChars } from '../../src/common/input.js';

describe('hasControlChars', () => {
  it('finds exactly the C0, DEL and C1 controls among all UTF-16 units, alone and inside text', () => {
    // eslint-disable-next-line no-control-regex -- the definition the scan must agree with
    const control = /[\u0000-\u001f\u007f-\u009f]/u;
    for (let c = 0; c <= 0xffff; c++) {
      const unit = String.fromCharCode(c);
      expect(hasControlChars(unit)).toBe(control.test(unit));
      expect(hasControlChars(`jane${unit}@x.org`)).toBe(control.test(`jane${unit}@x.org`));
    }
  });

  it('does not take a surrogate pair for a control', () => {
    expect(hasControlChars('😀 \u{1f600}\u{10ffff}')).toBe(false);
    expect(hasControlChars('a\u0085b')).toBe(true);
  });
});
