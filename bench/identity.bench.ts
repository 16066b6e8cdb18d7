/**
 * Identity check speed: checker.identity with all five inputs against the
 * five checks run alone on the same inputs (their sum), over the 135
 * identity fixtures (test/fixtures/identity). One iteration = every row
 * once; checks/s = ops/s × the row count printed below. The device cache is
 * off in both so every call parses its user agent.
 *
 * Run: npx vitest bench --run bench/identity.bench.ts
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bench, describe } from 'vitest';
import { createChecker } from '../src/checker.js';

interface Row {
  readonly email: string;
  readonly phone: string;
  readonly ip: string;
  readonly userAgent: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly now: string;
}
const dir = join(dirname(fileURLToPath(import.meta.url)), '../test/fixtures/identity');
const rows = ['consistent.jsonl', 'inconsistent.jsonl'].flatMap((f) =>
  readFileSync(join(dir, f), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => {
      const { email, phone, ip, userAgent, firstName, lastName, now } = JSON.parse(l) as Row;
      return { email, phone, ip, userAgent, firstName, lastName, now };
    }),
);
const inputs = rows.map(({ now: _now, ...input }) => input);
const nows = rows.map((r) => new Date(r.now));
console.log(`identity bench: ${rows.length} identities per iteration`);

const checker = createChecker({ device: { cacheSize: 0 } });
// Load every product's data before timing.
for (const [i, input] of inputs.entries()) checker.identity(input, { now: nows[i]! });

describe(`identity: ${rows.length} identities (five inputs each) per op`, () => {
  bench('checker.identity (five checks + cross-signal findings)', () => {
    for (let i = 0; i < inputs.length; i++) checker.identity(inputs[i]!, { now: nows[i]! });
  });
  bench('the five checks alone (email + phone + ip + device + name)', () => {
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i]!;
      checker.email(r.email);
      checker.phone(r.phone);
      checker.ip(r.ip, { now: nows[i]! });
      checker.device(r.userAgent);
      checker.name(r.firstName, r.lastName);
    }
  });
});
