/**
 * Speed and memory of the tuning library on a team-sized input:
 *
 *   npx tsx bench/tune.ts [--rows 100000] [--folds 5]
 *
 * Generates synthetic labelled rows (test/support/tuningRows.ts: five
 * products and the identity, each code with a known true weight), then
 * times `evaluateScores` and `fitScoring` over them (wall and CPU) and
 * prints the process's peak resident memory (VmHWM) before and after the
 * fit, so the fit's own share can be told from the rows'.
 */
import { cpuUsage } from 'node:process';
import { evaluateScores, fitScoring } from '../src/index.js';
import { peakMb } from '../test/support/peakMemory.js';
import { syntheticRows } from '../test/support/tuningRows.js';
import type { SyntheticProduct } from '../test/support/tuningRows.js';

const arg = (name: string, fallback: number): number => {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? fallback : Number(process.argv[at + 1]);
};
const count = arg('rows', 100_000);
const folds = arg('folds', 5);

const PRODUCTS: SyntheticProduct[] = [
  {
    product: 'email',
    codes: [
      { code: 'EMAIL_FREE', rate: 0.5, truth: 0.4 },
      { code: 'EMAIL_DISPOSABLE', rate: 0.03, truth: 2.5 },
      { code: 'EMAIL_ROLE', rate: 0.05, truth: 1.0 },
      { code: 'EMAIL_NAME_LIKE', rate: 0.4, truth: 0.8 },
      { code: 'EMAIL_DIGIT_RUN', rate: 0.1, truth: 0.6 },
      { code: 'EMAIL_GENERATED', rate: 0.05, truth: 1.8 },
      { code: 'EMAIL_SUBADDRESS', rate: 0.02, truth: 0.5 },
    ],
  },
  {
    product: 'device',
    codes: [
      { code: 'DEVICE_ROBOT', rate: 0.02, truth: 3 },
      { code: 'DEVICE_BROWSER_OUTDATED', rate: 0.1, truth: 0.9 },
      { code: 'DEVICE_BROWSER_RECENT', rate: 0.7, truth: 1.1 },
      { code: 'DEVICE_HINTS_MISMATCH', rate: 0.02, truth: 1.5 },
    ],
  },
  {
    product: 'ip',
    codes: [
      { code: 'IP_VPN', rate: 0.1, truth: 1.2 },
      { code: 'IP_HOSTING', rate: 0.08, truth: 1.4 },
      { code: 'IP_PROXY', rate: 0.03, truth: 2.0 },
      { code: 'IP_ISP', rate: 0.7, truth: 0.9 },
      { code: 'IP_MOBILE', rate: 0.3, truth: 0.5 },
    ],
  },
  {
    product: 'phone',
    codes: [
      { code: 'PHONE_VOIP', rate: 0.15, truth: 1.0 },
      { code: 'PHONE_PERSONAL_LINE', rate: 0.6, truth: 0.8 },
      { code: 'PHONE_TOLL_FREE', rate: 0.01, truth: 2.0 },
    ],
  },
  {
    product: 'name',
    codes: [
      { code: 'NAME_FIRST_KNOWN', rate: 0.8, truth: 0.7 },
      { code: 'NAME_LAST_KNOWN', rate: 0.6, truth: 0.9 },
      { code: 'NAME_KEYBOARD_WALK', rate: 0.01, truth: 3 },
      { code: 'NAME_FICTIONAL', rate: 0.02, truth: 1.5 },
    ],
  },
];

const IDENTITY = {
  carried: { email: 0.6, device: 0.4, ip: 0.7, phone: 0.5, name: 0.5 },
  codes: [
    { code: 'IDENTITY_NAME_IN_EMAIL', rate: 0.3, truth: 0.8 },
    { code: 'IDENTITY_PHONE_IP_COUNTRY_MISMATCH', rate: 0.1, truth: 1.2 },
    { code: 'IDENTITY_NIGHT_ACTIVITY', rate: 0.1, truth: 0.7 },
  ],
};

const seconds = (from: bigint) => Number(process.hrtime.bigint() - from) / 1e9;
const cpuSeconds = (from: NodeJS.CpuUsage) => {
  const u = cpuUsage(from);
  return (u.user + u.system) / 1e6;
};

let t = process.hrtime.bigint();
const rows = syntheticRows(count, 1, PRODUCTS, 0, IDENTITY);
console.log(`generated ${count} rows (5 products + identity) in ${seconds(t).toFixed(2)} s; peak RSS ${peakMb(process.pid).toFixed(0)} MB`);

t = process.hrtime.bigint();
let cpu = cpuUsage();
const evaluation = evaluateScores(rows);
console.log(`evaluateScores: ${seconds(t).toFixed(2)} s wall, ${cpuSeconds(cpu).toFixed(2)} s CPU; peak RSS ${peakMb(process.pid).toFixed(0)} MB`);

t = process.hrtime.bigint();
cpu = cpuUsage();
const fit = fitScoring(rows, { folds });
console.log(`fitScoring (${folds} folds): ${seconds(t).toFixed(2)} s wall, ${cpuSeconds(cpu).toFixed(2)} s CPU; peak RSS ${peakMb(process.pid).toFixed(0)} MB`);
for (const s of fit.subjects) {
  const e = evaluation.subjects.find((x) => x.subject === s.subject)!;
  console.log(
    `  ${s.subject.padEnd(8)} rows ${s.rows}  AUC ${s.aucBefore.toFixed(3)} → ${s.aucAfter.toFixed(3)} (evaluate: ${e.auc?.toFixed(3)})  bands ${s.bands.map((b) => b.min).join('/')}  genuine blocked ${(s.heldOut.genuineBlocked * 100).toFixed(2)}%  abusive accepted ${(s.heldOut.abusiveAccepted * 100).toFixed(2)}%`,
  );
}
