import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { costDifferences, localPartRatio, localPartRatioOf } from '../../src/email/localModel.js';
import { prng } from '../support/prng.js';

const model = (JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'data', 'email', 'local-parts.json'), 'utf8')) as {
  data: { model: { real: string; generated: string } };
}).data.model;

describe('localPartRatioOf', () => {
  it('gives the same number as localPartRatio on the shipped model, for any string', () => {
    const real = new Uint8Array(Buffer.from(model.real, 'base64'));
    const generated = new Uint8Array(Buffer.from(model.generated, 'base64'));
    const differences = costDifferences(real, generated);
    const random = prng(0x3a71);
    const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789._-+A';
    for (let n = 0; n < 20_000; n++) {
      let s = '';
      const length = Math.floor(random() * 24);
      for (let k = 0; k < length; k++) s += alphabet[Math.floor(random() * alphabet.length)];
      expect(Object.is(localPartRatioOf(s, differences), localPartRatio(s, real, generated)), s).toBe(true);
    }
  });

  it('reads a missing cost as 255, as localPartRatio does', () => {
    const short = new Uint8Array(10).fill(3);
    const differences = costDifferences(short, new Uint8Array(0));
    for (const s of ['a', 'jane', '', 'x.9']) expect(localPartRatioOf(s, differences)).toBe(localPartRatio(s, short, new Uint8Array(0)));
  });
});
