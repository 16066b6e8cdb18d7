import { describe, expect, it } from 'vitest';
import { isKeyboardWalk, isOneHandMash, isRepeatedPattern, lacksVowels, measureKeyboardWalk } from '../../src/common/keyboard.js';

describe('keyboard walks', () => {
  it('finds row and column walks on QWERTY, AZERTY and QWERTZ', () => {
    for (const w of ['qwerty', 'asdf', 'asdfgh', 'zxcvb', 'poiuy', 'lkjh', 'qazwsx', 'azerty', 'qsdfgh', 'wxcvbn', 'qwertz', 'yxcvbnm', 'asdfjkl', 'hjkl']) {
      expect(isKeyboardWalk(w), w).toBe(true);
    }
  });
  it('leaves names with short runs alone', () => {
    for (const w of ['robert', 'albert', 'werther', 'ertl', 'werth', 'tyson', 'asdrubal', 'kiki', 'polo', 'qwe', 'mnemosyne', 'oliver', 'trent']) {
      expect(isKeyboardWalk(w), w).toBe(false);
    }
  });
  it('counts the corner of a turn in both runs', () => {
    expect(measureKeyboardWalk('asdfdsa')).toEqual({ longest: 4, covered: 8 });
  });
});

describe('repeated patterns', () => {
  it('finds repeated letters and syllables', () => {
    for (const w of ['aaa', 'jkjkjk', 'jkjkj', 'asdasd', 'lalala', 'smiiiith', 'zzzz']) expect(isRepeatedPattern(w), w).toBe(true);
  });
  it('accepts two-fold short repeats that are names', () => {
    for (const w of ['lulu', 'coco', 'jojo', 'bebe', 'anna', 'hannah', 'nnamdi', 'kaka']) expect(isRepeatedPattern(w), w).toBe(false);
  });
});

describe('vowels', () => {
  it('flags long words without vowels only', () => {
    expect(lacksVowels('bcdfg')).toBe(true);
    expect(lacksVowels('brrrr')).toBe(true);
    expect(lacksVowels('vlk')).toBe(false);
    expect(lacksVowels('llwyd')).toBe(false);
    expect(lacksVowels('strnad')).toBe(false);
  });
});

describe('keyboard walks on more layouts and directions', () => {
  it('finds column walks, diagonals and the Cyrillic ЙЦУКЕН layout', () => {
    for (const w of ['wsxedc', 'edcrfv', 'rfvtgb', 'zsexdr', 'xdrcft', 'йцукен', 'фывапр', 'ячсмит', 'bhunji']) expect(isKeyboardWalk(w), w).toBe(true);
  });
  it('finds one-hand mashing and two-key alternations', () => {
    for (const w of ['fdsafd', 'sdafsg', 'dsafds', 'fvcxzd']) expect(isOneHandMash(w), w).toBe(true);
    for (const w of ['xsdsdsd', 'kjkjkjl', 'pfgfgfg']) expect(isRepeatedPattern(w), w).toBe(true);
  });
  it('leaves one-hand names and alternations of real names alone', () => {
    for (const w of ['barbara', 'stewart', 'rebecca', 'deseree', 'yukiko', 'tressa', 'wassef']) expect(isOneHandMash(w), w).toBe(false);
    for (const w of ['lulu', 'kakaako', 'mamadou', 'hannah', 'nanami']) expect(isRepeatedPattern(w), w).toBe(false);
  });
});
