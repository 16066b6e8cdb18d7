/**
 * Brand vocabulary builder: data/raw/device/brand-tokens.csv →
 * data/device/brand-tokens.json (read by src/device/data/brands.ts).
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
import { generatedJson, sha256, writeGenerated } from '../lib/generated.js';
import type { ManifestEntry } from '../lib/generated.js';
import { readCsv } from './csv.js';

const SCRIPT = 'scripts/device/build.ts';
/** Must equal BRANDS_FORMAT in src/device/data/brands.ts. */
export const BRANDS_FORMAT = 1;
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

/** The generated table: brands with their kinds, tokens pointing at a brand. */
export interface BrandTable {
  /** [canonical name, kinds] per brand, sorted by name. */
  brands: [string, string[]][];
  /** [token as written, brand index, 1 when exact-only]; sorted by token. */
  tokens: [string, number, number][];
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
 * Builds data/device/brand-tokens.json from data/raw/device/brand-tokens.csv
 * and adds its two manifest entries.
 */
export function buildBrands(root: string, manifest: ManifestEntry[]): { brands: number; tokens: number } {
  const csv = readCsv(join(root, 'data', 'raw', 'device', 'brand-tokens.csv'));
  for (const col of ['brand', 'tokens', 'kinds', 'note']) {
    if (!csv.header.includes(col)) throw new Error(`brand-tokens.csv: missing column ${col}`);
  }
  const { table, stats } = parseBrandRows(csv.rows);
  const json = generatedJson(SCRIPT, BRANDS_FORMAT, table);
  writeGenerated('device/brand-tokens.json', json);
  manifest.push({
    file: 'device/brand-tokens.json',
    source: 'data/raw/device/brand-tokens.csv',
    licence: 'MIT (curated vocabulary, this project)',
    date: CURATED_DATE,
    sha256: sha256(json),
    formatVersion: BRANDS_FORMAT,
    notes: `${stats.brands} brands, ${stats.tokens} tokens (${stats.exactOnly} exact-only)`,
  });
  manifest.push({
    file: 'data/raw/device/brand-tokens.csv',
    source: 'curated by hand for identity-signals; sources in the header comment and the note column',
    licence: 'MIT',
    date: CURATED_DATE,
    sha256: sha256(csv.text),
  });
  return { brands: stats.brands, tokens: stats.tokens };
}
