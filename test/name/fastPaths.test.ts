/**
 * The hot-path forms of the name check's lookups (speed): each
 * answers exactly what the plain form answers, on every name the data
 * holds, so the check's results cannot move when the fast form is used.
 */
import { describe, expect, it } from 'vitest';
import { createNameCheck } from '../../src/name/index.js';
import { CheckFacts } from '../../src/name/facts.js';
import { typingRule, unlikely } from '../../src/name/typingRules.js';
import { firstNameCountsAt, firstNameGender, firstNameLine } from '../../src/name/data/tables.js';
import { type ListHits, entryBySound, listEntries, listHits, listHitsOfPair, mayBeVulgar, soundEntries } from '../../src/name/data/lists.js';
import { isPinyinName, isPinyinSyllable } from '../../src/name/pinyin.js';
import { soundKey, SoundKeys } from '../../src/name/sound.js';
import { isParticle, knownSurnameToken, tokenKind } from '../../src/name/tokens.js';
import { TokenCodes, TOKEN_CODE_SLOTS } from '../../src/name/reading/tokenCodes.js';
import { doubleMetaphone } from 'double-metaphone';
import { maleShareByCountry } from '../../src/name/data/given.js';
import { mayBeKindWord, TOKEN_LEGAL_FORM } from '../../src/name/data/vocabulary.js';
import { foldName, foldPlainLetters } from '../../src/name/data/fold.js';
import { readFileSync, rmSync } from 'node:fs';
import { NAME_LISTS } from '../../src/name/data/formats.js';
import { openData } from '../../src/data/context.js';
import { openNameTables } from '../../src/name/tables.js';
import { DataError } from '../../src/errors.js';
import { countedAt } from '../../src/name/gender.js';
import { makeBundle } from '../data/makeBundle.js';
import { join } from 'node:path';
import { prng as rng } from '../support/prng.js';
import { rd, tables } from './tables.js';

const root = join(import.meta.dirname, '..', '..');
/** The sound-key writer and the token codes of these tests (a checker's facts and reader keep their own). */
const sound = new SoundKeys();
const codes = new TokenCodes();
/** Every key of a shipped line-table file (data/name/<file>, `data.names`). */
function tableKeys(file: string): string[] {
  const names = (JSON.parse(readFileSync(join(root, 'data', 'name', file), 'utf8')) as { data: { names: string } }).data.names;
  return names.split('\n').map((line) => line.split('\t')[0]!);
}

describe('first-name counts read in place', () => {
  it('are the counts firstNameGender reads, for every first name and for unknown ones', () => {
    const keys = [...tableKeys('first-names.json'), 'zzzqx', 'a', 'ivan ', 'мария'];
    for (const key of keys) {
      const counts = firstNameCountsAt(tables, firstNameLine(tables, key));
      expect(counts === undefined ? undefined : { ...counts }, key).toEqual(firstNameGender(tables, key));
    }
    expect(firstNameCountsAt(tables, -1)).toBeUndefined();
  });
});

describe('sound-alike keys followed down the trie of listed keys', () => {
  it('find the entries entryBySound finds by the key string, and none for the empty key', () => {
    const next = rng(5);
    const alphabet = "abcdefghijklmnopqrstuvwxyz -'.hwxcpgyé";
    const words = [...listEntries(tables.lists, 'placeholder'), ...listEntries(tables.lists, 'humorous'), 'jhon doe', 'oliver klozov', 'xx', 'hw', '', 'jon do', 'jane dough'];
    for (let i = 0; i < 20_000; i++) {
      let w = '';
      const len = Math.floor(next() * 14);
      for (let k = 0; k < len; k++) w += alphabet[Math.floor(next() * alphabet.length)];
      words.push(w);
    }
    let found = 0;
    for (const w of words) {
      const key = soundKey(w);
      const node = sound.node(w, soundEntries(tables.lists));
      for (const kind of ['placeholder', 'humorous'] as const) {
        expect(node?.[kind], `${kind} ${w}`).toBe(key === '' ? undefined : entryBySound(tables.lists, kind, key));
        if (node?.[kind] !== undefined) found++;
      }
    }
    expect(found).toBeGreaterThan(200);
    expect(sound.node('jhon doe', soundEntries(tables.lists))?.placeholder).toBe('john doe');
  });

  it('of a full name given as its two parts, are those of the parts joined by a space', () => {
    const next = rng(7);
    const alphabet = "abcdefghijklmnopqrstuvwxyz -'.hwxcpgyé";
    const word = (): string => {
      let w = '';
      const len = Math.floor(next() * 9);
      for (let k = 0; k < len; k++) w += alphabet[Math.floor(next() * alphabet.length)];
      return w;
    };
    // Listed names cut at each space, and random pairs (empty parts, parts ending or starting in h, w, x, c…).
    const pairs: [string, string][] = [];
    for (const entry of [...listEntries(tables.lists, 'placeholder'), ...listEntries(tables.lists, 'humorous')]) {
      for (let at = entry.indexOf(' '); at >= 0; at = entry.indexOf(' ', at + 1)) pairs.push([entry.slice(0, at), entry.slice(at + 1)]);
    }
    // Few enough pairs (~1,850 first parts) that the memo keeps them all: its admission window is 4,096 new keys.
    for (let i = 0; i < 1500; i++) pairs.push([word(), word()]);
    let found = 0;
    const facts = new CheckFacts(tables);
    // Three times over: the first meets each first part, the second remembers it, the third answers from the memo.
    for (let round = 0; round < 3; round++) {
      for (const [a, b] of pairs) {
        const node = sound.node(`${a} ${b}`, soundEntries(tables.lists));
        expect(facts.reset().soundKeyNodeOfPair(a, b), `${a}|${b} (facts)`).toBe(node);
        if (node !== undefined && round === 0) found++;
      }
    }
    expect(found).toBeGreaterThan(200);
    expect(facts.reset().soundKeyNodeOfPair('jhon', 'doe')?.placeholder).toBe('john doe');
  });
});

describe('a full name looked up as its two parts', () => {
  it('is in the lists the full name is in, for every listed entry and for others', () => {
    const entries = [...listEntries(tables.lists, 'placeholder'), ...listEntries(tables.lists, 'fictional'), ...listEntries(tables.lists, 'famous'), ...listEntries(tables.lists, 'humorous'), ...listEntries(tables.lists, 'vulgar')];
    let found = 0;
    for (const entry of [...entries, 'john smith', 'a b', ' x', 'y ', ' ', 'jean-baptiste de la fontaine-quelquechose']) {
      for (let at = entry.indexOf(' '); at >= 0; at = entry.indexOf(' ', at + 1)) {
        const hits = listHitsOfPair(tables.lists, entry.slice(0, at), entry.slice(at + 1));
        expect(hits, entry).toBe(listHits(tables.lists, entry));
        if (hits !== undefined) found++;
      }
      // A pair whose parts fit but whose whole does not (one letter more or less).
      expect(listHitsOfPair(tables.lists, entry, 'x')).toBe(listHits(tables.lists, `${entry} x`));
      expect(listHitsOfPair(tables.lists, entry.slice(0, -1), '')).toBe(listHits(tables.lists, `${entry.slice(0, -1)} `));
    }
    expect(found).toBeGreaterThan(1000);
  });

  it('keys the listed names as the data builder keyed them (lists.json bySound)', () => {
    for (const kind of ['placeholder', 'humorous'] as const) {
      for (const entry of listEntries(tables.lists, kind).filter((e) => e.includes(' '))) {
        const key = soundKey(entry);
        if (key !== '') expect(entryBySound(tables.lists, kind, key), entry).toBeDefined();
      }
    }
  });
});

describe('scores remembered per set of codes', () => {
  it('give a warm checker the results of a fresh checker, details included', () => {
    // Pairs that raise the same codes with other details, and the same names twice.
    const pairs: [string, string][] = [
      ['John', 'Smith'], ['Mary', 'Jones'], ['John', 'Smith'], ['Olga', 'Kowalska'],
      ['Mike', 'Hunt'], ['Hugh', 'Jass'], ['asdf', 'qwerty'], ['qwer', 'asdfg'],
      ['Dr.', 'Who'], ['Mr', 'Bean'], ['Taylor', 'Xqzvbn'], ['Jordan', 'Wkrtplm'], ['J.', 'Smith'], ['K.', 'Jones'],
    ];
    const warm = createNameCheck();
    for (const [f, l] of pairs) expect(warm(f, l), `${f} ${l}`).toEqual(createNameCheck()(f, l));
    // A result is the caller's: changing the first of its set of codes changes no later one.
    const check = createNameCheck();
    const first = check('Ann', 'Lee');
    (first.reasons as unknown as { points: number }[])[1]!.points = 12345;
    (first.reasons as unknown[]).push('extra');
    expect(check('Ann', 'Lee')).toEqual(createNameCheck()('Ann', 'Lee'));
    expect(check('Tom', 'Hill')).toEqual(createNameCheck()('Tom', 'Hill'));
  });
});

describe('pinyin names by a syllable trie', () => {
  /** The plain reading of the rule: the token splits wholly into 1..3 syllables (isPinyinSyllable), tried by cutting substrings. */
  function splitsIntoSyllables(token: string, most = 3): boolean {
    if (token === '') return false;
    if (most === 0) return false;
    for (let len = 1; len <= Math.min(6, token.length); len++) {
      if (!isPinyinSyllable(token.slice(0, len))) continue;
      if (len === token.length || splitsIntoSyllables(token.slice(len), most - 1)) return true;
    }
    return false;
  }

  it('agrees with cutting the token into syllables, on names and on random strings', () => {
    expect(isPinyinName('xiuying')).toBe(true);
    expect(isPinyinName('zhuangzhuangzhuang')).toBe(true);
    expect(isPinyinName('zhuangzhuangzhuangx')).toBe(false);
    expect(isPinyinName('qwrtzp')).toBe(false);
    expect(isPinyinName('')).toBe(false);
    const next = rng(11);
    const alphabet = 'abcdefghijklmnopqrstuvwxyzaeiouanghz`{é';
    const words = [...tableKeys('first-names.json').slice(0, 20_000), 'liwang', 'jianguo', 'xiaoyu'];
    for (let i = 0; i < 30_000; i++) {
      let w = '';
      const len = Math.floor(next() * 21);
      for (let k = 0; k < len; k++) w += alphabet[Math.floor(next() * alphabet.length)];
      words.push(w);
    }
    const bad = words.filter((w) => isPinyinName(w) !== splitsIntoSyllables(w));
    expect(bad).toEqual([]);
  });
});

describe('the character-model verdict asked once per check', () => {
  it('is the verdict of unlikely, word by word', () => {
    const words = ['qwrtzp', 'siobhan', 'llwyd', 'gwyneth', 'xhosa', 'szczepan', 'bhfuil', 'zxcvbnm', 'wwww', 'asdfgh', 'kowalski', 'mxolisi'];
    const facts = new CheckFacts(tables);
    for (const w of words) {
      expect(facts.unlikely(w), w).toBe(unlikely(tables, w));
      expect(facts.unlikely(w), `${w} again`).toBe(unlikely(tables, w));
    }
    expect(words.filter((w) => unlikely(tables, w)).length).toBeGreaterThan(0);
    expect(words.filter((w) => !unlikely(tables, w)).length).toBeGreaterThan(0);
  });
});

describe('the run-together vulgar gate', () => {
  it('lets through the shape of every vulgar entry, and few others', () => {
    const vulgar = listEntries(tables.lists, 'vulgar');
    expect(vulgar.length).toBeGreaterThan(100);
    // The gate is built after a few hundred questions; before, everything may be vulgar.
    for (let i = 0; i < 300; i++) mayBeVulgar(tables.lists, 0x7a, 0x7a, 40);
    for (const e of vulgar) expect(mayBeVulgar(tables.lists, e.charCodeAt(0), e.charCodeAt(e.length - 1), e.length), e).toBe(true);
    const through = tableKeys('first-names.json')
      .slice(0, 5000)
      .filter((k) => mayBeVulgar(tables.lists, k.charCodeAt(0), k.charCodeAt(k.length - 1), k.length + 5));
    expect(through.length).toBeLessThan(500);
    // A name whose parts run together into a listed vulgar word is still caught.
    expect(createNameCheck()('Dick', 'Head').reasons.map((r) => r.code)).toContain('NAME_VULGAR');
  });
});

describe('the token-kind shape gate', () => {
  it('answers tokenKind and isParticle as the word lists do, for every vocabulary word and every name in the tables', () => {
    const v = tables.vocabulary;
    const words = [...v.tokenKinds.keys()];
    const keys = [...words, ...words.map((w) => `${w}.`), ...tableKeys('first-names.json'), ...tableKeys('last-names.json'), 'inc.', 'x.', '.', "'t", 'é', 'ван'];
    // The lists' answers, without the gate.
    const kindOf = (token: string): number => {
      let kind = v.tokenKinds.get(token) ?? 0;
      if (token.endsWith('.')) kind = (kind & ~TOKEN_LEGAL_FORM) | ((v.tokenKinds.get(token.slice(0, -1)) ?? 0) & TOKEN_LEGAL_FORM);
      return kind;
    };
    let kinded = 0;
    for (const k of keys) {
      expect(tokenKind(tables.vocabulary, k), k).toBe(kindOf(k));
      expect(isParticle(tables.vocabulary, k), k).toBe(v.particles.has(k));
      if (kindOf(k) !== 0) kinded++;
    }
    expect(kinded).toBeGreaterThan(words.length);
    for (const w of words) expect(mayBeKindWord(v, w), w).toBe(true);
    // It rules out nearly every name without a lookup.
    const through = tableKeys('first-names.json').filter((k) => mayBeKindWord(v, k));
    expect(through.length).toBeLessThan(tableKeys('first-names.json').length / 10);
  });
});

describe('the fold of a part of precomposed letters', () => {
  const letters: string[] = [];
  for (let c = 0xc0; c < 0x500; c++) letters.push(String.fromCharCode(c));
  const ascii = "abcxyzABCXYZ '.-";

  it('is foldName for every letter alone and every pair', () => {
    const units = [...letters, ...ascii];
    const bad: string[] = [];
    for (const a of units) {
      if (foldPlainLetters(a, tables.plainFolds) !== foldName(a)) bad.push(a);
      for (const b of units) if (foldPlainLetters(a + b, tables.plainFolds) !== foldName(a + b)) bad.push(a + b);
    }
    expect(bad).toEqual([]);
  });

  it('is foldName on names and on random strings of those letters, spaces and punctuation', () => {
    const next = rng(11);
    const alphabet = [...letters.slice(0, 400), ...letters.slice(0x400 - 0xc0), ...ascii, ...ascii, ...'  --'];
    const texts = ['José Müller', 'Пётр Иванов', 'Müller-Łódź', 'Smith - Jones', 'a  b', ' x ', "d'Ávila", 'Ærøskøbing', 'ǅemal', 'ß', 'İlker'];
    for (let i = 0; i < 20_000; i++) {
      let t = '';
      const len = 1 + Math.floor(next() * 12);
      for (let k = 0; k < len; k++) t += alphabet[Math.floor(next() * alphabet.length)];
      texts.push(t);
    }
    for (const t of texts) expect(foldPlainLetters(t, tables.plainFolds), JSON.stringify(t)).toBe(foldName(t));
  });
});

describe('the facts remembered across checks', () => {
  it('are what the tables answer, for keys met once and keys met many times', () => {
    const next = rng(23);
    // ~2,000 keys: few enough that the memo keeps them all (its admission window is 4,096 new keys), so the third round is answered from it.
    const keys = [...tableKeys('first-names.json').slice(0, 600), ...tableKeys('last-names.json').slice(0, 600), ...listEntries(tables.lists, 'vulgar'), ...listEntries(tables.lists, 'placeholder'), 'andrea', 'nikita', 'jean', 'kim', 'simone', 'qwerty', 'asdfgh', 'zxcvbn', 'qazwsx', 'bcdfgh', 'aaaa', 'xqzkv', 'llwyd'];
    for (let i = 0; i < 150; i++) keys.push(keys[Math.floor(next() * keys.length)]!.split('').reverse().join(''));
    const facts = new CheckFacts(tables);
    // Three rounds: the first meets each key, the second remembers it, the third answers from the memo.
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < keys.length; i++) {
        // A new check every few keys, in a different order each round.
        if (i % 5 === 0) facts.reset();
        const k = keys[(i * (round + 1) * 7919) % keys.length]!;
        expect(facts.firstLine(k), k).toBe(firstNameLine(tables, k));
        expect(facts.knownSurname(k), k).toBe(knownSurnameToken(tables, k));
        expect(facts.known(k), k).toBe(firstNameLine(tables, k) >= 0 || knownSurnameToken(tables, k));
        expect(facts.listHits(k), k).toBe(listHits(tables.lists, k));
        if (k.length >= 4) expect(facts.unlikely(k), k).toBe(unlikely(tables, k));
        expect(facts.maleShares(k), k).toBe(maleShareByCountry(tables, k));
        expect(facts.typingRule(k), k).toBe(typingRule(tables, k));
        expect(facts.firstNameEvidence(k), k).toEqual(countedAt(tables, k, firstNameLine(tables, k)));
      }
    }
  });
});

describe('the keys the facts memo keeps', () => {
  it('keeps a key of up to 101 units met in two checks, and no longer one (a folded part NFKC made long)', () => {
    const facts = new CheckFacts(tables);
    const short = 'q'.repeat(101);
    const long = 'q'.repeat(102);
    for (let round = 0; round < 3; round++) {
      facts.reset();
      facts.known(short);
      facts.known(long);
    }
    expect(facts.isRemembered(short)).toBe(true);
    expect(facts.isRemembered(long)).toBe(false);
  });
});

describe('the remembered Double Metaphone codes of tokens', () => {
  it('are the codes of doubleMetaphone, for tokens met once, again, and after the table has turned over', () => {
    const next = rng(31);
    const tokens = tableKeys('first-names.json').filter((k) => /^[a-z]+$/.test(k));
    const asked: string[] = [];
    // More tokens than the table holds, some asked again soon, some long after.
    for (let i = 0; i < 3 * TOKEN_CODE_SLOTS; i++) asked.push(i % 3 === 0 && asked.length > 0 ? asked[Math.floor(next() * asked.length)]! : tokens[Math.floor(next() * tokens.length)]!);
    asked.push(`${'bartholomew'}${'ski'}`, 'bartholomewski', 'a', 'x');
    for (const t of asked) {
      const [primary, alternate] = doubleMetaphone(t);
      // The one code itself when the two agree.
      expect(codes.of(t), t).toEqual(primary === alternate ? primary : [primary, alternate]);
    }
  });

  it('are the same when a check takes them from its facts, for keys new to the check, asked again in it, and remembered across checks', () => {
    const next = rng(37);
    const tokens = tableKeys('last-names.json').filter((k) => /^[a-z]+$/.test(k));
    const facts = new CheckFacts(tables);
    const asked: string[] = [];
    for (let i = 0; i < 2000; i++) asked.push(i % 2 === 0 && asked.length > 0 ? asked[Math.floor(next() * asked.length)]! : tokens[Math.floor(next() * tokens.length)]!);
    for (let i = 0; i < asked.length; i++) {
      // A new check every few keys, as the name check resets its facts; a key asked before the codes keeps its other answers.
      if (i % 3 === 0) facts.reset();
      const t = asked[i]!;
      if (i % 5 === 0) facts.known(t);
      const [primary, alternate] = doubleMetaphone(t);
      const want = primary === alternate ? primary : [primary, alternate];
      expect(facts.keep(t, (k: string) => rd.codes.of(k)), t).toEqual(want);
      expect(facts.keep(t, (k: string) => rd.codes.of(k)), t).toEqual(want);
    }
  });
});

describe('a list lookup that fails', () => {
  it('fails again when asked again, in the same check and in a later one (no "in no list" remembered)', () => {
    const lists = JSON.parse(readFileSync(join(root, 'data', NAME_LISTS.file), 'utf8')) as { data: Record<string, unknown> };
    // Labels that are not strings: the bundle's list file fails its shape check when first read.
    const dir = makeBundle([{ format: NAME_LISTS as never, data: { ...lists.data, labels: 42 } }]);
    try {
      const facts = new CheckFacts(openNameTables(openData({ dir })));
      const ask = (key: string): ListHits | undefined => facts.listHits(key);
      for (let check = 0; check < 3; check++) {
        facts.reset();
        expect(() => ask('john doe'), `check ${check}`).toThrow(DataError);
        expect(() => ask('john doe'), `check ${check}, asked again`).toThrow(DataError);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
