import { describe, expect, it } from 'vitest';
import { fakeNames, realNames } from './fixtures.js';
import { isPlainLetter, PartAnalyser } from '../../src/name/analyse.js';
import { analyser, tables } from './tables.js';

describe('analysePart', () => {
  it('gives the same analysis on the ASCII fast path as on the general path', () => {
    // A non-ASCII character appended then removed is not possible, so compare
    // with the general path forced by a leading BOM-free combining-free
    // non-ASCII space (U+00A0), which the general path collapses away.
    const parts = [...realNames(), ...fakeNames()].flatMap((n) => [n.first, n.last]);
    parts.push('Smith - Jones', 'a  b', ' x ', "O'Neil", 'J. R.', 'www.x.com', '--', '...');
    // Parts of precomposed Latin and Cyrillic letters take the fast path too.
    parts.push('José', 'Müller-Łódź', 'Ærøskøbing', 'ǅemal', 'Ё. Ж.', 'Пётр Иванов', 'Đặng', 'ß', 'Æ', 'Ø.', "d'Ávila", 'ÀÉÎ www.x.com', 'Ѐѝ', 'Jan×Ola', 'a÷b', 'ж҂', 'и\u0483', 'mary', 'ANNE', 'x', 'É', 'ß', 'a b', 'a-b');
    for (const p of parts) {
      if (!/^[\x20-\x7e\u00c0-\u024f\u0400-\u04ff]*$/u.test(p)) continue;
      const fast = analyser.analyse(p);
      const general = analyser.analyse(`\u00a0${p}`);
      expect(general, JSON.stringify(p)).toEqual(fast);
    }
  });

  it('says a part is plain exactly when every token is letters a-z, on both paths', () => {
    const parts = [...realNames(), ...fakeNames()].flatMap((n) => [n.first, n.last]);
    parts.push("O'Neil", "'Abd", 'J. R.', 'St.John', 'Anne-Marie', 'José', 'Müller', 'Пётр', 'ß', 'x', '--', 'John123', '', 'Mary  Ann');
    // A token that is not a-z after plain ones: every token counts, not the first.
    parts.push("Mary O'Neil", 'Jean José', 'Ann Пётр', "Sir ap Gr'uffydd", 'Anne-Marie-Zoë');
    for (const p of parts) {
      for (const part of [analyser.analyse(p), analyser.analyse(`\u00a0${p}`)]) {
        expect(part.plain, JSON.stringify(p)).toBe(part.tokens.every((t) => /^[a-z]+$/.test(t)));
      }
    }
    expect(analyser.analyse("O'Neil").plain).toBe(false);
    expect(analyser.analyse("Mary O'Neil").plain).toBe(false);
    expect(analyser.analyse('Ann Пётр').plain).toBe(false);
    expect(analyser.analyse('Anne-Marie').plain).toBe(true);
  });

  it('takes the fast path only for letters no normalisation changes', () => {
    // Every letter the fast path accepts is a letter, and no pair of them (or
    // of them and ASCII) composes under NFC: a part of them is already NFC.
    const accepted: string[] = [];
    for (let c = 0x80; c <= 0xffff; c++) if (isPlainLetter(c)) accepted.push(String.fromCharCode(c));
    expect(accepted.length).toBeGreaterThan(500);
    const ascii = Array.from({ length: 95 }, (_, i) => String.fromCharCode(0x20 + i));
    const others = [...accepted, ...ascii];
    const bad: string[] = [];
    for (const a of accepted) {
      if (!/^\p{L}$/u.test(a)) bad.push(`${a}: not a letter`);
      for (const b of others) {
        if (`${a}${b}`.normalize('NFC') !== `${a}${b}` || `${b}${a}`.normalize('NFC') !== `${b}${a}`) bad.push(`${a}${b}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('rejects a BOM at either end, which trim() would remove unseen', () => {
    for (const raw of ['Well\ufeff', '\ufeffWell', ' Well\ufeff ']) {
      expect(analyser.analyse(raw).invalid).toBe('NAME_CONTROL_CHARS');
    }
    expect(analyser.analyse(' Well\n').invalid).toBeUndefined();
  });

  it('caps before any regex: an over-long part is rejected unnormalised', () => {
    expect(analyser.analyse('a'.repeat(300))).toMatchObject({ invalid: 'NAME_TOO_LONG', normalized: null });
  });

  it('splits tokens on spaces and hyphens and strips edge apostrophes and periods', () => {
    expect(analyser.analyse("Jean-Claude d'Arc").tokens).toEqual(['jean', 'claude', "d'arc"]);
    expect(analyser.analyse('J. R.')).toMatchObject({ tokens: ['j', 'r'], isInitial: true });
  });

  it('remembers a part and answers it as analysed afresh', () => {
    // Every fixture part (under 4,096 distinct, the memo's admission window), three rounds with one analyser:
    // the first analyses (and marks), the second analyses and remembers, the third answers from the memo (the same object
    // as the second), with the content of an analyser that has met none of them.
    const parts = [...new Set([...realNames(), ...fakeNames()].flatMap((n) => [n.first, n.last]))].filter((p) => p.length <= 64);
    expect(parts.length).toBeGreaterThan(1500);
    expect(parts.length).toBeLessThan(4096);
    const memo = new PartAnalyser(tables);
    const first = parts.map((p) => memo.analyse(p));
    const second = parts.map((p) => memo.analyse(p));
    const third = parts.map((p) => memo.analyse(p));
    // The admission filter is a Bloom filter: a part it takes for one met before (at most 1 in 16) is remembered
    // from its first analysis.
    let rememberedFirst = 0;
    for (let i = 0; i < parts.length; i++) {
      expect(third[i], parts[i]).toEqual(new PartAnalyser(tables).analyse(parts[i]!));
      if (second[i] === first[i]) rememberedFirst++;
      expect(third[i], parts[i]).toBe(second[i]);
    }
    expect(rememberedFirst).toBeLessThanOrEqual(parts.length / 16);
  });

  it('analyses afresh a short part whose folded form is long (NFKC lengthens U+FDFA 18 times): the memo keeps short analyses only', () => {
    const part = '\uFDFA'.repeat(50);
    const answers = [analyser.analyse(part), analyser.analyse(part), analyser.analyse(part)];
    expect(answers[0]!.folded.length).toBeGreaterThan(64);
    expect(answers[2]).not.toBe(answers[1]);
    expect(answers[2]).toEqual(answers[0]);
  });

  it('analyses a part over 64 units afresh each time (the memo holds short keys only)', () => {
    const long = 'Wolfeschlegelsteinhausenbergerdorff'.repeat(2);
    expect(long.length).toBeGreaterThan(64);
    const answers = [analyser.analyse(long), analyser.analyse(long), analyser.analyse(long)];
    expect(answers[2]).not.toBe(answers[1]);
    expect(answers[2]).toEqual(answers[0]);
  });
});
