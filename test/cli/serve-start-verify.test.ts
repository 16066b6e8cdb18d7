import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DISPOSABLE } from '../../src/email/data/formats.js';
import { writeDisposableBundle } from '../data/makeBundle.js';
import { ROOT } from '../support/batchBin.js';
import { runCliLines } from '../support/cli.js';

// `serve --data DIR` verifies the whole bundle before it answers, as a
// SIGHUP reload does: a bad file of a product that loads on its first call
// (here the e-mail disposable list; only the IP tables load at start) used
// to let the server start and answer 500 to every request of that product.

const scratch = mkdtempSync(join(tmpdir(), 'identity-signals-serve-verify-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const list = readFileSync(join(ROOT, 'data', DISPOSABLE.file));

/** A one-dataset bundle in `name` whose disposable list is `bytes`, its manifest entry made for the package's whole list. */
function bundleWith(name: string, bytes: Buffer): string {
  const dir = join(scratch, name);
  writeDisposableBundle(dir, '2026-11-20', bytes);
  return dir;
}

/** `serve` in process on port 0 with one key; stopped (abort) as soon as it says it listens. */
async function serveOnce(data: string) {
  const stop = new AbortController();
  return runCliLines(['serve', '--port', '0', '--host', '127.0.0.1', '--data', data], {
    env: { IDENTITY_SIGNALS_API_KEYS: 'k' },
    signal: stop.signal,
    onErr: (line) => {
      if (line.startsWith('identity-signals listening')) stop.abort();
    },
  });
}

describe('serve --data: the bundle is verified at start', () => {
  it('a truncated e-mail list: a DataError naming the file, exit 1, never listening', async () => {
    const run = await serveOnce(bundleWith('truncated', list.subarray(0, 20)));
    expect(run.code).toBe(1);
    expect(run.err).toHaveLength(1);
    expect(run.err[0]).toMatch(/^DataError DATA_CORRUPT: the data bundle fails verification \(1 bad file\): email\/disposable\.json: /);
  }, 60_000);

  it('the same bundle whole: it listens and stops cleanly', async () => {
    const run = await serveOnce(bundleWith('whole', list));
    expect(run.code).toBe(0);
    expect(run.err.some((line) => line.startsWith('identity-signals listening'))).toBe(true);
  }, 60_000);
});
