import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { weightTables } from '../../scripts/signups/rates.js';

/**
 * docs/scoring.md lists every weight with its evidence. The section between
 * its markers is what `npm run eval:rates -- --markdown` prints from the
 * models: a weight or a citation changed in a model and not on the page
 * fails here.
 */
describe('docs/scoring.md', () => {
  it('shows the weights and evidence the models hold', () => {
    const page = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'scoring.md'), 'utf8');
    const section = /<!-- weights:start -->\n([\s\S]*)<!-- weights:end -->/u.exec(page);
    expect(section, 'the weights section markers').not.toBeNull();
    expect(section![1], 'run npm run eval:rates -- --markdown and paste it between the markers').toBe(weightTables());
  });
});
