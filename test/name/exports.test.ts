/** Snapshot of the name subpath's public surface (docs/style.md §10). */
import { describe, expect, it } from 'vitest';
import * as name from '../../src/name/index.js';

describe('identity-signals/name exports', () => {
  it('exports exactly the check, the factory and the score model', () => {
    expect(Object.keys(name).sort()).toEqual(['NAME_SCORE_MODEL', 'checkName', 'createNameCheck']);
  });
  it('has a score-model entry for every reason code the rules raise', () => {
    const codes = Object.keys(name.NAME_SCORE_MODEL.signals);
    expect(codes.every((c) => c.startsWith('NAME_'))).toBe(true);
    expect(codes).toContain('NAME_GENDER_UNKNOWN');
  });
});
