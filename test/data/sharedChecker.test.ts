import { afterEach, describe, expect, it } from 'vitest';
import { plainDataContext, setDefaultData } from '../../src/data/context.js';
import type { DataContext } from '../../src/data/context.js';
import { sharedChecker } from '../../src/data/sharedChecker.js';

interface Options {
  readonly data?: string;
  readonly own?: boolean;
  readonly label?: string;
}

/** What one call of the factory was given, and an id for the checker it built. */
interface Built {
  readonly id: number;
  readonly options: Options | undefined;
  readonly plain: DataContext | undefined;
  readonly shared: Built | undefined;
}

function recorder() {
  const calls: Built[] = [];
  const checkerFor = sharedChecker<Options, Built>(
    (options, plain, shared) => {
      const built = { id: calls.length, options, plain, shared };
      calls.push(built);
      return built;
    },
    (options) => options.own === true,
  );
  return { calls, checkerFor };
}

afterEach(() => setDefaultData(undefined, 'data'));

describe('sharedChecker', () => {
  it('builds the shared checker once, on the first call without options, on the one-call bundle', () => {
    const { calls, checkerFor } = recorder();
    expect(calls).toHaveLength(0);
    const first = checkerFor(undefined);
    expect(checkerFor(undefined)).toBe(first);
    expect(calls).toHaveLength(1);
    expect(first.plain).toBe(plainDataContext());
    expect(first.shared).toBeUndefined();
  });

  it('builds a checker per call for options that name no bundle, on the one-call bundle and the shared checker', () => {
    const { calls, checkerFor } = recorder();
    const a = checkerFor({ label: 'a' });
    const b = checkerFor({ label: 'b' });
    expect(a).not.toBe(b);
    const shared = checkerFor(undefined);
    expect(a.shared).toBe(shared);
    expect(b.shared).toBe(shared);
    expect(a.plain).toBe(plainDataContext());
    // Two per-call checkers and the shared one, built by the first of them.
    expect(calls).toHaveLength(3);
  });

  it('gives no shared checker to options that open their own tables', () => {
    const { checkerFor } = recorder();
    const own = checkerFor({ own: true });
    expect(own.shared).toBeUndefined();
    expect(own.plain).toBe(plainDataContext());
  });

  it("gives neither the one-call bundle nor the shared checker to options with a bundle of their own, nor to options that are not a plain object", () => {
    const { checkerFor } = recorder();
    const withData = checkerFor({ data: '/somewhere' });
    expect(withData.plain).toBeUndefined();
    expect(withData.shared).toBeUndefined();
    const odd = checkerFor([] as unknown as Options);
    expect(odd.options).toEqual([]);
    expect(odd.plain).toBeUndefined();
    expect(odd.shared).toBeUndefined();
  });

  it('builds the shared checker anew after the one-call bundle was replaced', () => {
    const { checkerFor } = recorder();
    const before = checkerFor(undefined);
    setDefaultData({ maxAgeDays: 7 }, 'data');
    const after = checkerFor(undefined);
    expect(after).not.toBe(before);
    expect(after.plain!.maxAgeDays).toBe(7);
    expect(checkerFor({ label: 'x' }).shared).toBe(after);
  });
});
