import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MANIFEST_FILE } from '../../src/data/manifest.js';
import { DISPOSABLE } from '../../src/email/data/formats.js';
import { scratchFolders } from '../support/scratch.js';
import { startServeBin } from '../support/serveBin.js';
import { writeDisposableBundle } from '../data/makeBundle.js';

// `serve --data DIR` reloads its bundle on SIGHUP, and a
// bundle that fails verification is refused before the swap, logged, and
// the old data keeps answering. The built bin as a service manager runs it
// (npm test builds first; in a focused run, `npm run build` first).

const CUSTOMER = '2f1c4f5e-8b9a-4c6d-9e0f-1a2b3c4d5e6f';
const { folder } = scratchFolders('is-sighup-');

function startServe(dataDir: string) {
  return startServeBin(['--data', dataDir], { IDENTITY_SIGNALS_API_KEYS: 'k1' });
}

/** The status the server gives an address on `domain`. */
async function emailStatus(port: number, domain: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/1.0/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': 'k1' },
    body: JSON.stringify({ customer_id: CUSTOMER, claims: ['email'], email: `someone@${domain}` }),
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { email: { status: string } };
  return body.email.status;
}

/** The retrieved date /ready reports for email/disposable. */
async function disposableDate(port: number): Promise<string | undefined> {
  const res = await fetch(`http://127.0.0.1:${port}/ready`);
  const body = (await res.json()) as { data: { product: string; name: string; retrieved: string }[] };
  return body.data.find((d) => d.product === 'email' && d.name === 'disposable')?.retrieved;
}

/**
 * SIGHUP to `s`, then what a refused reload must show: the refusal logged
 * (level 50, its one problem naming `file`), no swap logged, and the old data
 * still answering. The logged refusal line is returned.
 */
async function refusedReload(s: ReturnType<typeof startServe>, port: number, file: string): Promise<string> {
  s.child.kill('SIGHUP');
  await expect.poll(() => s.stdout().includes('reload refused'), { timeout: 15_000 }).toBe(true);
  const refusal = s.stdout().split('\n').find((l) => l.includes('reload refused'))!;
  expect(JSON.parse(refusal)).toMatchObject({ level: 50, problems: [{ file }] });
  expect(s.stdout()).not.toContain('reloaded keys and data');
  // Still the old data (the default bundle, which a refusal must not fall back to, is dated otherwise).
  expect(await emailStatus(port, 'mailinator.com')).toBe('disposable');
  expect(await disposableDate(port)).toBe('2026-11-20');
  return refusal;
}

describe('serve: SIGHUP reloads the data bundle, and refuses one that fails verification', () => {
  it('a corrupted file: refused and logged, the old data answers; fixed: the new data answers', async () => {
    const dir = folder();
    writeDisposableBundle(dir, '2026-11-20');
    const s = startServe(dir);
    try {
      const port = await s.port;
      expect(await emailStatus(port, 'mailinator.com')).toBe('disposable');
      expect(await disposableDate(port)).toBe('2026-11-20');

      // A truncated copy, as a failed transfer leaves it: the manifest no longer matches the file.
      const file = join(dir, DISPOSABLE.file);
      writeFileSync(file, readFileSync(file).subarray(0, 20));
      expect(await refusedReload(s, port, DISPOSABLE.file)).toContain('truncated');

      // Fixed, and dated anew: the next SIGHUP swaps it in.
      writeDisposableBundle(dir, '2026-11-24');
      s.child.kill('SIGHUP');
      await expect.poll(() => s.stdout().includes('reloaded keys and data'), { timeout: 15_000 }).toBe(true);
      expect(await emailStatus(port, 'mailinator.com')).toBe('disposable');
      expect(await disposableDate(port)).toBe('2026-11-24');
    } finally {
      s.child.kill('SIGTERM');
      await s.done;
    }
  }, 60_000);

  it('a manifest gone before the signal: refused as a manifest problem, the old data answers', async () => {
    const dir = folder();
    writeDisposableBundle(dir, '2026-11-20');
    const s = startServe(dir);
    try {
      const port = await s.port;
      expect(await disposableDate(port)).toBe('2026-11-20');

      // Removed mid-update (a copy that writes the manifest last): the directory is no bundle, for now.
      rmSync(join(dir, MANIFEST_FILE));
      await refusedReload(s, port, MANIFEST_FILE);
    } finally {
      s.child.kill('SIGTERM');
      await s.done;
    }
  }, 60_000);
});
