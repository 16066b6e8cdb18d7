import { describe, expect, it } from 'vitest';
import { ANALYST_CASES, analystTable, formatAnalystTable } from '../../../scripts/signups/analyst.js';
import { pinnedChecker } from '../../../scripts/signups/checker.js';
import { decision, defaultBand } from '../../../scripts/signups/metrics.js';
import { CORPUS_NOW } from '../../../scripts/signups/schema.js';

const text = (c: (typeof ANALYST_CASES)[number]) => JSON.stringify(c.input);

describe("the fraud analyst's table", () => {
  it('has 30 inputs covering the examples an analyst tries first', () => {
    expect(ANALYST_CASES).toHaveLength(30);
    const all = ANALYST_CASES.map(text).join('\n');
    for (const example of [
      '+7 900 000 0000', '+91 98765 43210', '+33 6 12 34 56 78', '555 0123', '+61 491 570 156', '07700 900123', '+1 800', 'iPhone OS 18_1', 'iPhone OS 17_5',
      'SM-S921B', 'GT-I9505', 'HeadlessChrome', 'asdfgh@qwerty.ru', 'jane.doe@gmail.com', 'kf83hd92ks@gmail.com', 'sarah.johnson@gmail.com', '"1.1.1.1"',
      'Ivanov', 'Kowalski', 'Mustermann', '"Doe"',
    ]) {
      expect(all, example).toContain(example);
    }
    // sarah.johnson@gmail.com alone and as a whole identity
    expect(ANALYST_CASES.filter((c) => text(c).includes('sarah.johnson@gmail.com')).map((c) => c.input.product).sort()).toEqual(['email', 'identity']);
  });

  it('scores every input, the decision following the band', () => {
    const rows = analystTable(pinnedChecker(CORPUS_NOW).checker);
    expect(rows).toHaveLength(30);
    for (const r of rows) {
      expect(r.score, r.what).toBeGreaterThanOrEqual(0);
      expect(r.score, r.what).toBeLessThanOrEqual(1000);
      expect(r.decision, r.what).toBe(decision(defaultBand(r.score)));
      expect(r.reasons.length, r.what).toBeGreaterThan(0);
    }
    const out = formatAnalystTable(rows);
    expect(out).toContain('of 30 decisions as the analyst expects');
  });
});
