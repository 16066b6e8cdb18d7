import { describe, expect, it } from 'vitest';
import { openData } from '../../src/data/context.js';
import { lazyLoads } from '../../src/common/loads.js';
import { isFreeProvider, matchDisposable, matchRole } from '../../src/email/lists.js';
import { openEmailTables } from '../../src/email/tables.js';

const builds = (): Record<string, number> => Object.fromEntries([...lazyLoads()].filter(([what]) => what.startsWith('build email ')));

describe('openEmailTables', () => {
  it('builds each table on first use, once, and preload() builds them all', () => {
    const before = builds();
    const tables = openEmailTables(openData(undefined));
    expect(builds()).toEqual(before);
    expect(matchDisposable(tables, 'x.mailinator.com', true)).toEqual({ list: 'disposable-email-domains', entry: 'mailinator.com' });
    expect(matchDisposable(tables, 'x.mailinator.com', true)).toEqual({ list: 'disposable-email-domains', entry: 'mailinator.com' });
    const once = builds();
    expect((once['build email disposable list'] ?? 0) - (before['build email disposable list'] ?? 0)).toBe(1);
    tables.preload();
    const all = builds();
    for (const what of ['disposable list', 'mailchecker list', 'free-provider list', 'role lists', 'popular-domain index', 'local-part tables']) {
      expect((all[`build email ${what}`] ?? 0) - (before[`build email ${what}`] ?? 0), what).toBe(1);
    }
    expect(isFreeProvider(tables, 'gmail.com')).toBe(true);
    expect(matchRole(tables.roles, 'No.Reply+x')).not.toBeNull();
    expect(matchRole(tables.roles, 'jane.doe')).toBeNull();
    expect(builds()).toEqual(all);
  });

  it('watches the disposable lists against the context limit, and never with maxAgeDays Infinity', () => {
    const tables = openEmailTables(openData({ maxAgeDays: 30 }));
    const retrieved = Date.parse(`${tables.staleDisposable!.retrieved}T00:00:00Z`);
    expect(tables.staleDetail(retrieved + 30 * 86_400_000, true)).toBeNull();
    expect(tables.staleDetail(retrieved + 31 * 86_400_000, false)).toMatch(/\(31 days old; limit 30\)$/);
    const never = openEmailTables(openData({ maxAgeDays: Infinity }));
    expect([never.staleDisposable, never.staleMailchecker, never.staleDetail(retrieved + 9999 * 86_400_000, true)]).toEqual([null, null, null]);
  });
});
