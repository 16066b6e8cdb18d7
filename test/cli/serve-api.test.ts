import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { API_KEYS_VARIABLE, serve } from '../../src/cli/serve.js';
import type { CliIo } from '../../src/cli/run.js';
import { createChecker } from '../../src/index.js';
import { runCliLines } from '../support/cli.js';

// src/cli/serve.ts below serveCommand: `serve()` called as a library caller
// does (test/cli/commands.test.ts), without the reload settings serveCommand
// passes, a listen error with no message of its own, and webhooks when only
// some keys have a secret.
// test/cli/serve-bin.test.ts has the command as the bin runs it.

const SIGNALS = ['SIGHUP', 'SIGTERM', 'SIGINT'] as const;
const CUSTOMER = '2f1c4f5e-8b9a-4c6d-9e0f-1a2b3c4d5e6f';
const scratch = mkdtempSync(join(tmpdir(), 'identity-signals-cli-serve-api-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const checker = createChecker();
const statusWith = async (base: string, key: string) =>
  (
    await fetch(`${base}/1.0/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key },
      body: JSON.stringify({ customer_id: CUSTOMER, claims: ['email'], email: 'jane@gmail.com' }),
    })
  ).status;

/** serve() with `io`; `whileListening` gets the base URL and the signal listeners serve added to the process. */
async function serveDirect(io: Partial<CliIo>, whileListening: (base: string, added: Record<string, (() => void)[]>) => Promise<void>) {
  const before = Object.fromEntries(SIGNALS.map((s) => [s, process.listeners(s)]));
  const out: string[] = [];
  let served: Promise<void> = Promise.resolve();
  let failure: unknown;
  const code = await serve(checker, ['k'], 0, '127.0.0.1', {
    out: (line) => out.push(line),
    err: (line) => {
      const match = /listening on (http:\/\/\S+:\d+)\/1\.0\/<product>/.exec(line);
      if (match === null) return;
      const added = Object.fromEntries(SIGNALS.map((s) => [s, process.listeners(s).filter((l) => !before[s]!.includes(l)) as (() => void)[]]));
      served = whileListening(match[1]!, added).catch((error: unknown) => {
        failure = error;
        for (const l of added.SIGTERM ?? []) l();
      });
    },
    stdin: Readable.from(['']),
    env: { IDENTITY_SIGNALS_DATA_WARN: 'off' },
    ...io,
  });
  await served;
  if (failure !== undefined) throw failure;
  return { code, logs: out.map((line) => JSON.parse(line) as { msg: string; [field: string]: unknown }) };
}

describe('serve() as a library caller runs it', () => {
  it('with the bin io but no reload settings: SIGHUP keeps the keys and the checker it has; SIGTERM stops it without an abort signal', async () => {
    const run = await serveDirect({ stdout: new PassThrough(), stderr: new PassThrough() }, async (base, added) => {
      expect(added.SIGHUP).toHaveLength(1);
      added.SIGHUP![0]!();
      expect(await statusWith(base, 'k')).toBe(200);
      added.SIGTERM![0]!();
    });
    expect(run.code).toBe(0);
    const reloaded = run.logs.find((l) => l.msg.startsWith('reload'));
    expect(reloaded).toMatchObject({ level: 30, msg: 'reloaded keys and data' });
    expect(reloaded).not.toHaveProperty('keys');
    expect(run.logs.find((l) => l.msg.startsWith('shutting down'))).toMatchObject({ signal: 'SIGTERM' });
  }, 60_000);

  it('without the bin io: no signal handler is installed; an abort signal stops it', async () => {
    const stop = new AbortController();
    const run = await serveDirect({ signal: stop.signal }, async (base, added) => {
      expect(Object.values(added).flat()).toEqual([]);
      expect(await statusWith(base, 'k')).toBe(200);
      stop.abort();
    });
    expect(run.code).toBe(0);
    expect(run.logs.find((l) => l.msg.startsWith('shutting down'))).toMatchObject({ signal: 'abort' });
  }, 60_000);
});

describe('serve: listen errors without a sentence of their own', () => {
  it('an address the system refuses (EINVAL: link-local without a scope): its message, exit 1', async () => {
    const run = await runCliLines(['serve', '--host', 'fe80::1', '--port', '0'], { env: { [API_KEYS_VARIABLE]: 'k', IDENTITY_SIGNALS_DATA_WARN: 'off' } });
    expect(run).toEqual({ code: 1, out: [], err: ['cannot listen on fe80::1:0: listen EINVAL: invalid argument fe80::1'] });
  }, 60_000);
});

describe('serve: webhooks when some keys have a secret', () => {
  it('one key with a secret is enough to open the webhook queue', async () => {
    writeFileSync(join(scratch, 'crm.csv'), 'domain,company_name\nacme-widgets.com,Acme\n');
    const config = join(scratch, 'serve.json');
    writeFileSync(
      config,
      JSON.stringify({
        port: 0,
        pressure: false,
        keys: [{ key: 'k1' }, { key: 'k2', webhookSecret: 'whsec_test' }],
        providers: [{ type: 'table', file: 'crm.csv' }],
        webhook: { dir: 'journal' },
      }),
    );
    const stop = new AbortController();
    const run = await runCliLines(['serve', '--config', config], {
      env: { IDENTITY_SIGNALS_DATA_WARN: 'off' },
      signal: stop.signal,
      onErr: (line) => {
        if (line.includes('listening on')) stop.abort();
      },
    });
    expect(run.code).toBe(0);
    expect(run.err[0]).toMatch(/ with 2 API keys$/);
    expect(existsSync(join(scratch, 'journal'))).toBe(true);
  }, 60_000);
});

describe('serve --data: a bundle that fails verification at start', () => {
  it('names the bad files, at most three and how many more; exit 1 before it says it listens', async () => {
    const data = join(scratch, 'exported');
    expect((await runCliLines(['data', 'export', '--out', data])).code).toBe(0);
    const manifest = JSON.parse(readFileSync(join(data, 'manifest.json'), 'utf8')) as { datasets: { file: string }[] };
    const files = manifest.datasets.map((d) => d.file).slice(0, 4);
    const env = { [API_KEYS_VARIABLE]: 'k', IDENTITY_SIGNALS_DATA_WARN: 'off' };
    const truncate = (file: string) => writeFileSync(join(data, file), readFileSync(join(data, file)).subarray(0, 10));
    files.slice(0, 3).forEach(truncate);
    const three = await runCliLines(['serve', '--port', '0', '--data', data], { env });
    expect(three.code).toBe(1);
    expect(three.err).toHaveLength(1);
    expect(three.err[0]).toMatch(new RegExp(`^DataError DATA_CORRUPT: the data bundle fails verification \\(3 bad files\\): ${files[0]}: [^;]+; ${files[1]}: [^;]+; ${files[2]}: [^;]+$`));
    truncate(files[3]!);
    const four = await runCliLines(['serve', '--port', '0', '--data', data], { env });
    expect(four.code).toBe(1);
    expect(four.err[0]).toMatch(new RegExp(`^DataError DATA_CORRUPT: the data bundle fails verification \\(4 bad files\\): ${files[0]}: [^;]+; ${files[1]}: [^;]+; ${files[2]}: [^;]+; and 1 more$`));
  }, 60_000);
});
