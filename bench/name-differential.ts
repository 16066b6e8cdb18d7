/**
 * Differential check for speed work on the name check (speed
 * follow-up), a developer's tool rather than a suite test: on a fresh
 * checkout there is no snapshot to compare with, so in the suite it could
 * only pass vacuously. Every fixture name and a seeded sample of 20,000 pairs drawn
 * from the shipped first- and last-name tables (every 5th with a country
 * hint) are checked, each run of 500 four times in a row (the later rounds
 * are answered from the check's memos where they hold a key; every round
 * must give the first's answers), and each result is compared field by
 * field with a snapshot of the same inputs taken from the code before the speed work.
 *
 * The snapshot lives in .tmp/ (not committed: it is tied to the data files
 * of this tree, and records their sha256s). When it is missing, or was taken
 * on other name data, it is written from the current code: run
 * `npx tsx bench/name-differential.ts --write` on the unchanged code, make
 * the change, then `npx tsx bench/name-differential.ts` exits 1 listing the
 * first differences, or 0 when every field agrees. `--any-data` compares
 * with a snapshot taken on other name data: for a change of the data's
 * layout only (same names, same counts), where the answers are what says
 * whether anything changed. `--snapshot <file>`: read (or with `--write`,
 * write) that snapshot instead: take it in a copy of the tree at the commit
 * before a change (`git archive <commit> | tar -x -C <dir>`), then compare
 * this tree with it, while other work goes on in this tree.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createNameCheck } from '../src/name/index.js';
import { fakeNames, realNames } from '../test/name/fixtures.js';
import { prng as rng } from '../test/support/prng.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// `--snapshot <file>`: another snapshot file (e.g. one taken in a copy of the tree at the commit before a change).
const snapshotAt = process.argv.indexOf('--snapshot');
const SNAPSHOT = snapshotAt >= 0 ? process.argv[snapshotAt + 1]! : join(root, '.tmp', 'name-differential.json');
const SAMPLE = 20_000;
const COUNTRIES = ['IT', 'DE', 'US', 'RU', 'FR', 'BR', 'IN', 'TR'];

/**
 * The names of a table file: an array (format 2), or the keys of a line
 * table (format 3, src/name/data/lineTable.ts). Of first names, only those
 * with sex counts (lines with a value), which is what format 2's `names`
 * held: the sample stays the same across the two layouts.
 */
function names(file: string): string[] {
  const names = (JSON.parse(readFileSync(join(root, 'data', 'name', file), 'utf8')) as { data: { names: string[] | string } }).data.names;
  if (typeof names !== 'string') return names;
  return names
    .split('\n')
    .filter((line) => file !== 'first-names.json' || line.includes('\t'))
    .map((line) => line.split('\t')[0]!);
}

const cap = (s: string): string => s.replace(/(^|[\s-])(\p{L})/gu, (_m, sep: string, c: string) => sep + c.toUpperCase());

/** The inputs: fixtures, then the seeded sample (capitalised as typed on a form, every 11th left lower case). */
function inputs(): [string, string, string | undefined][] {
  const out: [string, string, string | undefined][] = [...realNames(), ...fakeNames()].map((n) => [n.first, n.last, undefined]);
  const firsts = names('first-names.json');
  const lasts = names('last-names.json');
  const next = rng(18);
  for (let i = 0; i < SAMPLE; i++) {
    const f = firsts[Math.floor(next() * firsts.length)]!;
    const l = lasts[Math.floor(next() * lasts.length)]!;
    const lower = i % 11 === 0;
    out.push([lower ? f : cap(f), lower ? l : cap(l), i % 5 === 0 ? COUNTRIES[i % COUNTRIES.length] : undefined]);
  }
  return out;
}

/** The sha256s of the name datasets in the manifest: a snapshot holds only for the data it was taken on. */
function nameDataHashes(): string {
  const manifest = JSON.parse(readFileSync(join(root, 'data', 'manifest.json'), 'utf8')) as { datasets: { product: string; file: string; sha256: string }[] };
  return manifest.datasets
    .filter((d) => d.product === 'name')
    .map((d) => `${d.file}:${d.sha256}`)
    .join(' ');
}

const check = createNameCheck();
const list = inputs();
type Answer = { input: (string | null)[]; result: ReturnType<typeof check> };
// Each run of CHUNK inputs is checked ROUNDS times in a row, and every round must give the first round's
// answers: the memos of part analyses and key facts remember a key from its second meeting within about 4,096
// new keys (their admission windows), the token codes' memo from its first. A round of 500 inputs brings ~1,000
// new keys, so a window empties at most once in any two rounds and the later rounds' part and key lookups are
// mostly answered from the memos. Keys already remembered before
// a run are compared memo against memo: only the snapshot catches a memo that is wrong the same way every time.
const CHUNK = 500;
const ROUNDS = 4;
const current: Answer[] = [];
const roundDiffs: string[] = [];
for (let start = 0; start < list.length; start += CHUNK) {
  const chunk = list.slice(start, start + CHUNK);
  const round = (): string[] =>
    chunk.map(([f, l, country]) => JSON.stringify({ input: [f, l, country ?? null], result: check(f, l, country === undefined ? undefined : { country }) }));
  const first = round();
  let last = first;
  for (let r = 1; r < ROUNDS; r++) {
    last = round();
    for (let i = 0; i < first.length; i++) if (last[i] !== first[i]) roundDiffs.push(`round ${r + 1}: ${first[i]} → ${last[i]}`);
  }
  for (const line of last) current.push(JSON.parse(line) as Answer);
}
if (roundDiffs.length > 0) {
  console.error(`name differential: ${roundDiffs.length} answers of a later round differ from the first (a memo answer differs from a fresh one):\n${roundDiffs.slice(0, 10).join('\n')}`);
  if (process.argv.includes('--write')) console.error('name differential: not writing a snapshot');
  process.exit(1);
}
const data = nameDataHashes();
const saved = existsSync(SNAPSHOT) ? (JSON.parse(readFileSync(SNAPSHOT, 'utf8')) as { data?: string; results?: Answer[] }) : undefined;
if (process.argv.includes('--write')) {
  mkdirSync(dirname(SNAPSHOT), { recursive: true });
  writeFileSync(SNAPSHOT, JSON.stringify({ data, results: current }));
  console.log(`name differential: snapshot of ${current.length} results written to ${SNAPSHOT}`);
} else if (saved?.results === undefined || (saved.data !== data && !process.argv.includes('--any-data'))) {
  console.error(`name differential: no snapshot for this name data at ${SNAPSHOT}; take one with --write on the unchanged code first`);
  process.exitCode = 1;
} else {
  const before = saved.results;
  const diffs: string[] = [];
  if (before.length !== current.length) diffs.push(`${before.length} results before, ${current.length} now`);
  for (let i = 0; i < Math.min(before.length, current.length); i++) {
    const a = before[i]!;
    const b = current[i]!;
    for (const field of Object.keys({ ...a.result, ...b.result }) as (keyof typeof a.result)[]) {
      if (JSON.stringify(a.result[field]) !== JSON.stringify(b.result[field])) {
        diffs.push(`${JSON.stringify(a.input)} ${field}: ${JSON.stringify(a.result[field])} → ${JSON.stringify(b.result[field])}`);
      }
    }
  }
  console.log(diffs.length === 0 ? `name differential: ${current.length} results, every field unchanged` : diffs.slice(0, 20).join('\n'));
  if (diffs.length > 0) process.exitCode = 1;
}
