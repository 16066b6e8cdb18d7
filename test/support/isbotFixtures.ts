/**
 * Reads isbot's fixture files (test/fixtures/device/isbot-*.yml, copied
 * verbatim from omrilotan/isbot): YAML maps of a name to a list of user
 * agents. Only the shape those files use is read — `  - <ua>` items, some
 * double-quoted with `\"` and `\\` escapes — so no YAML library is needed.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = join(dirname(fileURLToPath(import.meta.url)), '../fixtures/device');

/** Every user agent of one isbot fixture file, repeats included, in file order. */
export function readIsbotFixture(kind: 'crawlers' | 'browsers'): string[] {
  const out: string[] = [];
  for (const line of readFileSync(join(dir, `isbot-${kind}.yml`), 'utf8').split('\n')) {
    if (!line.startsWith('  - ')) continue;
    let ua = line.slice(4).trim();
    if (ua.length >= 2 && ua.startsWith('"') && ua.endsWith('"')) ua = ua.slice(1, -1).replace(/\\(["\\])/g, '$1');
    out.push(ua);
  }
  return out;
}
