/**
 * CPU time per phone check over the bench corpus (bench/phoneCorpus.ts),
 * next to bare libphonenumber-js (parse + isValid + getType, as
 * bench/phone.bench.ts times it) in the same process: process.cpuUsage,
 * since on a shared machine wall time swings much more.
 *
 *   npx tsx bench/phone-cpu.ts [rounds] [--against <dir>]
 *   node --cpu-prof --import tsx bench/phone-cpu.ts 40 --only-check --dist     (a profile of the check alone)
 *
 * `--against <dir>`: also times the phone check of another checkout (its
 * src/phone/index.ts, with its own data), the contenders alternating round
 * by round (which goes first rotates every round). Each figure is the median
 * over the rounds of one pass over the 20,000 numbers; the ratios are of
 * medians. `--only-check` times this tree's check alone (for a profile);
 * `--dist` takes this tree's check from dist/ (after `npm run build`), whose
 * lines a profile can point at.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { CountryCode } from 'libphonenumber-js/max';
import { checkPhone, createPhoneCheck } from '../src/phone/index.js';
import { buildCorpus } from './phoneCorpus.js';

const args = process.argv.slice(2);
const againstAt = args.indexOf('--against');
const against = againstAt >= 0 ? args[againstAt + 1] : undefined;
const onlyCheck = args.includes('--only-check');
const rounds = Number(args.find((a, i) => /^\d+$/.test(a) && args[i - 1] !== '--against') ?? 15);

const corpus = buildCorpus();
let sink = 0;

type Pass = () => void;

/** One pass of a phone module's checks over the corpus, one checker per default country made up front (as the bench does). */
function checksOf(phone: typeof import('../src/phone/index.js')): Pass {
  const byCountry = new Map<string, (text: string) => { score: number }>();
  for (const item of corpus) {
    if (item.defaultCountry !== undefined && !byCountry.has(item.defaultCountry)) byCountry.set(item.defaultCountry, phone.createPhoneCheck({ defaultCountry: item.defaultCountry }));
  }
  const pass = (): void => {
    for (const item of corpus) sink += (item.defaultCountry === undefined ? phone.checkPhone(item.text) : byCountry.get(item.defaultCountry)!(item.text)).score;
  };
  pass(); // tables loaded, code compiled
  return pass;
}

const rawOptions = new Map<string, { defaultCountry: CountryCode }>();
for (const item of corpus) if (item.defaultCountry !== undefined) rawOptions.set(item.defaultCountry, { defaultCountry: item.defaultCountry });
const raw: Pass = () => {
  for (const item of corpus) {
    const p = parsePhoneNumberFromString(item.text, item.defaultCountry === undefined ? undefined : rawOptions.get(item.defaultCountry));
    if (p !== undefined && p.isValid()) sink += p.getType()?.length ?? 0;
  }
};

const own = args.includes('--dist') ? ((await import(pathToFileURL(join(import.meta.dirname, '..', 'dist', 'index.js')).href)) as typeof import('../src/phone/index.js')) : ({ checkPhone, createPhoneCheck } as typeof import('../src/phone/index.js'));
const contenders: [string, Pass][] = [['this tree', checksOf(own)]];
if (!onlyCheck) contenders.unshift(['libphonenumber-js raw', raw]);
if (against !== undefined) {
  const other = (await import(pathToFileURL(join(against, 'src', 'phone', 'index.ts')).href)) as typeof import('../src/phone/index.js');
  contenders.push([against, checksOf(other)]);
}

const times = new Map<string, number[]>(contenders.map(([name]) => [name, []]));
for (let r = 0; r < rounds; r++) {
  for (let k = 0; k < contenders.length; k++) {
    const [name, pass] = contenders[(k + r) % contenders.length]!;
    const start = process.cpuUsage();
    pass();
    const used = process.cpuUsage(start);
    times.get(name)!.push((used.user + used.system) / corpus.length);
  }
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 === 1 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const medians = new Map([...times].map(([name, xs]) => [name, median(xs)]));
const rawMedian = medians.get('libphonenumber-js raw');
console.log(`phone CPU per check, median of ${rounds} passes over ${corpus.length} numbers (µs):`);
for (const [name, m] of medians) {
  const ratio = rawMedian === undefined || name === 'libphonenumber-js raw' ? '' : `  ${(m / rawMedian).toFixed(2)}× raw`;
  console.log(`  ${name.padEnd(28)} ${m.toFixed(2)}${ratio}`);
}
if (sink === -1) console.log(sink);
