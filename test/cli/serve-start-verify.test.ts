import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DISPOSABLE } from '../../src/email/data/formats.js';
import { writeDisposableBundle } from '../data/makeBundle.js';
import { ROOT } from '../support/batchBin.js';
import { runCliLines } from '../support/cli.js';
import { scratchFolders } from '../support/scratch.js';

// `serve --data DIR` verifies the whole bundle before it answers, as a
// SIGHUP reload does: a bad file of a product that loads on its first call
// (here the e-mail disposable list; only the IP tables load at start) used
// to let the server start and answer 500 to every request of that product.
//
// It verifies through the checker's own opened bundle: each file is read and
// hashed once, and what it serves is what it verified. It used to verify a
// second copy of the bundle, then read each file again on its product's first
// request: every file hashed twice, and a file changed on disk in between was
// read then, not the verified one.

const { folder } = scratchFolders('identity-signals-serve-verify-');

const list = readFileSync(join(ROOT, 'data', DISPOSABLE.file));

/** A one-dataset bundle in a new folder whose disposable list is `bytes`, its manifest entry made for the package's whole list. */
function bundleWith(bytes: Buffer): string {
  const dir = folder();
  writeDisposableBundle(dir, '2026-11-20', bytes);
  return dir;
}

/**
 * `serve` in process on port 0 with one key; stopped (abort) as soon as it
 * says it listens, or when `whileListening(origin)` settles if given (the
 * run's `answered` is then what it returned).
 */
async function serveOnce<T>(data: string, whileListening?: (origin: string) => Promise<T>) {
  const stop = new AbortController();
  let answered: Promise<T> | undefined;
  const run = await runCliLines(['serve', '--port', '0', '--host', '127.0.0.1', '--data', data], {
    env: { IDENTITY_SIGNALS_API_KEYS: 'k', IDENTITY_SIGNALS_DATA_WARN: 'off' },
    signal: stop.signal,
    onErr: (line) => {
      const origin = /^identity-signals listening on (http:\/\/[^/]+)\//.exec(line)?.[1];
      if (origin === undefined) return;
      if (whileListening === undefined) {
        stop.abort();
        return;
      }
      answered = (async () => {
        try {
          return await whileListening(origin);
        } finally {
          stop.abort();
        }
      })();
    },
  });
  return { ...run, answered: await answered };
}

describe('serve --data: the bundle is verified at start', () => {
  it('a truncated e-mail list: a DataError naming the file, exit 1, never listening', async () => {
    const run = await serveOnce(bundleWith(list.subarray(0, 20)));
    expect(run.code).toBe(1);
    expect(run.err).toHaveLength(1);
    expect(run.err[0]).toMatch(/^DataError DATA_CORRUPT: the data bundle fails verification \(1 bad file\): email\/disposable\.json: /);
  }, 60_000);

  it('the same bundle whole: it listens and stops cleanly', async () => {
    const run = await serveOnce(bundleWith(list));
    expect(run.code).toBe(0);
    expect(run.err.some((line) => line.startsWith('identity-signals listening'))).toBe(true);
  }, 60_000);

  it('the e-mail list verified at start answers, though the file on disk is truncated after the start', async () => {
    const data = bundleWith(list);
    const run = await serveOnce(data, async (origin) => {
      // What a failed transfer leaves: the manifest no longer matches the file, which no request has read yet.
      writeFileSync(join(data, DISPOSABLE.file), 'truncated');
      const res = await fetch(`${origin}/1.0/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': 'k' },
        body: JSON.stringify({ customer_id: 'c', claims: ['email'], email: 'jane@acme-widgets.com' }),
      });
      return res.status;
    });
    expect(run.code).toBe(0);
    expect(run.answered).toBe(200);
  }, 60_000);
});
