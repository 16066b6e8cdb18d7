import { describe, expect, it } from 'vitest';
import { buildRoleLists, matchRole } from '../../src/email/lists.js';
import { prng } from '../support/prng.js';

/** matchRole as the sets alone answer it: the lower-case untagged local part as typed, else its squashed form. */
function bySets(list: readonly string[], local: string): string | null {
  const lower = local.toLowerCase();
  const plus = lower.indexOf('+');
  const base = plus > 0 ? lower.slice(0, plus) : lower;
  if (list.includes(base)) return base;
  const squash = (s: string): string => s.replace(/[-._]/g, '');
  return list.find((role) => squash(role) === squash(base)) ?? null;
}

describe('matchRole', () => {
  const list = ['info', 'no-reply', 'noreply', 'no_reply2', 'sales', 's.a', 'x', 'admin', 'admin-team', 'abuse'];
  const roles = buildRoleLists([...list]);

  it('answers as the role sets do, whatever the case, separators, tag and characters', () => {
    const random = prng(0x501e);
    const pieces = ['info', 'no', 'reply', '2', 'sales', 'S', 'A', 'x', 'X', 'admin', 'team', 'jane', '-', '.', '_', '+', '+news', 'é', 'K', 'İ', ''];
    let matched = 0;
    for (let n = 0; n < 20_000; n++) {
      let local = '';
      const parts = 1 + Math.floor(random() * 4);
      for (let k = 0; k < parts; k++) local += pieces[Math.floor(random() * pieces.length)];
      const expected = bySets(list, local);
      if (expected !== null) matched++;
      expect(matchRole(roles, local), local).toBe(expected);
    }
    // The generator reaches roles often enough for the comparison to mean something.
    expect(matched).toBeGreaterThan(1000);
  });

  it('reads a role before its tag, and a plus in first place as part of the name', () => {
    expect(matchRole(roles, 'No.Reply+x')).toBe('no-reply');
    expect(matchRole(roles, 'NOREPLY')).toBe('noreply');
    expect(matchRole(roles, 'info+a+b')).toBe('info');
    expect(matchRole(roles, '+info')).toBeNull();
    expect(matchRole(buildRoleLists(['+x']), '+X')).toBe('+x');
    expect(matchRole(roles, 'admin_team')).toBe('admin-team');
    expect(matchRole(roles, 'admint')).toBeNull();
    // U+212A KELVIN SIGN lower-cases to an ASCII k: not ASCII as typed, read as the sets read it.
    expect(matchRole(buildRoleLists(['kk']), '\u212Ak')).toBe('kk');
  });
});
