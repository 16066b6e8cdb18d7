/**
 * Behaviour digests, a developer's tool for changes that must not change a
 * result (a refactor, a speed change): records every product's results on
 * large input sets, then compares a later tree with the record, listing
 * each input whose result differs.
 *
 *   npx tsx scripts/behaviour/record.ts --write .tmp/behaviour     (on the unchanged code)
 *   npx tsx scripts/behaviour/record.ts --check .tmp/behaviour     (after the change; exits 1 on a difference)
 *   … --product email,phone                                        (only these products)
 *
 * The record keeps each input beside its result's sha1, so a check replays
 * the recorded inputs whatever the generators below have become. Inputs: the
 * corpora and fixtures of each product that hold inputs (test/fixtures, the
 * sign-up corpus; the IP fixtures hold digests, so IP inputs are the seeded
 * bench corpus and a few special addresses) and seeded generated inputs, at
 * least 100,000 per product; identities mix the five. Results are taken through the public `createChecker` with a
 * pinned clock, so they do not depend on the day.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { getCountries, getCountryCallingCode } from 'libphonenumber-js';
import { createChecker } from '../../src/index.js';
import { prng } from '../../test/support/prng.js';
import { distinct, hostile, realistic, unseen } from '../../bench/emailCorpus.js';
import { benchCorpus } from '../../bench/ip-corpus.js';
import { fakeNames, realNames } from '../../test/name/fixtures.js';

const ROOT = join(import.meta.dirname, '..', '..');
const FIX = join(ROOT, 'test', 'fixtures');
const NOW = new Date('2026-12-01T12:00:00Z');
const PRODUCTS = ['email', 'device', 'ip', 'phone', 'name', 'identity'] as const;
type Product = (typeof PRODUCTS)[number];
/** One recorded call: the product's arguments as given to the checker. */
type Call = readonly unknown[];

const argv = process.argv.slice(2);
const flag = (name: string): string | undefined => {
  const at = argv.indexOf(name);
  return at >= 0 ? argv[at + 1] : undefined;
};
const writeDir = flag('--write');
const checkDir = flag('--check');
const only = flag('--product')?.split(',') as Product[] | undefined;
if ((writeDir === undefined) === (checkDir === undefined)) {
  console.error('usage: npx tsx scripts/behaviour/record.ts --write DIR | --check DIR [--product email,device,ip,phone,name,identity]');
  process.exit(2);
}

const jsonl = (file: string): Record<string, unknown>[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

function emailCalls(): Call[] {
  const out = new Set<string>();
  const strings = (v: unknown): void => {
    if (typeof v === 'string') {
      if (v.includes('@')) out.add(v);
    } else if (Array.isArray(v)) v.forEach(strings);
    else if (v !== null && typeof v === 'object') Object.values(v).forEach(strings);
  };
  for (const f of readdirSync(join(FIX, 'email'))) strings(JSON.parse(readFileSync(join(FIX, 'email', f), 'utf8')));
  for (const row of jsonl(join(FIX, 'signups', 'signups.jsonl'))) strings(row.email);
  for (const list of [realistic(), unseen(), hostile(), distinct()]) for (const a of list) out.add(a);
  return [...out].map((a) => [a]);
}

function deviceCalls(): Call[] {
  const calls: Call[] = [];
  const uas: string[] = [];
  for (const f of ['device_ua.dev.jsonl', 'client_hints.dev.jsonl', 'uap_device.dev.jsonl']) {
    for (const row of jsonl(join(FIX, 'device', f))) {
      const input = row.input as { user_agent?: string; headers?: Record<string, string> };
      if (typeof input.user_agent !== 'string') continue;
      uas.push(input.user_agent);
      calls.push(input.headers === undefined ? [input.user_agent] : [input.user_agent, { headers: input.headers }]);
    }
  }
  for (const row of jsonl(join(FIX, 'signups', 'signups.jsonl'))) if (typeof row.userAgent === 'string') calls.push([row.userAgent]);
  // Generated: fixture UAs with their version numbers redrawn, and a share of them truncated.
  const random = prng(0xdef1ce);
  while (calls.length < 110_000) {
    const ua = uas[Math.floor(random() * uas.length)]!;
    let next = ua.replace(/\d+/g, (d) => (random() < 0.5 ? d : String(Math.floor(random() * 10 ** Math.min(d.length, 4)))));
    if (random() < 0.1) next = next.slice(0, Math.floor(random() * next.length));
    calls.push([next]);
  }
  return calls;
}

function ipCalls(): Call[] {
  const { ipv4, ipv6 } = benchCorpus(100_000, 20_000, 0x1bad);
  const special = ['1.1.1.1', '8.8.8.8', '127.0.0.1', '10.0.0.1', '::1', 'fe80::1', '0.0.0.0', '255.255.255.255', '', 'x', '1.2.3', '::ffff:1.2.3.4'];
  return [...new Set([...ipv4, ...ipv6, ...special])].map((ip) => [ip]);
}

function phoneCalls(): Call[] {
  const calls: Call[] = [];
  const google = JSON.parse(readFileSync(join(FIX, 'phone', 'google-examples.json'), 'utf8')) as { examples: { region: string; e164: string }[] };
  for (const e of google.examples) {
    calls.push([e.e164]);
    calls.push([e.e164.slice(1 + getCountryCallingCodeSafe(e.region).length), { defaultCountry: e.region }]);
  }
  for (const row of jsonl(join(FIX, 'signups', 'signups.jsonl'))) if (typeof row.phone === 'string') calls.push([row.phone]);
  const countries = getCountries();
  const random = prng(0x9b0e5eed);
  const digits = (n: number): string => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');
  while (calls.length < 110_000) {
    const country = countries[Math.floor(random() * countries.length)]!;
    const cc = getCountryCallingCode(country);
    const len = 5 + Math.floor(random() * 9);
    const r = random();
    if (r < 0.6) calls.push([`+${cc}${digits(len)}`]);
    else if (r < 0.9) calls.push([`0${digits(len)}`, { defaultCountry: country }]);
    else calls.push([`+${cc} ${digits(3)}-${digits(3)} ${digits(len > 6 ? len - 6 : 1)}`]);
  }
  return calls;
}

function getCountryCallingCodeSafe(region: string): string {
  try {
    return getCountryCallingCode(region as never);
  } catch {
    return '';
  }
}

function nameCalls(): Call[] {
  const calls: Call[] = [];
  const real = realNames();
  const fake = fakeNames();
  for (const n of real) calls.push([n.first, n.last], [n.first, n.last, { country: n.country || undefined }]);
  for (const n of fake) calls.push([n.first, n.last]);
  const firsts = [...real, ...fake].map((n) => n.first);
  const lasts = [...real, ...fake].map((n) => n.last);
  const countries = ['IT', 'DE', 'US', 'RU', 'FR', 'BR', 'IN', 'TR', 'GB', 'CN', 'JP', 'ES'];
  const random = prng(0x4a3e);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  while (calls.length < 110_000) {
    let first = pick(firsts);
    let last = pick(lasts);
    const r = random();
    if (r < 0.1) first = first.toUpperCase();
    else if (r < 0.2) last = last.toLowerCase();
    else if (r < 0.25) [first, last] = [last, first];
    calls.push(random() < 0.3 ? [first, last, { country: pick(countries) }] : [first, last]);
  }
  return calls;
}

function identityCalls(): Call[] {
  const calls: Call[] = [];
  const pickKeys = ['email', 'phone', 'ip', 'userAgent', 'firstName', 'lastName', 'country'];
  const clean = (row: Record<string, unknown>): Record<string, unknown> => Object.fromEntries(pickKeys.filter((k) => typeof row[k] === 'string').map((k) => [k, row[k]]));
  for (const row of jsonl(join(FIX, 'signups', 'signups.jsonl')).slice(1)) calls.push([clean(row)]);
  for (const f of ['consistent.jsonl', 'inconsistent.jsonl']) for (const row of jsonl(join(FIX, 'identity', f))) calls.push([clean(row)]);
  const emails = emailCalls().map((c) => c[0] as string);
  const phones = phoneCalls().filter((c) => c.length === 1).map((c) => c[0] as string);
  const ips = ipCalls().map((c) => c[0] as string);
  const uas = deviceCalls().map((c) => c[0] as string);
  const names = nameCalls();
  const random = prng(0x1de);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  while (calls.length < 30_000) {
    const input: Record<string, string> = {};
    if (random() < 0.9) input.email = pick(emails);
    if (random() < 0.7) input.phone = pick(phones);
    if (random() < 0.7) input.ip = pick(ips);
    if (random() < 0.6) input.userAgent = pick(uas);
    if (random() < 0.7) {
      const n = pick(names);
      input.firstName = n[0] as string;
      input.lastName = n[1] as string;
    }
    calls.push([input]);
  }
  return calls;
}

const GENERATORS: Record<Product, () => Call[]> = { email: emailCalls, device: deviceCalls, ip: ipCalls, phone: phoneCalls, name: nameCalls, identity: identityCalls };

const checker = createChecker({ now: NOW });
function run(product: Product, call: Call): string {
  let result: unknown;
  try {
    const fn = (checker as unknown as Record<string, (...a: unknown[]) => unknown>)[product]!;
    result = fn(...call);
  } catch (error) {
    result = { threw: (error as { code?: string }).code ?? String(error) };
  }
  return createHash('sha1').update(JSON.stringify(result)).digest('hex').slice(0, 16);
}

let differences = 0;
for (const product of only ?? PRODUCTS) {
  const started = performance.now();
  if (writeDir !== undefined) {
    mkdirSync(writeDir, { recursive: true });
    const calls = GENERATORS[product]();
    const lines = calls.map((call) => `${run(product, call)}\t${JSON.stringify(call)}`);
    writeFileSync(join(writeDir, `${product}.tsv`), `${lines.join('\n')}\n`);
    console.log(`${product}: ${calls.length} results recorded (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  } else {
    const lines = readFileSync(join(checkDir!, `${product}.tsv`), 'utf8').split('\n').filter((l) => l !== '');
    let differ = 0;
    for (const line of lines) {
      const tab = line.indexOf('\t');
      const call = JSON.parse(line.slice(tab + 1)) as Call;
      if (run(product, call) !== line.slice(0, tab)) {
        differ += 1;
        if (differ <= 20) console.log(`  ${product} differs: ${JSON.stringify(call).slice(0, 300)}`);
      }
    }
    differences += differ;
    console.log(`${product}: ${lines.length} results, ${differ} differ (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  }
}
process.exit(differences === 0 ? 0 : 1);
