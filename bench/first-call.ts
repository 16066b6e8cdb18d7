/**
 * First-call time per product in a fresh process, with the data bundle's
 * verification (issue 13): each product runs in its own child process, which
 * imports the built package (dist/), creates a checker and times its first
 * call; then, in the same process, how much of that was verification (size +
 * sha256 of each file the product reads, and the shape check of its decoded
 * content), measured on the files again.
 *
 *   npm run build && npx tsx bench/first-call.ts
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PRODUCTS = ['email', 'device', 'ip', 'phone', 'name'] as const;
type Product = (typeof PRODUCTS)[number];

const CALLS: Record<Product, string> = {
  email: "c.email('jane@gmial.com')",
  device: "c.device('Mozilla/5.0 (Linux; Android 14; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36')",
  ip: "c.ip('81.2.69.142')",
  phone: "c.phone('+39 333 123 4567')",
  name: "c.name('Siobhan', 'Kowalski')",
};

async function child(product: Product): Promise<void> {
  let t = performance.now();
  const lib = (await import(pathToFileURL(join(root, 'dist', 'index.js')).href)) as typeof import('../src/index.js');
  const importMs = performance.now() - t;
  t = performance.now();
  const c = lib.createChecker();
  const createMs = performance.now() - t;
  const call = new Function('c', CALLS[product]) as (checker: typeof c) => unknown;
  t = performance.now();
  call(c);
  const firstMs = performance.now() - t;
  t = performance.now();
  call(c);
  const secondMs = performance.now() - t;
  // What verification costs: the files this product read, hashed again, and their shape walked again.
  const info = c.dataInfo().filter((d) => d.product === product && d.verified);
  const { DATASETS } = (await import(pathToFileURL(join(root, 'src', 'data', 'datasets.ts')).href)) as typeof import('../src/data/datasets.js');
  let hashMs = 0;
  let shapeMs = 0;
  let bytes = 0;
  for (const d of info) {
    const file = readFileSync(join(d.bundle, d.file));
    bytes += file.length;
    let s = performance.now();
    createHash('sha256').update(file).digest('hex');
    hashMs += performance.now() - s;
    const format = DATASETS.find((f) => f.file === d.file)!;
    const data: unknown =
      format.encoding === 'json' ? (JSON.parse(file.toString('utf8')) as { data: unknown }).data : JSON.parse(payloadOf(brotliDecompressSync(file)));
    s = performance.now();
    format.check(data);
    shapeMs += performance.now() - s;
  }
  console.log(
    JSON.stringify({
      product,
      import_ms: round(importMs),
      create_checker_ms: round(createMs),
      first_call_ms: round(firstMs),
      second_call_ms: round(secondMs, 3),
      files: info.length,
      file_mb: round(bytes / 1048576, 2),
      verify_sha256_ms: round(hashMs),
      verify_shape_ms: round(shapeMs),
    }),
  );
}

/** The JSON payload of a range table (header: magic, version, n4, n6, json bytes). */
function payloadOf(bytes: Buffer): string {
  const n4 = bytes.readUInt32LE(8);
  const n6 = bytes.readUInt32LE(12);
  const json = bytes.readUInt32LE(16);
  const start = 24 + 8 * n4 + 20 * n6;
  return bytes.subarray(start, start + json).toString('utf8');
}

const round = (n: number, digits = 1): number => Math.round(n * 10 ** digits) / 10 ** digits;

const only = process.argv.indexOf('--product');
if (only >= 0) {
  await child(process.argv[only + 1] as Product);
} else {
  for (const product of PRODUCTS) {
    const run = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--product', product], { cwd: root, encoding: 'utf8' });
    process.stdout.write(run.stdout);
    if (run.status !== 0) process.stderr.write(run.stderr);
  }
}
