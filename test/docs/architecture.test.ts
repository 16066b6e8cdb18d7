import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/ARCHITECTURE.md draws the layers that .dependency-cruiser.cjs enforces:
// both must name every folder of src/, and nothing that is not there.
const ROOT = join(import.meta.dirname, '..', '..');
const folders = readdirSync(join(ROOT, 'src'), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();

/** The src folders a text names as `src/<folder>`. */
function named(text: string): string[] {
  return [...new Set([...text.matchAll(/src\/([a-z]+)(?![a-zA-Z.])/g)].map((m) => m[1]!))].sort();
}

describe('the architecture, drawn and enforced', () => {
  const doc = readFileSync(join(ROOT, 'docs', 'ARCHITECTURE.md'), 'utf8');
  const layers = doc.slice(doc.indexOf('## Layers'), doc.indexOf('\n## ', doc.indexOf('## Layers') + 1));
  const drawing = layers.slice(layers.indexOf('```text'), layers.indexOf('```', layers.indexOf('```text') + 7));

  it('the drawing names every src folder, and only folders that exist', () => {
    expect(folders.length).toBeGreaterThan(10);
    expect(named(drawing)).toEqual(folders);
  });

  it("the rule file's layers cover every src folder, and only folders that exist", () => {
    const rules = readFileSync(join(ROOT, '.dependency-cruiser.cjs'), 'utf8');
    // The layer constants: `const CORE = '^src/(errors\\.ts$|common/)';` and the like.
    const constants = [...rules.matchAll(/^const [A-Z]+ = '(.*)';$/gm)].map((m) => m[1]!);
    const inRules = new Set<string>();
    for (const pattern of constants) for (const m of pattern.matchAll(/(?:src\/\(?|\|)([a-z]+)(?=[/|)])/g)) inRules.add(m[1]!);
    for (const folder of folders) {
      const covered = constants.some((c) => new RegExp(c).test(`src/${folder}/x.ts`));
      expect(covered, `src/${folder} is in no layer of .dependency-cruiser.cjs`).toBe(true);
    }
    for (const folder of inRules) expect(folders, `.dependency-cruiser.cjs names src/${folder}`).toContain(folder);
  });
});
