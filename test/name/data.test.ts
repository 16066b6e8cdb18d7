/**
 * Tests of the name data layer (src/name/data): folding, gender table,
 * known names, lists, n-gram name-likeness. Reads only the committed
 * data/name/ and data/raw/name/ files.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COMMON_REAL_NAME_MARK,
  GENDER_THRESHOLD,
  nameLikenessThreshold,
  NAME_LIST_KINDS,
  firstNameGender,
  foldName,
  genderOf,
  isCommonRealNameLabel,
  isKnownFirstName,
  isKnownLastName,
  lastNameWeight,
  listEntries,
  matchNameList,
  nameLikeness,
} from '../../src/name/data/index.js';
import { tables } from './tables.js';

const RAW = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..', 'data', 'raw', 'name');

describe('foldName', () => {
  it.each([
    ['  José-María  O’Brien ', "jose-maria o'brien"],
    ['Łukasz Żółć', 'lukasz zolc'],
    ['Nguyễn Thị Minh Khai', 'nguyen thi minh khai'],
    ['Đặng', 'dang'],
    ['Straße', 'strasse'],
    ['İsmail Şahin', 'ismail sahin'],
    ['ＪＯＨＮ', 'john'],
    ['Smith - Jones', 'smith-jones'],
    ['Smith–Jones', 'smith-jones'],
    ['john_doe', 'john doe'],
    ['ГЕННАДИЙ Алёна', 'геннадий алена'],
    ['Γιώργος', 'γιωργοσ'],
    ['محمد', 'محمد'],
    ['홍길동', '홍길동'],
    ['राहुल', 'राहुल'],
    ['สมชาย', 'สมชาย'],
    ['\u00a0\t\n', ''],
    // Spacing accents (˘, ΄) become an orphan combining mark under NFKC: dropped.
    ['À˘', 'a'],
    ['.΄', '.'],
    // Letters kept as they are are copied in runs (speed): each
    // kind of change ends a run: an invisible character, a special Latin
    // letter, a hyphen, an apostrophe, a space; kept marks and surrogate
    // pairs stay inside one. Expected values from the fold before runs.
    ['Jo\u00adhn\u200b Smith', 'john smith'],
    ['Gößl-Æsir', 'gossl-aesir'],
    ['राहुल  शर्मा', 'राहुल शर्मा'],
    ['𠀀李 王', '𠀀李 王'],
    ['d’Artagnan', "d'artagnan"],
    ['Пётр-Семён', 'петр-семен'],
    ['Ｍａｒｉａ Ｌóｐｅｚ', 'maria lopez'],
    ['li\ud800x', 'li\ud800x'],
  ])('%j → %j', (input, folded) => {
    expect(foldName(input)).toBe(folded);
  });

  it.each(['binary', 'grapheme', 'grapheme-composite'] as const)('is idempotent and never throws on %s strings (property, fixed seed)', (unit) => {
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 40 }), (s) => {
        const once = foldName(s);
        expect(foldName(once)).toBe(once);
        expect(once).toBe(once.trim());
        expect(once.includes('  ')).toBe(false);
      }),
      { seed: 20261122, numRuns: 2000 },
    );
  });

  it('handles a 100 kB string', () => {
    expect(foldName('Ab '.repeat(34_000)).length).toBe(101_999);
  });
});

describe('first names and gender', () => {
  it.each([
    ['Mary', 'F'],
    ['John', 'M'],
    ['Taylor', null],
    ['Jordan', null],
    ['Mohammed', 'M'],
    ['Mohamed', 'M'],
    ['Olga', 'F'],
    ['Giuseppe', 'M'],
    // Yuki is given to boys and girls in Japan; the SSA counts (65% F) agree.
    ['Yuki', null],
    ['Ольга', 'F'],
    ['Владимир', 'M'],
    ['Siobhan', 'F'],
    // Female in the US, male in several faker locales (France, Germany, Poland): unisex.
    ['Jean', null],
    ['Toni', null],
    ['Marian', null],
    // Curated native-script and romanised names (data/raw/name/first-names-extra.txt).
    ['Zbigniew', 'M'],
    ['Γιώργος', 'M'],
    ['فاطمة', 'F'],
    ['Алёна', 'F'],
  ])('%s → %s', (name, gender) => {
    expect(genderOf(tables, foldName(name))).toBe(gender);
  });

  it('returns the counts behind the call', () => {
    const mary = firstNameGender(tables, 'mary');
    expect(mary).toBeDefined();
    expect(mary!.female / (mary!.female + mary!.male)).toBeGreaterThanOrEqual(GENDER_THRESHOLD);
    expect(firstNameGender(tables, 'qzxqzx')).toBeUndefined();
  });

  it('knows real first names of many origins and not keyboard mash', () => {
    for (const n of ['mary', 'oluwaseun', 'giuseppe', 'siobhan', 'владимир', 'محمد', 'jose maria', 'maria']) {
      expect(isKnownFirstName(tables, foldName(n)), n).toBe(true);
    }
    for (const n of ['asdfgh', 'qwrtzp', '']) expect(isKnownFirstName(tables, n), n).toBe(false);
  });
});

describe('last names', () => {
  it('knows surnames from faker locales and the curated list', () => {
    for (const n of ['kowalski', 'brzezinski', 'nguyen', 'mohamed', 'kim', 'smith', 'müller', 'иванов', 'adebayo']) {
      expect(isKnownLastName(tables, foldName(n)), n).toBe(true);
      expect(lastNameWeight(tables, foldName(n)), n).toBeGreaterThan(0);
    }
    expect(isKnownLastName(tables, 'qwrtzp')).toBe(false);
    expect(lastNameWeight(tables, 'qwrtzp')).toBe(0);
  });

  it('weighs a very common surname above a rare one', () => {
    expect(lastNameWeight(tables, 'nguyen')).toBeGreaterThan(lastNameWeight(tables, 'brzezinski'));
  });
});

describe('lists', () => {
  it.each(NAME_LIST_KINDS.map((k) => [k]))('every %s entry is matched and already folded', (kind) => {
    const entries = listEntries(tables.lists, kind);
    expect(entries.length).toBeGreaterThan(50);
    const missed = entries.filter((e) => matchNameList(tables.lists, kind, e) === undefined || foldName(e) !== e);
    if (missed.length > 0) console.log(`${kind} misses:`, missed.slice(0, 50).join(' | '));
    expect(missed).toEqual([]);
  });

  it('every raw list row is lower-cased and accent-folded', () => {
    const bad: string[] = [];
    for (const file of readdirSync(RAW).filter((f) => f.endsWith('.txt'))) {
      readFileSync(join(RAW, file), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          const entry = line.split('\t')[0]!.trim();
          if (entry === '' || entry.startsWith('#')) return;
          if (foldName(entry) !== entry) bad.push(`${file}:${i + 1} ${entry}`);
        });
    }
    if (bad.length > 0) console.log('unfolded rows:', bad.join(' | '));
    expect(bad).toEqual([]);
  });

  it.each([
    ['placeholder', 'john doe', 'form example'],
    ['placeholder', 'max mustermann', 'form example'],
    ['placeholder', 'asdf', 'keyboard'],
    ['placeholder', 'n/a', 'placeholder word'],
    ['placeholder', '张三', 'form example'],
    ['placeholder_title', 'mrs', 'English'],
    ['placeholder_title', 'mrs.', 'English'],
    ['placeholder_title', foldName('Señor'), 'Romance languages'],
    ['placeholder_title', 'herr', 'German, Dutch, Scandinavian'],
    ['fictional', 'luke skywalker', 'Star Wars'],
    ['fictional', 'pikachu', 'Pokémon'],
    ['fictional', 'frodo baggins', 'Middle-earth (Tolkien)'],
    ['fictional', 'harry potter', 'Harry Potter'],
    ['famous', 'barack obama', 'head of state'],
    ['famous', 'lionel messi', 'athlete (football/soccer)'],
    ['humorous', 'hugh jass', 'prank name'],
    ['vulgar', 'fuck', 'English'],
    ['vulgar', 'kurwa', 'Polish, Czech, Hungarian'],
  ] as const)('%s: %s → %s', (kind, entry, label) => {
    expect(matchNameList(tables.lists, kind, entry)).toBe(label);
  });

  it('marks famous names that are also very common real names', () => {
    expect(isCommonRealNameLabel(matchNameList(tables.lists, 'famous', 'thomas muller')!)).toBe(true);
    expect(matchNameList(tables.lists, 'famous', 'thomas muller')).toBe(`athlete (football/soccer)${COMMON_REAL_NAME_MARK}`);
    expect(isCommonRealNameLabel(matchNameList(tables.lists, 'famous', 'barack obama')!)).toBe(false);
  });

  it('does not list real common names as fake', () => {
    // John Smith is a real name first (see placeholder.txt); package characters with ordinary names are dropped.
    expect(matchNameList(tables.lists, 'placeholder', 'john smith')).toBeUndefined();
    expect(matchNameList(tables.lists, 'fictional', 'maria hill')).toBeUndefined();
    expect(matchNameList(tables.lists, 'vulgar', 'butt')).toBeUndefined();
    expect(matchNameList(tables.lists, 'placeholder_title', 'don')).toBeUndefined();
  });
});

describe('nameLikeness', () => {
  it('has a threshold measured below typical names', () => {
    expect(Number.isFinite(nameLikenessThreshold(tables))).toBe(true);
    expect(nameLikenessThreshold(tables)).toBeLessThan(nameLikeness(tables, 'maria'));
  });

  it.each(['zbigniew', 'brzezinski', 'siobhan', 'oshaughnessy', "o'shaughnessy", 'oluwaseun', 'adebayo', 'nguyen', 'tshabalala', 'szczepanski', 'jean-pierre'])(
    'real rare name %s scores above the threshold',
    (token) => {
      expect(nameLikeness(tables, token)).toBeGreaterThan(nameLikenessThreshold(tables));
    },
  );

  it.each(['asdfgh', 'qwrtzp', 'xkcdjq', 'jkjkjk', 'zxcvbn', 'lkjhgf'])('keyboard mash %s scores below the threshold', (token) => {
    expect(nameLikeness(tables, token)).toBeLessThan(nameLikenessThreshold(tables));
  });

  it.each(['', 'иван', 'abc1', 'a b', '-', 'jean--pierre'])('does not score %j (NaN)', (token) => {
    expect(nameLikeness(tables, token)).toBeNaN();
  });
});
