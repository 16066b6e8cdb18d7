/**
 * The reference finder that the pack test (test/package/published.test.ts) runs
 * on the packed package, here on small made-up packages: each kind of
 * reference it must catch, and the look-alikes it must leave alone.
 */
import { describe, expect, it } from 'vitest';
import { danglingReferences, formatDangling } from '../support/packageReferences.js';

const SHIPPED = ['README.md', 'NOTICE', 'docs/a.md', 'docs/b.md', 'dist/index.js', 'dist/chunk-A.js', 'dist/chunk-A.d.ts', 'dist/x/index.d.ts', 'dist/x/index.js'];

function dangling(texts: Record<string, string>): string[] {
  return danglingReferences(new Map(Object.entries(texts)), SHIPPED).map((r) => `${r.file}:${r.line}: ${r.reference}`);
}

describe('danglingReferences', () => {
  it('finds the Markdown links to files that do not ship, from the linking file', () => {
    expect(
      dangling({
        'README.md': 'See [a](docs/a.md), [the notice](NOTICE) and [gone](docs/gone.md#top).\n[the folder](docs/) and [anchor](#install).',
        'docs/a.md': 'Read [b](b.md) and [the README](../README.md).\n[up](../DESIGN.md) and [root-relative](docs/b.md)',
      }),
    ).toEqual(['README.md:1: docs/gone.md#top', 'docs/a.md:2: ../DESIGN.md', 'docs/a.md:2: docs/b.md']);
  });

  it('finds bare document names and docs/ paths, a sentence\'s full stop left off', () => {
    expect(
      dangling({
        'README.md': 'The decisions are in DESIGN.md and STYLE.md.\nPages: docs/a.md, docs/b.md; docs/c.md.',
        'docs/b.md': 'As a.md says (and README.md).',
        'identity-signals email --help': 'Reasons: docs/a.md. Design: docs/design.md.',
      }),
    ).toEqual(['README.md:1: DESIGN.md', 'README.md:1: STYLE.md', 'README.md:2: docs/c.md', 'identity-signals email --help:1: docs/design.md']);
  });

  it('finds ../ paths that leave the package or miss, wherever they are written', () => {
    expect(
      dangling({
        'docs/a.md': 'Copied from ../shared/corpora/.\n\n```sh\ncat ../README.md ../../shared/x\nidentity-signals data export --out ./bundle\n```\n`./out` and `../gone/`',
      }),
    ).toEqual(['docs/a.md:1: ../shared/corpora/', 'docs/a.md:4: ../../shared/x', 'docs/a.md:7: ../gone/']);
  });

  it('reads a declaration file\'s import of ./x.js as its x.d.ts', () => {
    expect(
      dangling({
        'dist/x/index.d.ts': "import { A } from '../chunk-A.js';\nimport { B } from './gone.js';\n/** See docs/a.md and DESIGN.md. */",
      }),
    ).toEqual(['dist/x/index.d.ts:2: ./gone.js', 'dist/x/index.d.ts:3: DESIGN.md']);
  });

  it('reads only docs/ paths in built code, and never inside a URL', () => {
    expect(
      dangling({
        'dist/index.js': "import('./chunk-B.js'); const f = 'License.md'; const r = /[A-Z](x)/;\nthrow new Error('see docs/gone.md or https://example.com/docs/fire-tv/specs.html');",
        'README.md': 'Specs: https://developer.example.com/docs/tablets/specs.html and <https://example.org/DESIGN.md>.',
      }),
    ).toEqual(['dist/index.js:2: docs/gone.md']);
  });

  it('says where each was looked for', () => {
    const found = danglingReferences(new Map([['docs/a.md', 'x\nsee CHANGELOG.md']]), SHIPPED);
    expect(formatDangling(found)).toBe('docs/a.md:2: CHANGELOG.md (looked for docs/CHANGELOG.md, CHANGELOG.md)');
  });
});
