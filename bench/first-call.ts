/**
 * Cold start per product: the time a fresh process takes
 * to import the built package (dist/), create a checker and answer its first
 * call, with the data bundle's verification (size + sha256 of each file the
 * call reads, and the shape check of its decoded content) included. The
 * README's first-call figures come from this table.
 *
 *   npm run build && npx tsx bench/first-call.ts [--runs 5] [--case email,phone] [--dist DIR] [--json]
 *
 * Each run of each case is its own `node` process (plain node, no tsx
 * loader, importing dist/ as a user would); runs of the cases are
 * interleaved so that a burst of load on the shared machine hits every case
 * alike. Reported: the median over the runs of the wall time, and of the CPU
 * time (process.cpuUsage, user + system) which load distorts less; the
 * second call shows what a warm call costs. "verify" is measured again in
 * this process on the files the child read (warm, median of the runs): how
 * much of the first call was sha256 and shape checking.
 *
 * Adding a case (another product, or another path through one): append to
 * CASES below. `product` selects which datasets count as the case's files.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { decodeDataset } from '../src/data/bundle.js';
import { DATASETS } from '../src/registry.js';
import type { DataProduct, DatasetFormat } from '../src/data/format.js';
import { median } from './serverRequests.js';

interface BenchCase {
  /** Row label (`email`, `ip-city`). */
  readonly name: string;
  readonly product: DataProduct;
  /** The call, as JavaScript over the checker `c`. */
  readonly call: string;
  /** Options of `createChecker`, as JavaScript (default none). */
  readonly options?: string;
  /** The module imported, relative to dist/ (default the package root, `index.js`). */
  readonly entry?: string;
}

const CASES: readonly BenchCase[] = [
  // A domain on no list: every e-mail list is consulted (disposable, mailchecker, free providers, roles, popular domains).
  { name: 'email', product: 'email', call: "c.email('jane@acme-widgets.com')" },
  { name: 'email-typo', product: 'email', call: "c.email('jane@gmial.com')" },
  {
    name: 'device',
    product: 'device',
    call: "c.device('Mozilla/5.0 (Linux; Android 14; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36')",
  },
  // An iPhone names no model code: the lookup falls through to the spelling-variant and name indexes.
  {
    name: 'device-iphone',
    product: 'device',
    call: "c.device('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1')",
  },
  { name: 'ip', product: 'ip', call: "c.ip('81.2.69.142')" },
  { name: 'phone', product: 'phone', call: "c.phone('+39 333 123 4567')" },
  // The largest geocoding section (China, +86): the worst first number of a calling code.
  { name: 'phone-cn', product: 'phone', call: "c.phone('+86 10 6552 9988')" },
  { name: 'name', product: 'name', call: "c.name('Siobhan', 'Kowalski')" },
];

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** What one child process measured. */
interface Sample {
  readonly import_ms: number;
  readonly import_cpu_ms: number;
  readonly create_ms: number;
  readonly first_ms: number;
  readonly first_cpu_ms: number;
  readonly second_us: number;
  /** Files of the case's product read and verified by the first call: [bundle dir, file]. */
  readonly files: readonly (readonly [string, string])[];
}

/**
 * The child: plain ESM run by `node --input-type=module -e`, so that
 * nothing but node and the package is timed. Its arguments come in argv.
 */
const CHILD = `
const [entryUrl, product, options, call] = process.argv.slice(1);
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
let t = performance.now(), u = cpu();
const lib = await import(entryUrl);
const import_ms = performance.now() - t, import_cpu_ms = cpu() - u;
const run = new Function('c', 'return ' + call);
t = performance.now();
const c = lib.createChecker(new Function('return ' + options)());
const create_ms = performance.now() - t;
t = performance.now(); u = cpu();
run(c);
const first_ms = performance.now() - t, first_cpu_ms = cpu() - u;
t = performance.now();
run(c);
const second_us = (performance.now() - t) * 1000;
const files = c.dataInfo().filter((d) => d.product === product && d.verified).map((d) => [d.bundle, d.file]);
console.log(JSON.stringify({ import_ms, import_cpu_ms, create_ms, first_ms, first_cpu_ms, second_us, files }));
`;

function sample(dist: string, c: BenchCase): Sample {
  const entry = pathToFileURL(join(dist, c.entry ?? 'index.js')).href;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', CHILD, entry, c.product, c.options ?? 'undefined', c.call], {
    cwd: root,
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(`${c.name}: the child failed (exit ${child.status}):\n${child.stderr}`);
  return JSON.parse(child.stdout) as Sample;
}

/** The value `check` walks: a JSON file's `data`; a range table's JSON payload. */
function shapeInput(format: DatasetFormat<never>, decoded: unknown): unknown {
  return format.encoding === 'range-table' ? (decoded as { payload: unknown }).payload : decoded;
}

/** sha256 and shape-check time of the files, measured here (warm), in ms. */
function verifyCost(files: Sample['files']): { bytes: number; sha256_ms: number; shape_ms: number } {
  let bytes = 0;
  let sha256Ms = 0;
  let shapeMs = 0;
  for (const [bundle, file] of files) {
    const format = DATASETS.find((f) => f.file === file);
    if (format === undefined) continue;
    const data = readFileSync(join(bundle, file));
    bytes += data.length;
    let t = performance.now();
    createHash('sha256').update(data).digest('hex');
    sha256Ms += performance.now() - t;
    let value: unknown;
    try {
      value = shapeInput(format, decodeDataset(format, data, join(bundle, file)));
    } catch {
      // A bundle of another format version than this checkout's src/ (benching an older dist): no shape figure.
      shapeMs = NaN;
      continue;
    }
    t = performance.now();
    format.check(value);
    shapeMs += performance.now() - t;
  }
  return { bytes, sha256_ms: sha256Ms, shape_ms: shapeMs };
}

/** A figure for the table; n/a for a verification cost not measurable here (a dist of another format version). */
const fixed = (n: number, digits = 1): string => (Number.isNaN(n) ? 'n/a' : n.toFixed(digits));

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    case: { type: 'string' },
    dist: { type: 'string', default: join(root, 'dist') },
    json: { type: 'boolean', default: false },
  },
});
const runs = Number(args.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a whole number >= 1');
const wanted = args.case?.split(',');
const cases = wanted === undefined ? CASES : CASES.filter((c) => wanted.includes(c.name));
if (cases.length === 0) throw new Error(`--case: none of ${args.case} (known: ${CASES.map((c) => c.name).join(', ')})`);
const dist = resolve(args.dist);

const loadBefore = loadavg()[0]!;
const samples = new Map<string, Sample[]>(cases.map((c) => [c.name, []]));
for (let r = 0; r < runs; r++) for (const c of cases) samples.get(c.name)!.push(sample(dist, c));
const loadAfter = loadavg()[0]!;

const rows = cases.map((c) => {
  const s = samples.get(c.name)!;
  const m = (key: keyof Omit<Sample, 'files'>): number => median(s.map((x) => x[key]));
  const verify = s.map((x) => verifyCost(x.files));
  return {
    case: c.name,
    import_ms: m('import_ms'),
    import_cpu_ms: m('import_cpu_ms'),
    create_ms: m('create_ms'),
    first_ms: m('first_ms'),
    first_cpu_ms: m('first_cpu_ms'),
    total_ms: median(s.map((x) => x.import_ms + x.create_ms + x.first_ms)),
    second_us: m('second_us'),
    files: s[0]!.files.length,
    file_mb: verify[0]!.bytes / 1048576,
    sha256_ms: median(verify.map((v) => v.sha256_ms)),
    shape_ms: median(verify.map((v) => v.shape_ms)),
  };
});

if (args.json) {
  console.log(JSON.stringify({ runs, node: process.version, cpus: cpus().length, load: [loadBefore, loadAfter], rows }, null, 1));
} else {
  console.log(
    `first call in a fresh process: median of ${runs} runs per case, ${process.version}, ${cpus().length} cores, ` +
      `load average ${fixed(loadBefore, 2)} → ${fixed(loadAfter, 2)}; dist: ${dist}\n`,
  );
  console.log('| case | import ms (CPU) | createChecker ms | first call ms (CPU) | import + create + first ms | second call µs | files read (MB) | of which verify: sha256 / shape ms |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(
      `| ${r.case} | ${fixed(r.import_ms)} (${fixed(r.import_cpu_ms)}) | ${fixed(r.create_ms)} | ${fixed(r.first_ms)} (${fixed(r.first_cpu_ms)}) | ` +
        `${fixed(r.total_ms)} | ${fixed(r.second_us, 0)} | ${r.files} (${fixed(r.file_mb, 2)}) | ${fixed(r.sha256_ms)} / ${fixed(r.shape_ms)} |`,
    );
  }
}
