/**
 * CPU time per e-mail check (process.cpuUsage: on a shared machine wall
 * time swings much more), over the corpora of bench/emailCorpus.ts:
 * the bench's realistic addresses, the same mix with a distinct local
 * part in every address, the bench's unseen domains and its hostile inputs.
 *
 *   npx tsx bench/email-cpu.ts [rounds] [--against <dir>]
 *
 * `--against <dir>`: also times the e-mail check of another checkout (its
 * src/email/index.ts, with its own data) in this one process, the two
 * alternating round by round (which goes first flips every round); the
 * figure printed is the median over the rounds, and the ratio of medians.
 *
 * Every round also times validator's `isEmail` (syntax only, no lists, no
 * score) on the same addresses, as the yardstick of what a bare syntax check
 * costs: the line ends with the check's speed as a multiple of it
 * (`x isEmail`, above 1 when the check is the faster).
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import validator from 'validator';
import { checkEmail } from '../src/email/index.js';
import { distinct, hostile, realistic, unseen } from './emailCorpus.js';

const args = process.argv.slice(2);
const againstAt = args.indexOf('--against');
const against = againstAt >= 0 ? args[againstAt + 1] : undefined;
const rounds = Number(args.find((a, i) => /^\d+$/.test(a) && args[i - 1] !== '--against') ?? 9);

type Check = (email: string) => { score: number };
const checks: [string, Check][] = [['this tree', checkEmail]];
/** validator's isEmail as a check, so the rounds time it alongside (its `score` is 1 or 0). */
const isEmail: Check = (email) => ({ score: validator.isEmail(email) ? 1 : 0 });
if (against !== undefined) {
  const other = (await import(pathToFileURL(join(against, 'src', 'email', 'index.ts')).href)) as typeof import('../src/email/index.js');
  checks.push([against, other.checkEmail]);
}
checks.push(['validator isEmail', isEmail]);

const corpora: [string, string[], number][] = [
  ['realistic (bench)', realistic(), 1],
  ['distinct local parts', distinct(), 1],
  ['unseen domains (bench)', unseen(), 1],
  ['hostile (bench)', hostile(), 2000],
];

let sink = 0;
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 === 1 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

for (const [label, corpus, repeat] of corpora) {
  const times = checks.map(() => [] as number[]);
  // Warm-up pass per tree (JIT, lazy data), not timed.
  for (const [, check] of checks) for (const a of corpus) sink += check(a).score;
  for (let r = 0; r < rounds; r++) {
    for (let j = 0; j < checks.length; j++) {
      const k = r % 2 === 0 ? j : checks.length - 1 - j;
      const check = checks[k]![1];
      const u = process.cpuUsage();
      for (let n = 0; n < repeat; n++) for (const a of corpus) sink += check(a).score;
      const d = process.cpuUsage(u);
      times[k]!.push((d.user + d.system) / (corpus.length * repeat));
    }
  }
  const meds = times.map(median);
  const line = checks
    .map(([name], k) => `${name}: ${meds[k]!.toFixed(2)} µs/check (${Math.round(1e6 / meds[k]!).toLocaleString('en')}/s CPU)`)
    .join(' | ');
  const last = meds.length - 1;
  const versus = meds.length > 2 ? `, this/against ${(meds[0]! / meds[1]!).toFixed(3)}` : '';
  const yardstick = checks
    .slice(0, last)
    .map(([name], k) => `${name} ${(meds[last]! / meds[k]!).toFixed(2)}x isEmail`)
    .join(', ');
  const ratio = `${versus}; speed: ${yardstick}`;
  console.log(`${label}, median of ${rounds}: ${line}${ratio}`);
}
if (sink === 0.5) console.log(sink);
