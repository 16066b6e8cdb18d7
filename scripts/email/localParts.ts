/**
 * Builds data/email/local-parts.json: what the e-mail check knows about local
 * parts (src/email/localPart.ts).
 *
 * - The character model (src/email/localModel.ts): a trigram model of local
 *   parts people choose, trained on names and words joined the usual ways
 *   (first.last, firstlast, f.last, flast, first_last, last.first,
 *   name+digits, name+year, word, wordword, wordword+digits, initials+digits,
 *   surname+initials), and one of
 *   strings generators emit (random letters, random letters and digits, hex
 *   slices, random letters then digits). Names: the name check's bundled
 *   given-name and surname tables (data/name/first-names.json,
 *   last-names.json); words: the English word list the name check was built
 *   from (data/raw/name/english-word-classes.txt.br, Princeton WordNet 3.1
 *   lemmas filtered by SCOWL size 60).
 * - Held out: a name or word goes to held-out when the first byte of its
 *   sha256 is below 26 (about 10%); the held-out joins and a second seed of
 *   generated strings measure the model (the figures go to the manifest and
 *   docs/email.md). The threshold is the 1% quantile of the chosen strings of
 *   a validation draw from the training names and words: a real person's
 *   local part is read as generated at most about once in a hundred.
 * - The names and words the check segments local parts into (sorted lists).
 * - Placeholder words (data/raw/email/placeholders.tsv), provider username
 *   rules (provider-rules.tsv) and relay services (relays.tsv), each row with
 *   its reason or source.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { LOCAL_SCALE, LOCAL_SYMBOLS, localPartRatio, localSymbol, trigramIndex } from '../../src/email/localModel.js';
import type { LocalPartsData, ProviderRule } from '../../src/email/data/formats.js';
import { joinSortedList } from '../../src/email/sortedList.js';
import { LetterTrie } from '../../src/email/letterTrie.js';
import { ROOT, sha256 } from '../lib/generated.js';
import type { ManifestEntry } from '../lib/generated.js';
import { prng } from '../../src/common/prng.js';

const RAW = join(ROOT, 'data', 'raw');
/** Shortest string the model judges (shorter ones carry too few trigrams); the runtime uses the same. */
export const MIN_MODEL_LENGTH = 6;

function fold(s: string): string {
  return s.normalize('NFKD').replace(/[\u0300-\u036f]/gu, '').toLowerCase();
}
const AZ = /^[a-z]+$/u;

function lineNames(file: string): string[] {
  const doc = JSON.parse(readFileSync(join(ROOT, 'data', 'name', file), 'utf8')) as { data: { names: string } };
  const out = new Set<string>();
  for (const line of doc.data.names.split('\n')) {
    const name = fold(line.split('\t')[0] ?? '');
    for (const part of name.split(/[ '-]/u)) if (part.length >= 2 && AZ.test(part)) out.add(part);
  }
  return [...out].sort();
}

function englishWords(): { words: string[]; text: Buffer } {
  const text = readFileSync(join(RAW, 'name', 'english-word-classes.txt.br'));
  const out = new Set<string>();
  for (const line of brotliDecompressSync(text).toString('utf8').split('\n')) {
    const w = line.split('\t')[0] ?? '';
    if (w.length >= 3 && AZ.test(w)) out.add(w);
  }
  return { words: [...out].sort(), text };
}

/** Name particles (al, van, de, bin…) of the name check's vocabulary: parts of surnames run together (alhashmi, vandijk). */
function particles(): string[] {
  const doc = JSON.parse(readFileSync(join(ROOT, 'data', 'name', 'vocabulary.json'), 'utf8')) as { data: { particles: string[] } };
  return doc.data.particles.filter((p) => p.length >= 2 && AZ.test(p));
}

const heldOut = (token: string): boolean => createHash('sha256').update(token).digest()[0]! < 26;

type Draw = () => number;
const pick = <T>(r: Draw, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
const int = (r: Draw, lo: number, hi: number): number => lo + Math.floor(r() * (hi - lo + 1));
const digits = (r: Draw, n: number): string => Array.from({ length: n }, () => String(int(r, 0, 9))).join('');

/** A local part as people choose them, from the given names, surnames and words. */
export function chosen(r: Draw, given: readonly string[], family: readonly string[], words: readonly string[]): string {
  const f = pick(r, given);
  const l = pick(r, family);
  const year = (): string => String(int(r, 1950, 2012));
  const tail = (): string => (r() < 0.5 ? year() : r() < 0.5 ? year().slice(2) : digits(r, int(r, 1, 3)));
  const shape = r();
  if (shape < 0.16) return `${f}.${l}`;
  if (shape < 0.3) return `${f}${l}`;
  if (shape < 0.36) return `${f[0]}.${l}`;
  if (shape < 0.44) return `${f[0]}${l}`;
  if (shape < 0.48) return `${f}_${l}`;
  if (shape < 0.53) return `${l}.${f}`;
  if (shape < 0.63) return `${f}${tail()}`;
  if (shape < 0.73) return `${r() < 0.5 ? `${f}.${l}` : `${f}${l}`}${tail()}`;
  if (shape < 0.78) return pick(r, words);
  if (shape < 0.88) return `${pick(r, words)}${pick(r, words)}`;
  if (shape < 0.93) return `${pick(r, words)}${pick(r, words)}${tail()}`;
  if (shape < 0.95) return `${f}${pick(r, words)}`;
  // Logins of schools, employers and East Asian portals: initials and a number (jd4821), surname and initials (kimhj, smithj).
  if (shape < 0.975) return `${f[0]}${l[0]}${r() < 0.3 ? pick(r, given)[0] : ''}${digits(r, int(r, 2, 6))}`;
  return `${l}${f[0]}${r() < 0.5 ? pick(r, given)[0] : ''}${r() < 0.5 ? digits(r, int(r, 1, 3)) : ''}`;
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const ALNUM = `${LETTERS}0123456789`;
const HEX = '0123456789abcdef';
const from = (r: Draw, alphabet: string, n: number): string => Array.from({ length: n }, () => alphabet[Math.floor(r() * alphabet.length)]!).join('');

/** A string of a real generator's shape: random letters, letters and digits, a hex slice, letters then digits. */
export function generated(r: Draw): string {
  const shape = r();
  if (shape < 0.35) return from(r, LETTERS, int(r, 6, 14));
  if (shape < 0.7) return from(r, ALNUM, int(r, 6, 16));
  if (shape < 0.85) return from(r, HEX, int(r, 8, 16));
  return from(r, LETTERS, int(r, 4, 9)) + digits(r, int(r, 2, 6));
}

/** Witten-Bell interpolated trigram model as a quantised dense cost table. */
function train(samples: readonly string[]): Uint8Array {
  const S = LOCAL_SYMBOLS;
  const uni = new Float64Array(S);
  const bi = new Float64Array(S * S);
  const tri = new Float64Array(S * S * S);
  for (const s of samples) {
    let a = 0;
    let b = 0;
    for (let i = 0; i <= s.length; i++) {
      const c = i < s.length ? localSymbol(s.charCodeAt(i)) : 0;
      uni[c]!++;
      bi[b * S + c]!++;
      tri[trigramIndex(a, b, c)]!++;
      a = b;
      b = c;
    }
  }
  const total = uni.reduce((x, y) => x + y, 0);
  const pUni = Array.from(uni, (n) => (n + 1) / (total + S));
  const pBi = new Float64Array(S * S);
  for (let b = 0; b < S; b++) {
    let n = 0;
    let types = 0;
    for (let c = 0; c < S; c++) {
      n += bi[b * S + c]!;
      if (bi[b * S + c]! > 0) types++;
    }
    for (let c = 0; c < S; c++) {
      pBi[b * S + c] = n === 0 ? pUni[c]! : (bi[b * S + c]! + types * pUni[c]!) / (n + types);
    }
  }
  const table = new Uint8Array(S * S * S);
  for (let a = 0; a < S; a++) {
    for (let b = 0; b < S; b++) {
      let n = 0;
      let types = 0;
      for (let c = 0; c < S; c++) {
        const k = tri[trigramIndex(a, b, c)]!;
        n += k;
        if (k > 0) types++;
      }
      for (let c = 0; c < S; c++) {
        const lower = pBi[b * S + c]!;
        const p = n === 0 ? lower : (tri[trigramIndex(a, b, c)]! + types * lower) / (n + types);
        table[trigramIndex(a, b, c)] = Math.min(255, Math.round(-Math.log2(p) * LOCAL_SCALE));
      }
    }
  }
  return table;
}

function readTsv(name: string, columns: number): { rows: string[][]; text: string } {
  const text = readFileSync(join(RAW, 'email', name), 'utf8');
  const rows: string[][] = [];
  text.split('\n').forEach((raw, i) => {
    const line = raw.trimEnd();
    if (line === '' || line.startsWith('#')) return;
    const cells = line.split('\t');
    if (cells.length !== columns) throw new Error(`${name}:${i + 1}: expected ${columns} columns, got ${cells.length}`);
    rows.push(cells);
  });
  return { rows, text };
}

/** Accuracy figures of the model on held-out material (written to the manifest notes and docs/email.md). */
export interface ModelFigures {
  readonly threshold: number;
  readonly heldOutChosen: number;
  readonly heldOutChosenAccuracy: number;
  readonly heldOutGenerated: number;
  readonly heldOutGeneratedAccuracy: number;
}

/** Builds the dataset, its figures and the raw inputs it read. */
export function buildLocalParts(today: string): { data: LocalPartsData; figures: ModelFigures; inputs: ManifestEntry[] } {
  const given = lineNames('first-names.json');
  const family = lineNames('last-names.json');
  const { words } = englishWords();
  const split = <T extends string>(xs: readonly T[]): [T[], T[]] => [xs.filter((x) => !heldOut(x)), xs.filter(heldOut)];
  const [givenTrain, givenHeld] = split(given);
  const [familyTrain, familyHeld] = split(family);
  const [wordsTrain, wordsHeld] = split(words);

  const N = 150_000;
  const r = prng(20261206);
  const realSamples = Array.from({ length: N }, () => chosen(r, givenTrain, familyTrain, wordsTrain));
  const genSamples = Array.from({ length: N }, () => generated(r));
  const real = train(realSamples);
  const gen = train(genSamples);

  // Threshold: 1% quantile of chosen strings drawn again from the training names and words.
  const v = prng(7);
  const validation = Array.from({ length: 20_000 }, () => chosen(v, givenTrain, familyTrain, wordsTrain))
    .filter((s) => s.length >= MIN_MODEL_LENGTH)
    .map((s) => localPartRatio(s, real, gen))
    .sort((a, b) => a - b);
  const threshold = Math.round(validation[Math.floor(validation.length * 0.01)]! * 1000) / 1000;

  // Held-out: joins of names and words the model never saw, and generated strings of another seed.
  const h = prng(99);
  const heldChosen = Array.from({ length: 20_000 }, () => chosen(h, givenHeld, familyHeld, wordsHeld)).filter((s) => s.length >= MIN_MODEL_LENGTH);
  const heldGen = Array.from({ length: 20_000 }, () => generated(h)).filter((s) => s.length >= MIN_MODEL_LENGTH);
  const okChosen = heldChosen.filter((s) => localPartRatio(s, real, gen) >= threshold).length;
  const okGen = heldGen.filter((s) => localPartRatio(s, real, gen) < threshold).length;
  const figures: ModelFigures = {
    threshold,
    heldOutChosen: heldChosen.length,
    heldOutChosenAccuracy: okChosen / heldChosen.length,
    heldOutGenerated: heldGen.length,
    heldOutGeneratedAccuracy: okGen / heldGen.length,
  };

  const placeholders = readTsv('placeholders.tsv', 2);
  const rules = readTsv('provider-rules.tsv', 12);
  const relays = readTsv('relays.tsv', 3);
  const providers: ProviderRule[] = rules.rows.map(([provider, domains, min, max, chars, first, last, repeat, tag, dots, fold, source]) => ({
    provider: provider!,
    domains: domains!.split(','),
    min: min === '-' ? null : Number(min),
    max: max === '-' ? null : Number(max),
    chars: chars === '-' ? null : chars!,
    first: first as ProviderRule['first'],
    last: last as ProviderRule['last'],
    repeat: repeat === 'yes',
    tag: tag!,
    dots: dots === 'yes',
    fold: fold === 'yes',
    source: source!,
  }));

  // Names and words the check reads a local part as: the whole tables (a rare real name is still a name).
  const data: LocalPartsData = {
    model: { threshold, minLength: MIN_MODEL_LENGTH, real: Buffer.from(real).toString('base64'), generated: Buffer.from(gen).toString('base64') },
    names: LetterTrie.fromList(joinSortedList([...given, ...family, ...particles()])).encode(),
    words: LetterTrie.fromList(joinSortedList(words.filter((w) => w.length >= 4))).encode(),
    placeholders: placeholders.rows.map(([word, reason]) => ({ word: word!, reason: reason! })),
    providers,
    relays: relays.rows.map(([domain, service, source]) => ({ domain: domain!, service: service!, source: source! })),
  };
  const ours = 'CC0-1.0 (curated for identity-signals)';
  const inputs: ManifestEntry[] = [
    { file: 'raw/email/placeholders.tsv', source: 'curated by hand', licence: ours, date: today, sha256: sha256(placeholders.text) },
    { file: 'raw/email/provider-rules.tsv', source: 'curated by hand from the providers\' help pages (URLs in the file)', licence: ours, date: today, sha256: sha256(rules.text) },
    { file: 'raw/email/relays.tsv', source: 'curated by hand from the services\' help pages (URLs in the file)', licence: ours, date: today, sha256: sha256(relays.text) },
    // data/raw/name/english-word-classes.txt.br is the name builder's input and recorded there (one entry per file).
  ];
  return { data, figures, inputs };
}
