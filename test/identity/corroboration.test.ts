import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createChecker } from '../../src/checker.js';
import type { IdentityInput } from '../../src/identity/index.js';
import { CORPUS_FILE, parseCorpus } from '../../scripts/signups/schema.js';
import type { SignupRow } from '../../scripts/signups/schema.js';

/**
 * Corroboration never costs: adding an input that agrees with the others
 * never lowers the identity score, and a missing input lowers the
 * `confidence`, not the score.
 *
 * The consistent identities are the FIT half's `genuine/everyday` sign-ups
 * of the labelled corpus: one person, one country, built so (name from the
 * country's names, address from the name, the country's mobile and home
 * or mobile network, a current browser). An input agrees when its own
 * product does not score it below the neutral 500 (an input that is
 * evidence against itself, such as an outdated browser, is no
 * corroboration). Each is checked at noon in its IP's time zone, with its
 * declared country, so time of day and the name's hint stay out of it.
 */
type Part = 'email' | 'phone' | 'ip' | 'device' | 'name';

const checker = createChecker();
const rows = parseCorpus(readFileSync(CORPUS_FILE, 'utf8')).filter((r) => r.split === 'fit' && r.family === 'genuine/everyday');

function parts(row: SignupRow): Partial<Record<Part, Partial<IdentityInput>>> {
  return {
    email: { email: row.email },
    ...(row.phone === undefined ? {} : { phone: { phone: row.phone } }),
    ip: { ip: row.ip },
    device: { userAgent: row.user_agent, ...(Object.keys(row.headers).length === 0 ? {} : { headers: row.headers }) },
    ...(row.first_name === undefined ? {} : { name: { firstName: row.first_name, lastName: row.last_name } }),
  };
}

/** 12:00 in the time zone of the row's IP, on the row's day. */
function noon(row: SignupRow): Date {
  const zone = checker.ip(row.ip).timezone ?? 'UTC';
  const day = row.at.slice(0, 10);
  for (let h = 0; h < 24; h++) {
    const at = new Date(`${day}T${String(h).padStart(2, '0')}:00:00Z`);
    const local = Number(new Intl.DateTimeFormat('en-GB', { hour: 'numeric', hourCycle: 'h23', timeZone: zone }).format(at));
    if (local === 12) return at;
  }
  return new Date(`${day}T12:00:00Z`);
}

interface Identity {
  readonly row: SignupRow;
  readonly now: Date;
  readonly parts: Partial<Record<Part, Partial<IdentityInput>>>;
  /** The inputs that agree: those whose own product scores them 500 or more. */
  readonly agreeing: readonly Part[];
}

function ownScore(row: SignupRow, part: Part, now: Date): number {
  const country = { country: row.country };
  const full = checker.identity({ email: row.email, ip: row.ip, userAgent: row.user_agent, headers: row.headers, phone: row.phone, firstName: row.first_name, lastName: row.last_name, ...country }, { now });
  return full[part]!.score;
}

const identities: Identity[] = rows.map((row) => {
  const now = noon(row);
  const p = parts(row);
  const agreeing = (Object.keys(p) as Part[]).filter((part) => ownScore(row, part, now) >= 500);
  return { row, now, parts: p, agreeing };
});

function identityOf(id: Identity, chosen: readonly Part[]) {
  const input: IdentityInput = Object.assign({ country: id.row.country }, ...chosen.map((part) => id.parts[part]));
  return checker.identity(input, { now: id.now }).identity;
}

describe('corroborating inputs never lower the identity score (fast-check, fixed seed)', () => {
  it('the consistent identities are many, and most of their inputs agree', () => {
    expect(identities.length).toBeGreaterThanOrEqual(150);
    const inputs = identities.reduce((n, id) => n + Object.keys(id.parts).length, 0);
    const agreeing = identities.reduce((n, id) => n + id.agreeing.length, 0);
    expect(agreeing / inputs).toBeGreaterThan(0.8);
  });

  it('adding an agreeing input to any subset of the others never lowers the score, and raises the confidence by 0.2', () => {
    const arb = fc
      .constantFrom(...identities.filter((id) => id.agreeing.length >= 1))
      .chain((id) => fc.tuple(fc.constant(id), fc.subarray([...id.agreeing]), fc.constantFrom(...id.agreeing)))
      .filter(([, base, extra]) => !base.includes(extra));
    fc.assert(
      fc.property(arb, ([id, base, extra]) => {
        const before = identityOf(id, base);
        const after = identityOf(id, [...base, extra]);
        expect(after.score, `${id.row.id}: ${base.join('+') || 'nothing'} + ${extra}`).toBeGreaterThanOrEqual(before.score);
        expect(after.confidence).toBeCloseTo(before.confidence + 0.2, 10);
      }),
      { seed: 20261101, numRuns: 600 },
    );
  });

  it('a missing input lowers the confidence, not the score: an agreeing e-mail alone scores no higher than the whole sign-up', () => {
    for (const id of identities.filter((i) => i.agreeing.includes('email') && i.agreeing.length === Object.keys(i.parts).length).slice(0, 40)) {
      const alone = identityOf(id, ['email']);
      const all = identityOf(id, id.agreeing);
      expect(all.score, id.row.id).toBeGreaterThanOrEqual(alone.score);
      expect(alone.confidence).toBe(0.2);
      expect(all.confidence).toBeCloseTo(id.agreeing.length / 5, 10);
    }
  });

  it('the analyst’s case: a matching name, UK mobile, BT home line and iPhone raise sarah.johnson@gmail.com, one by one', () => {
    const now = new Date('2026-11-01T12:00:00Z');
    const steps: IdentityInput[] = [
      { email: 'sarah.johnson@gmail.com', country: 'GB' },
      { firstName: 'Sarah', lastName: 'Johnson' },
      { phone: '+44 7831 405 218' },
      { ip: '86.151.42.117' },
    ];
    let input: IdentityInput = {};
    let last = -1;
    let confidence = 0;
    for (const step of steps) {
      input = { ...input, ...step };
      const r = checker.identity(input, { now }).identity;
      expect(r.score, JSON.stringify(input)).toBeGreaterThanOrEqual(last);
      expect(r.confidence).toBeGreaterThan(confidence);
      last = r.score;
      confidence = r.confidence;
    }
  });
});
