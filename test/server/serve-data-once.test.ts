import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DISPOSABLE } from '../../src/email/data/formats.js';
import { writeDisposableBundle } from '../data/makeBundle.js';
import { ROOT } from '../support/batchBin.js';
import { runCliLines } from '../support/cli.js';
import { scratchFolders } from '../support/scratch.js';

// `serve --data DIR` verifies the bundle at start through the checker's own
// opened bundle: each file is read and hashed once, and what it serves is
// what it verified. It used to verify a second copy of the bundle, then read
// each file again on its product's first request: every file hashed twice,
// and a file changed on disk in between was read then, not the verified one.

const { folder } = scratchFolders('identity-signals-serve-data-once-');

describe('serve --data: the bundle verified at start is the one served', () => {
  it('the e-mail list verified at start answers, though the file on disk is truncated after the start', async () => {
    const data = folder();
    writeDisposableBundle(data, '2026-11-20', readFileSync(join(ROOT, 'data', DISPOSABLE.file)));
    const stop = new AbortController();
    let answered: Promise<number> | undefined;
    const run = await runCliLines(['serve', '--port', '0', '--host', '127.0.0.1', '--data', data], {
      env: { IDENTITY_SIGNALS_API_KEYS: 'k', IDENTITY_SIGNALS_DATA_WARN: 'off' },
      signal: stop.signal,
      onErr: (line) => {
        const origin = /^identity-signals listening on (http:\/\/[^/]+)\//.exec(line)?.[1];
        if (origin === undefined) return;
        // What a failed transfer leaves: the manifest no longer matches the file, which no request has read yet.
        writeFileSync(join(data, DISPOSABLE.file), 'truncated');
        answered = (async () => {
          try {
            const res = await fetch(`${origin}/1.0/email`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'x-api-key': 'k' },
              body: JSON.stringify({ customer_id: 'c', claims: ['email'], email: 'jane@acme-widgets.com' }),
            });
            return res.status;
          } finally {
            stop.abort();
          }
        })();
      },
    });
    expect(run.code).toBe(0);
    expect(await answered).toBe(200);
  }, 60_000);
});
