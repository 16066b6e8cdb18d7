import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

/**
 * A scratch folder for one test file, removed after its tests, and a maker
 * of new empty folders inside it (each test its own). Call at the top level
 * of a file or of a describe block (the folder is then removed after that
 * block's tests).
 */
export function scratchFolders(prefix: string): { readonly root: string; readonly folder: () => string } {
  const root = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  let made = 0;
  return {
    root,
    folder: () => {
      const dir = join(root, `t${made++}`);
      mkdirSync(dir);
      return dir;
    },
  };
}
