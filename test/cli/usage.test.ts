import { describe, expect, it } from 'vitest';
import { parseCommandLine } from '../../src/cli/args.js';

// The flags each `batch <product>` takes (src/cli/usage.ts flagsOf): those
// that change its product's results, and no other, so a flag that would do
// nothing is refused instead of ignored. Each is accepted here on its own
// and all together; test/cli/run.test.ts has the refusals.

const TAKES: Readonly<Record<string, readonly (readonly string[])[]>> = {
  email: [['--bands', 'scorecard'], ['--data', 'bundle']],
  device: [['--bands', 'scorecard'], ['--data', 'bundle']],
  name: [['--country', 'IT'], ['--bands', 'scorecard'], ['--data', 'bundle']],
  ip: [['--db', 'x.mmdb'], ['--bands', 'scorecard'], ['--data', 'bundle']],
  phone: [['--country', 'IT'], ['--bands', 'scorecard'], ['--data', 'bundle']],
};

describe('batch <product>: the flags of its product', () => {
  for (const [product, flags] of Object.entries(TAKES)) {
    it(`batch ${product} takes ${flags.map((f) => f[0]).join(', ')}`, () => {
      for (const flag of flags) {
        const line = parseCommandLine(['batch', product, '-', ...flag]);
        expect(line.flags.given.get(flag[0]!.slice(2) as never), flag[0]).toEqual([flag[1]]);
      }
      expect(parseCommandLine(['batch', product, '-', ...flags.flat()]).command).toBe('batch');
    });
  }

  it('and --country only for phone and name, --db only for ip', () => {
    expect(() => parseCommandLine(['batch', 'email', '-', '--country', 'IT'])).toThrow(/^batch email does not take --country$/);
    expect(() => parseCommandLine(['batch', 'phone', '-', '--db', 'x.mmdb'])).toThrow(/^batch phone does not take --db$/);
  });
});
