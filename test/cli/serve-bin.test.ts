import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run.js';
import { DISPOSABLE } from '../../src/email/data/formats.js';
import { LISTS } from '../../src/ip/data/formats.js';
import { entryFor, writeDisposableBundle, writeManifestFile } from '../data/makeBundle.js';
import { ROOT } from '../support/batchBin.js';
import { startHttpServer } from '../support/httpServer.js';
import { scratchFolders } from '../support/scratch.js';

// `serve` through runCli in process as the bin runs it (io.stdout given):
// the SIGHUP, SIGTERM and SIGINT handlers it installs, found among the
// process's listeners and called directly (no signal is sent to the test
// process), what a reload reads again and what it refuses, the shutdown, and
// the settings of the config file that reach the HTTP server (body limit,
// rate limit, MaxMind databases, providers and webhooks). The
// child-process versions (test/cli/serve-sighup.test.ts, test/cli/serve-run.test.ts)
// stay for real signals; these run where mutation testing sees serve.ts.

const SIGNALS = ['SIGHUP', 'SIGTERM', 'SIGINT'] as const;
type Handlers = Readonly<Record<(typeof SIGNALS)[number], () => void>>;
interface Log {
  readonly level: number;
  readonly msg: string;
  readonly [field: string]: unknown;
}

const CUSTOMER = '2f1c4f5e-8b9a-4c6d-9e0f-1a2b3c4d5e6f';
const { folder } = scratchFolders('identity-signals-cli-serve-bin-');
const writeJson = (file: string, value: unknown): string => {
  writeFileSync(file, JSON.stringify(value));
  return file;
};
/**
 * A config file in `dir` with `settings`, on port 0 and without load
 * shedding: a reload's data load stalls the event loop once, which on a
 * loaded machine would otherwise answer 503 to the next requests.
 */
const serveConfig = (dir: string, settings: Record<string, unknown>): string => writeJson(join(dir, 'serve.json'), { port: 0, pressure: false, ...settings });

/**
 * Runs `serve argv` with the bin's io (its own stdout and stderr given).
 * Once it listens, `whileListening` gets the base URL, the signal handlers
 * serve added to the process, and its log so far; it must stop the server
 * through one of them. Returns the exit code, the log, stderr, and whether
 * every handler was removed again.
 */
async function serveAsBin(
  argv: readonly string[],
  env: Record<string, string>,
  whileListening: (base: string, signal: Handlers, logs: () => Log[]) => Promise<void>,
  preAborted = false,
) {
  const before = Object.fromEntries(SIGNALS.map((s) => [s, process.listeners(s)])) as Record<(typeof SIGNALS)[number], unknown[]>;
  const fallback = new AbortController();
  if (preAborted) fallback.abort();
  const out: string[] = [];
  const err: string[] = [];
  const logs = () => out.map((line) => JSON.parse(line) as Log);
  let served: Promise<void> = Promise.resolve();
  let failure: unknown;
  const code = await runCli(['serve', ...argv], {
    out: (line) => out.push(line),
    err: (line) => {
      err.push(line);
      const match = /listening on (http:\/\/\S+:\d+)\/1\.0\/<product>/.exec(line);
      if (match === null) return;
      const added = (s: (typeof SIGNALS)[number]) => process.listeners(s).filter((l) => !before[s].includes(l)) as (() => void)[];
      const handlers = Object.fromEntries(SIGNALS.map((s) => [s, () => added(s).forEach((l) => l())])) as unknown as Handlers;
      const counts = SIGNALS.map((s) => added(s).length);
      served = (async () => {
        expect(counts, 'one handler per signal').toEqual([1, 1, 1]);
        await whileListening(match[1]!, handlers, logs);
      })().catch((error: unknown) => {
        failure = error;
        fallback.abort();
      });
    },
    stdin: Readable.from(['']),
    stdout: new PassThrough(),
    stderr: new PassThrough(),
    env: { IDENTITY_SIGNALS_DATA_WARN: 'off', ...env },
    signal: fallback.signal,
  });
  await served;
  if (failure !== undefined) throw failure;
  const removed = SIGNALS.every((s) => process.listeners(s).length === before[s].length);
  return { code, logs: logs(), err, removed };
}

const post = (base: string, product: string, body: Record<string, unknown>, key: string) =>
  fetch(`${base}/1.0/${product}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': key },
    body: JSON.stringify({ customer_id: CUSTOMER, claims: [product], ...body }),
  });
const statusWith = async (base: string, key: string) => (await post(base, 'email', { email: 'jane@gmail.com' }, key)).status;

/** The retrieved date /ready reports for email/disposable. */
async function disposableDate(base: string): Promise<string | undefined> {
  const body = (await (await fetch(`${base}/ready`)).json()) as { data: { product: string; name: string; retrieved: string }[] };
  return body.data.find((d) => d.product === 'email' && d.name === 'disposable')?.retrieved;
}

describe('serve from the bin: signals', () => {
  it('SIGHUP reads the keys file and the --data bundle again; a bundle that fails verification or no key at all is refused, the old ones kept; SIGTERM stops it', async () => {
    const dir = folder();
    const data = join(dir, 'data');
    writeDisposableBundle(data, '2026-11-20');
    const keys = writeJson(join(dir, 'keys.json'), [{ key: 'k1' }]);
    const config = serveConfig(dir, { keysFile: keys, timeouts: { shutdownMs: 4321 } });
    const run = await serveAsBin(['--config', config, '--data', data], {}, async (base, signal, logs) => {
      expect(await disposableDate(base)).toBe('2026-11-20');
      expect(await statusWith(base, 'k2')).toBe(401);

      // New keys and new data: both swapped in.
      writeJson(keys, [{ key: 'k1' }, { key: 'k2' }]);
      writeDisposableBundle(data, '2026-11-24');
      signal.SIGHUP();
      expect(logs().at(-1)).toMatchObject({ level: 30, msg: 'reloaded keys and data', keys: 2 });
      expect(await statusWith(base, 'k2')).toBe(200);
      expect(await disposableDate(base)).toBe('2026-11-24');

      // A truncated data file: neither the data nor the new keys are taken.
      writeJson(keys, [{ key: 'k3' }]);
      const file = join(data, DISPOSABLE.file);
      writeFileSync(file, readFileSync(file).subarray(0, 20));
      signal.SIGHUP();
      expect(logs().at(-1)).toMatchObject({
        level: 50,
        msg: 'reload refused: the data bundle fails verification (1 bad file); still serving with the previous keys and data',
        problems: [{ file: DISPOSABLE.file }],
      });
      expect(await statusWith(base, 'k3')).toBe(401);
      expect(await statusWith(base, 'k2')).toBe(200);
      expect(await disposableDate(base)).toBe('2026-11-24');

      // Good data again, but a keys file with no key: refused before anything is swapped.
      writeDisposableBundle(data, '2026-11-25');
      writeJson(keys, []);
      signal.SIGHUP();
      expect(logs().at(-1)).toMatchObject({
        level: 50,
        msg: 'reload failed; still serving with the previous keys and data',
        err: { message: 'the reloaded configuration has no API key; keeping the old keys' },
      });
      expect(await statusWith(base, 'k2')).toBe(200);
      expect(await disposableDate(base)).toBe('2026-11-24');

      signal.SIGTERM();
    });
    expect(run.code).toBe(0);
    expect(run.err).toEqual([expect.stringMatching(/^identity-signals listening on http:\/\/127\.0\.0\.1:\d+\/1\.0\/<product> with 1 API key$/)]);
    expect(run.logs.find((l) => l.msg === 'shutting down: finishing requests in flight')).toMatchObject({ level: 30, signal: 'SIGTERM', deadlineMs: 4321 });
    expect(run.logs.at(-1)).toMatchObject({ level: 30, msg: 'stopped', forced: false });
    expect(run.removed).toBe(true);
  }, 60_000);

  it('SIGINT stops it as SIGTERM does, with the default deadline of 10 s; the data bundle of the config file', async () => {
    const dir = folder();
    writeDisposableBundle(join(dir, 'data'), '2026-11-21');
    const run = await serveAsBin(['--config', serveConfig(dir, { data: 'data' })], { IDENTITY_SIGNALS_API_KEYS: 'k' }, async (base, signal) => {
      expect(await statusWith(base, 'k')).toBe(200);
      expect(await disposableDate(base)).toBe('2026-11-21');
      signal.SIGINT();
    });
    expect(run.code).toBe(0);
    expect(run.logs.find((l) => l.msg === 'shutting down: finishing requests in flight')).toMatchObject({ signal: 'SIGINT', deadlineMs: 10_000 });
    expect(run.removed).toBe(true);
  }, 60_000);

  it('an IP data file that fails when loaded at start: the DataError line, exit 1, the handlers removed again', async () => {
    // A truncated IP list in the --data bundle: its verification at start fails it, before the preload would.
    const data = join(folder(), 'data');
    const lists = readFileSync(join(ROOT, 'data', LISTS.file));
    mkdirSync(dirname(join(data, LISTS.file)), { recursive: true });
    writeFileSync(join(data, LISTS.file), lists.subarray(0, 20));
    writeManifestFile(data, [entryFor(LISTS as never, lists, 1)]);
    const run = await serveAsBin(['--port', '0', '--data', data], { IDENTITY_SIGNALS_API_KEYS: 'k' }, async () => {
      throw new Error('it should not have listened');
    });
    expect(run.code).toBe(1);
    expect(run.err).toEqual([expect.stringMatching(/^DataError DATA_\w+: /)]);
    expect(run.removed).toBe(true);
  }, 60_000);

  it('a signal already aborted when it starts: it listens, then stops at once, exit 0', async () => {
    const run = await serveAsBin(['--port', '0'], { IDENTITY_SIGNALS_API_KEYS: 'k' }, async () => {}, true);
    expect(run.code).toBe(0);
    expect(run.logs.find((l) => l.msg === 'shutting down: finishing requests in flight')).toMatchObject({ signal: 'abort' });
    expect(run.removed).toBe(true);
  }, 60_000);
});

describe('serve from the bin: the config file reaches the HTTP server', () => {
  it('the body limit and the rate limit of the config file', async () => {
    const dir = folder();
    // One token per 1000 s: the burst is all a test of a few milliseconds gets.
    const config = serveConfig(dir, { keys: [{ key: 'k' }], maxBodyBytes: 300, rateLimit: { perSecond: 0.001, burst: 3 } });
    const statuses: number[] = [];
    const run = await serveAsBin(['--config', config], {}, async (base, signal) => {
      statuses.push((await post(base, 'email', { email: `${'a'.repeat(400)}@gmail.com` }, 'k')).status);
      for (let i = 0; i < 4; i++) statuses.push(await statusWith(base, 'k'));
      signal.SIGTERM();
    });
    expect(run.code).toBe(0);
    // The 413 is refused from its Content-Length before the key and its rate: it takes no token of the burst of 3.
    expect(statuses).toEqual([413, 200, 200, 200, 429]);
  }, 60_000);

  it('the MaxMind databases of the config file and of --db; the providers, whose facts the webhook carries, signed with the key secret', async () => {
    const dir = folder();
    writeFileSync(join(dir, 'crm.csv'), 'domain,company_name\nacme-widgets.com,Acme\n');
    const mmdb = (name: string) => join(ROOT, 'test', 'fixtures', 'ip', 'mmdb', `${name}.mmdb`);
    const config = serveConfig(dir, {
      keys: [{ key: 'k', webhookSecret: 'whsec_test' }],
      providers: [{ type: 'table', file: 'crm.csv' }],
      webhook: { allowPrivateTargets: true, dir: 'journal', baseDelayMs: 50 },
      maxmind: [mmdb('GeoIP2-Connection-Type-Test')],
    });
    const receiver = await startHttpServer((_, res) => res.writeHead(200).end());
    try {
      const run = await serveAsBin(['--config', config, '--db', mmdb('GeoIP2-ISP-Test')], {}, async (base, signal) => {
        const ip = (await (await post(base, 'ip', { ip: '108.96.0.1' }, 'k')).json()) as { ip: { connection_type: string; is_mobile: boolean } };
        // Cellular in the config's Connection-Type database (a data centre without it).
        expect(ip.ip).toMatchObject({ connection_type: 'MOB', is_mobile: true });
        const res = await post(base, 'email', { email: 'jane@acme-widgets.com', webhook_url: `${receiver.origin}/hook` }, 'k');
        expect(res.status).toBe(200);
        await expect.poll(() => receiver.requests.length, { timeout: 20_000 }).toBe(1);
        signal.SIGTERM();
      });
      expect(run.code).toBe(0);
      expect(receiver.requests[0]).toMatchObject({ method: 'POST', path: '/hook' });
      // What the webhook carries: the result with the provider's facts (the table's company).
      expect(receiver.requests[0]!.body).toContain('"company_name":"Acme"');
      expect(Object.keys(receiver.requests[0]!.headers).some((h) => h.includes('signature'))).toBe(true);
      expect(existsSync(join(dir, 'journal'))).toBe(true);
      expect(run.logs.some((l) => l.msg === 'webhook delivered')).toBe(true);
    } finally {
      await receiver.close();
    }
  }, 60_000);

  it('no webhooks without providers (nothing to send), nor without a secret', async () => {
    for (const [name, settings] of [
      ['no providers', { keys: [{ key: 'k', webhookSecret: 'whsec_test' }] }],
      ['no secret', { keys: [{ key: 'k' }], providers: [{ type: 'table', file: 'crm.csv' }] }],
    ] as const) {
      const dir = folder();
      writeFileSync(join(dir, 'crm.csv'), 'domain,company_name\nacme-widgets.com,Acme\n');
      const config = serveConfig(dir, { ...settings, webhook: { allowPrivateTargets: true, dir: 'journal' } });
      const run = await serveAsBin(['--config', config], {}, async (base, signal) => {
        expect((await post(base, 'email', { email: 'jane@acme-widgets.com', webhook_url: 'http://127.0.0.1:9/hook' }, 'k')).status, name).toBe(200);
        signal.SIGTERM();
      });
      expect(run.code, name).toBe(0);
      // The webhook queue (its journal) is opened only when webhooks are on.
      expect(existsSync(join(dir, 'journal')), name).toBe(false);
    }
  }, 60_000);

  it('{ "dnsMx": true } is a provider (webhooks on, its journal opened); false is none', async () => {
    for (const dnsMx of [true, false]) {
      const dir = folder();
      const config = serveConfig(dir, { keys: [{ key: 'k', webhookSecret: 'whsec_test' }], providers: { dnsMx }, webhook: { dir: 'journal' } });
      // Nothing is checked, so no DNS query is made: only whether the webhook queue was opened.
      const run = await serveAsBin(['--config', config], {}, async (_, signal) => signal.SIGTERM());
      expect(run.code).toBe(0);
      expect(existsSync(join(dir, 'journal')), String(dnsMx)).toBe(dnsMx);
    }
  }, 60_000);

  it('the config-wide webhook secret turns webhooks on as a key secret does', async () => {
    const dir = folder();
    writeFileSync(join(dir, 'crm.csv'), 'domain,company_name\nacme-widgets.com,Acme\n');
    const config = serveConfig(dir, {
      keys: [{ key: 'k' }],
      providers: [{ type: 'table', file: 'crm.csv' }],
      webhook: { allowPrivateTargets: true, dir: 'journal', secret: 'whsec_all' },
    });
    const receiver = await startHttpServer((_, res) => res.writeHead(200).end());
    try {
      const run = await serveAsBin(['--config', config], {}, async (base, signal) => {
        expect((await post(base, 'email', { email: 'jane@acme-widgets.com', webhook_url: `${receiver.origin}/hook` }, 'k')).status).toBe(200);
        await expect.poll(() => receiver.requests.length, { timeout: 20_000 }).toBe(1);
        signal.SIGTERM();
      });
      expect(run.code).toBe(0);
    } finally {
      await receiver.close();
    }
  }, 60_000);
});
