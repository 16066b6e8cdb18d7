/**
 * Maker table builder: data/raw/device/brand-tokens.csv (the maker list) and
 * data/raw/device/maker-rules.csv (curated code families, product lines and
 * IE OEM tokens) → data/device/makers.json, the one table of maker rows
 * `[on, pattern, brand, kind, why]` that every brand path of the device
 * check reads (src/device/data/brands.ts, src/device/codeFamilies.ts).
 *
 * The CSV lists device makers (not user agents): the canonical display name,
 * the spellings makers put in user agents and Build.MODEL strings, and what
 * they mostly make. A token written `=Sky` is *exact-only*: it names the brand
 * only as a whole leading word followed by a model code, because the bare
 * word is also an ordinary word or another product's name.
 *
 * Validation (a bad row fails the build with its line): known kinds only;
 * no token shorter than two characters; a token names one brand only (after
 * lower-casing and dropping spaces, '-', '_' and '.'); no duplicate brand.
 */
import { join } from 'node:path';
import { MAKERS } from '../../src/device/data/formats.js';
import type { MakerTableJson } from '../../src/device/data/formats.js';
import { sha256, writeDataset } from '../lib/generated.js';
import type { ManifestEntry } from '../lib/generated.js';
import { readCsv } from './csv.js';

const SCRIPT = 'scripts/device/build.ts';
/** Date the brand vocabulary was last reviewed. */
const CURATED_DATE = '2026-11-22';

/** What a maker mostly makes; the runtime hands these to the category logic. */
export const BRAND_KINDS = [
  'phone',
  'feature_phone',
  'tablet',
  'tv',
  'stb',
  'media_player',
  'wearable',
  'desktop',
  'laptop',
  'console',
  'car',
  'ereader',
  'camera',
  'smart_speaker',
  'smart_display',
  'projector',
  'peripheral',
  'pos',
  'rugged',
] as const;
export type BrandKind = (typeof BRAND_KINDS)[number];

/** The parsed maker list: brands with their kinds, tokens pointing at a brand. */
export interface BrandTable {
  /** [canonical name, kinds] per brand, sorted by name. */
  brands: [string, string[]][];
  /** [token as written, brand index, 1 when exact-only]; sorted by token. */
  tokens: [string, number, number][];
}

/**
 * Where a maker row applies: `token` / `exact` a spelling of the maker in a
 * UA (exact = only as a whole leading word before a model code), `code` a
 * model-code family, `line` a product line or scheme tried first, `oem` an
 * Internet Explorer OEM field, `platform` a word of the UA naming a platform
 * or product only one maker ships (`Web0S` LG, `Silk` Amazon), `parent` a
 * sub-brand (the pattern) sold under its parent maker's model numbers, `split`
 * a sub-brand reported as a brand of its own although the model table files
 * it under its parent with the sub-brand leading the marketing name.
 */
export const RULE_ON = ['token', 'exact', 'code', 'line', 'oem', 'platform', 'parent', 'split'] as const;
export type RuleOn = (typeof RULE_ON)[number];

/** Device categories a curated rule may name (src/device/types.ts DeviceCategory, less robot/unknown). */
export const RULE_KINDS = [
  'desktop', 'smartphone', 'phablet', 'tablet', 'feature_phone', 'tv', 'console', 'car', 'media_player',
  'smart_display', 'smart_speaker', 'camera', 'wearable', 'peripheral',
] as const;

/** One row of the compiled table: where it applies, its pattern, the brand index, the device kind ('' = mixed) and why. */
export type MakerRow = [RuleOn, string, number, string, string];

/** The generated table (data/device/makers.json). */
export interface MakerTable {
  /** [canonical name, kinds] per maker, sorted by name. */
  brands: [string, string[]][];
  /** Token rows first (sorted by token), then the curated rows in file order. */
  rows: MakerRow[];
}

/** Characters a shape may use besides letters, digits and the literal punctuation of codes. */
const SHAPE_TOKENS = new Set(['#', '~', '@', '%', '&', '!', '|', '*']);

/** Why a shape is malformed, or undefined when it is fine. */
export function shapeProblem(shape: string): string | undefined {
  if (shape.length < 2) return 'shorter than 2 characters';
  const star = shape.indexOf('*');
  if (star >= 0 && star !== shape.length - 1) return '* only at the end';
  for (const ch of shape) {
    const ok = SHAPE_TOKENS.has(ch) || /[A-Z0-9 .'+/-]/i.test(ch);
    if (!ok) return `unexpected character ${JSON.stringify(ch)}`;
  }
  if (!/[A-Z0-9]/i.test(shape) && !/[#~@%&]/.test(shape)) return 'matches nothing specific';
  return undefined;
}

/**
 * Validates the curated rules against the maker list and compiles the table.
 * Each rule's brand must be a maker of the list spelled exactly as the list
 * spells it (one spelling per maker on every path); `on` one of code, line,
 * oem, platform, parent, split; kind empty or a device category (empty for
 * parent and split); a code or line pattern a valid shape, a sub-brand a
 * plain name other than its parent's; a why given; no pattern twice for the
 * same `on`.
 */
export function compileMakers(
  table: BrandTable,
  rules: readonly { line: number; cells: Readonly<Record<string, string>> }[],
): { table: MakerTable; stats: { rules: number; byOn: Record<string, number> } } {
  const index = new Map(table.brands.map(([name], i) => [name, i]));
  const rows: MakerRow[] = table.tokens.map(([text, brand, exact]) => [exact === 1 ? 'exact' : 'token', text, brand, '', '']);
  const byOn: Record<string, number> = {};
  const seen = new Set<string>();
  for (const { line, cells } of rules) {
    const on = (cells.on ?? '').trim();
    const pattern = (cells.pattern ?? '').trim();
    const brand = (cells.brand ?? '').trim();
    const kind = (cells.kind ?? '').trim();
    const why = (cells.why ?? '').trim();
    if (on !== 'code' && on !== 'line' && on !== 'oem' && on !== 'platform' && on !== 'parent' && on !== 'split') throw new Error(`maker-rules.csv:${line}: unknown on "${on}"`);
    const b = index.get(brand);
    if (b === undefined) throw new Error(`maker-rules.csv:${line}: brand "${brand}" is not a maker of brand-tokens.csv (spelled exactly as there)`);
    if (kind !== '' && !(RULE_KINDS as readonly string[]).includes(kind)) throw new Error(`maker-rules.csv:${line}: unknown kind ${kind}`);
    if (why === '') throw new Error(`maker-rules.csv:${line}: no why`);
    if (on === 'oem') {
      if (!/^[A-Z0-9]{4,6}$/.test(pattern)) throw new Error(`maker-rules.csv:${line}: OEM token "${pattern}" must be 4-6 capitals or digits`);
    } else if (on === 'parent' || on === 'split') {
      if (!/^[a-z0-9][a-z0-9 ]{1,39}$/i.test(pattern)) throw new Error(`maker-rules.csv:${line}: sub-brand "${pattern}" must be a name of 2-40 letters, digits and spaces`);
      if (kind !== '') throw new Error(`maker-rules.csv:${line}: a ${on} row names no kind`);
      if (squashToken(pattern) === squashToken(brand)) throw new Error(`maker-rules.csv:${line}: sub-brand "${pattern}" is its own parent`);
    } else {
      const problem = shapeProblem(pattern);
      if (problem !== undefined) throw new Error(`maker-rules.csv:${line}: shape "${pattern}": ${problem}`);
    }
    const key = `${on} ${pattern.toUpperCase()}`;
    if (seen.has(key)) throw new Error(`maker-rules.csv:${line}: ${on} pattern "${pattern}" listed twice`);
    seen.add(key);
    rows.push([on, pattern, b, kind, why]);
    byOn[on] = (byOn[on] ?? 0) + 1;
  }
  return { table: { brands: table.brands, rows }, stats: { rules: rules.length, byOn } };
}

/** Lower-cases and drops the separators makers vary: 'Sony-Ericsson' = 'sony ericsson' = 'sonyericsson'. */
export function squashToken(text: string): string {
  let out = '';
  const lower = text.toLowerCase();
  for (const ch of lower) {
    if (ch !== ' ' && ch !== '-' && ch !== '_' && ch !== '.') out += ch;
  }
  return out;
}

/** Parses and validates the CSV text; throws with the line of the first bad row. */
export function parseBrandRows(rows: readonly { line: number; cells: Readonly<Record<string, string>> }[]): {
  table: BrandTable;
  stats: { brands: number; tokens: number; exactOnly: number; byKind: Record<string, number> };
} {
  const brands = new Map<string, { name: string; kinds: string[]; tokens: { text: string; exact: boolean }[] }>();
  const owner = new Map<string, string>();
  for (const { line, cells } of rows) {
    const name = (cells.brand ?? '').trim();
    if (name === '') throw new Error(`brand-tokens.csv:${line}: empty brand`);
    const key = squashToken(name);
    if (brands.has(key)) throw new Error(`brand-tokens.csv:${line}: duplicate brand ${name}`);
    const kinds = (cells.kinds ?? '')
      .split('|')
      .map((k) => k.trim())
      .filter((k) => k !== '');
    if (kinds.length === 0) throw new Error(`brand-tokens.csv:${line}: no kinds for ${name}`);
    for (const k of kinds) {
      if (!(BRAND_KINDS as readonly string[]).includes(k)) throw new Error(`brand-tokens.csv:${line}: unknown kind ${k}`);
    }
    const tokens: { text: string; exact: boolean }[] = [];
    const listed = (cells.tokens ?? '')
      .split('|')
      .map((t) => t.trim())
      .filter((t) => t !== '');
    const seen = new Set<string>();
    for (const raw of listed) {
      const exact = raw.startsWith('=');
      const text = exact ? raw.slice(1).trim() : raw;
      if (text.length < 2) throw new Error(`brand-tokens.csv:${line}: token "${raw}" shorter than 2 characters`);
      // Matching is case-insensitive, so a second casing of a listed token adds nothing.
      if (seen.has(text.toLowerCase())) continue;
      seen.add(text.toLowerCase());
      tokens.push({ text, exact });
    }
    // The canonical name is a token unless the row already spells it (perhaps as exact-only).
    if (!seen.has(name.toLowerCase())) tokens.unshift({ text: name, exact: false });
    for (const t of tokens) {
      for (const k of new Set([t.text.toLowerCase(), squashToken(t.text)])) {
        const prev = owner.get(k);
        if (prev !== undefined && prev !== key) throw new Error(`brand-tokens.csv:${line}: token "${t.text}" already names ${brands.get(prev)?.name ?? prev}`);
        owner.set(k, key);
      }
    }
    brands.set(key, { name, kinds, tokens });
  }
  const sorted = [...brands.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const table: BrandTable = { brands: [], tokens: [] };
  const byKind: Record<string, number> = {};
  let exactOnly = 0;
  sorted.forEach((b, i) => {
    table.brands.push([b.name, b.kinds]);
    for (const k of b.kinds) byKind[k] = (byKind[k] ?? 0) + 1;
    for (const t of b.tokens) {
      table.tokens.push([t.text, i, t.exact ? 1 : 0]);
      if (t.exact) exactOnly++;
    }
  });
  table.tokens.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
  return { table, stats: { brands: table.brands.length, tokens: table.tokens.length, exactOnly, byKind } };
}

/**
 * Builds data/device/makers.json from data/raw/device/brand-tokens.csv and
 * data/raw/device/maker-rules.csv and adds their manifest entries.
 */
export function buildBrands(root: string, manifest: ManifestEntry[]): { brands: number; tokens: number; rules: number } {
  const csv = readCsv(join(root, 'data', 'raw', 'device', 'brand-tokens.csv'));
  for (const col of ['brand', 'tokens', 'kinds', 'note']) {
    if (!csv.header.includes(col)) throw new Error(`brand-tokens.csv: missing column ${col}`);
  }
  const rulesCsv = readCsv(join(root, 'data', 'raw', 'device', 'maker-rules.csv'));
  for (const col of ['on', 'pattern', 'brand', 'kind', 'why']) {
    if (!rulesCsv.header.includes(col)) throw new Error(`maker-rules.csv: missing column ${col}`);
  }
  const { table, stats } = parseBrandRows(csv.rows);
  const makers = compileMakers(table, rulesCsv.rows);
  const byOn = Object.entries(makers.stats.byOn)
    .map(([on, n]) => `${n} ${on}`)
    .join(', ');
  writeDataset(SCRIPT, MAKERS, makers.table as unknown as MakerTableJson, {
    source: 'data/raw/device/brand-tokens.csv + data/raw/device/maker-rules.csv (curated)',
    licence: 'MIT (curated vocabulary and rules, this project)',
    retrieved: CURATED_DATE,
    notes: `${stats.brands} makers, ${stats.tokens} tokens (${stats.exactOnly} exact-only), ${makers.stats.rules} curated rules (${byOn})`,
  });
  manifest.push({
    file: 'data/raw/device/brand-tokens.csv',
    source: 'curated by hand for identity-signals; sources in the header comment and the note column',
    licence: 'MIT',
    date: CURATED_DATE,
    sha256: sha256(csv.text),
  });
  manifest.push({
    file: 'data/raw/device/maker-rules.csv',
    source: "curated by hand for identity-signals from the makers' own product naming; why per row",
    licence: 'MIT',
    date: CURATED_DATE,
    sha256: sha256(rulesCsv.text),
  });
  return { brands: stats.brands, tokens: stats.tokens, rules: makers.stats.rules };
}
