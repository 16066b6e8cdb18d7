import { describe, expect, it } from 'vitest';
import { DEMO_INPUTS, summarise } from '../../src/cli/demo.js';
import { createChecker } from '../../src/index.js';

// `identity-signals demo` prints one aligned line per sample input. Each line
// is read back here and compared with the checker's own result for that input.

const checker = createChecker();
const HEAD = /^(email|device|ip|phone|name) +("(?:[^"\\]|\\.)*") +(\d+) (\S+)/;

interface Result {
  readonly score: number;
  readonly score_cluster: string;
  readonly reasons: readonly { readonly code: string; readonly points: number }[];
  readonly [field: string]: unknown;
}

function resultOf(input: (typeof DEMO_INPUTS)[number]): Result {
  const [a = '', b = ''] = input.values;
  switch (input.product) {
    case 'email':
      return checker.email(a) as unknown as Result;
    case 'device':
      return checker.device(a, input.headers ? { headers: input.headers } : undefined) as unknown as Result;
    case 'ip':
      return checker.ip(a) as unknown as Result;
    case 'phone':
      return checker.phone(a) as unknown as Result;
    case 'name':
      return checker.name(a, b) as unknown as Result;
  }
}

describe('demo lines', () => {
  it('cover every product with good and bad inputs', () => {
    for (const product of ['email', 'device', 'ip', 'phone', 'name']) {
      expect(DEMO_INPUTS.filter((i) => i.product === product).length, product).toBeGreaterThanOrEqual(2);
    }
  });

  it.each(DEMO_INPUTS.map((input) => [`${input.product} ${input.values.join(' ')}`.slice(0, 70), input] as const))('%s', (_label, input) => {
    const line = summarise(input, checker);
    const result = resultOf(input);
    const m = HEAD.exec(line);
    expect(m, line).not.toBeNull();
    const [, product, shown, score, cluster] = m!;
    // After the cluster (padded to 9): the verdict, then "  [reasons]" when any moved the score.
    const tail = line.slice(85);
    const cut = tail.indexOf('  [');
    const verdict = cut < 0 ? tail : tail.slice(0, cut);
    const reasons = cut < 0 ? undefined : tail.slice(cut + 3, -1);
    expect(line.slice(75, 85)).toBe(`${result.score_cluster.padEnd(9)} `);
    expect(product).toBe(input.product);
    // Columns: product in 6, the quoted input in 62, the score right-aligned in 4.
    expect(line.slice(0, 7)).toBe(`${input.product.padEnd(6)} `);
    expect(line.slice(69, 74)).toBe(` ${String(result.score).padStart(4)}`);
    const [a = '', b = ''] = input.values;
    const expectedShown = input.product === 'name' ? `${a} ${b}` : a.length > 60 ? `${a.slice(0, 57)}…` : a;
    expect(JSON.parse(shown!)).toBe(expectedShown);
    expect(Number(score)).toBe(result.score);
    expect(cluster).toBe(result.score_cluster);
    const moving = result.reasons.filter((r) => r.points !== 0 && !r.code.endsWith('_BASELINE'));
    expect(reasons === undefined ? [] : reasons.split(', ')).toEqual(moving.map((r) => `${r.code} ${r.points > 0 ? '+' : ''}${r.points}`));
    // The verdict is made of the result's own words.
    const words: Record<string, readonly unknown[]> = {
      email: [result.status],
      device: [result.category, result.brand, result.model, result.browser_name, result.operating_system],
      ip: [result.connection_type, result.country, result.city, result.isp],
      phone: [result.status, result.type, result.country, result.original_network],
      name: [result.is_valid ? 'valid' : 'not valid', result.risk_type, result.gender],
    };
    const parts = words[input.product]!.filter(Boolean).map(String);
    if (input.product === 'email') {
      expect(verdict).toBe(`${String(result.status)}${result.suggestion ? ` → ${String(result.suggestion)}` : ''}${result.is_free ? ', free' : ''}`);
    } else {
      expect(verdict).toBe(parts.join(' · '));
    }
  });

  it('shows a typo suggestion and a free provider in the e-mail verdict', () => {
    expect(summarise({ product: 'email', values: ['jane.doe@gmial.com'] }, checker)).toMatch(/ syntax → gmail\.com {2}\[/);
    const free = checker.email('jane.doe@gmail.com');
    expect(summarise({ product: 'email', values: ['jane.doe@gmail.com'] }, checker)).toContain(` ${free.status}, free`);
  });

  it('cuts a long input to 57 characters and an ellipsis', () => {
    const ua = `Mozilla/5.0 ${'x'.repeat(80)}`;
    const line = summarise({ product: 'device', values: [ua] }, checker);
    expect(line).toContain(`"${ua.slice(0, 57)}…"`);
  });
});
