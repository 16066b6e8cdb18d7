import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run.js';
import { commandUsage } from '../../src/cli/usage.js';

// `serve` through runCli in process: where its settings come from (flags over
// the config file), what it refuses before listening (exit 2, with or without
// the serve usage), what it says when it listens, and the exit code.

const dir = mkdtempSync(join(tmpdir(), 'identity-signals-cli-serve-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const QUIET = { IDENTITY_SIGNALS_DATA_WARN: 'off' };
const CUSTOMER = '2f1c4f5e-8b9a-4c6d-9e0f-1a2b3c4d5e6f';

function config(name: string, settings: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(settings));
  return file;
}

/** Runs `serve argv`; once it says it listens, runs `whileListening(url)` and stops it. */
async function serve(argv: readonly string[], env: Record<string, string>, whileListening: (base: string) => Promise<void> = async () => {}) {
  const stop = new AbortController();
  const out: string[] = [];
  const err: string[] = [];
  let served: Promise<void> = Promise.resolve();
  const code = await runCli(['serve', ...argv], {
    out: (line) => out.push(line),
    err: (line) => {
      err.push(line);
      const match = /listening on (http:\/\/\S+:\d+)\/1\.0\/<product>/.exec(line);
      if (match) served = whileListening(match[1]!).finally(() => stop.abort());
    },
    stdin: Readable.from(['']),
    env: { ...QUIET, ...env },
    signal: stop.signal,
  });
  await served;
  return { code, out, err };
}

async function busyPort(): Promise<{ port: number; close: () => void }> {
  const blocker = createNetServer();
  await new Promise<void>((ok) => blocker.listen(0, '127.0.0.1', ok));
  return { port: (blocker.address() as AddressInfo).port, close: () => blocker.close() };
}

const post = (base: string, product: string, body: Record<string, unknown>, key = 'k') =>
  fetch(`${base}/1.0/${product}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': key }, body: JSON.stringify({ customer_id: CUSTOMER, claims: [product], ...body }) });

describe('serve: what it refuses before listening', () => {
  it('a config file with a bad setting → the message and the serve usage, exit 2', async () => {
    const file = config('bad.json', { prot: 1 });
    const { code, out, err } = await serve(['--config', file], { IDENTITY_SIGNALS_API_KEYS: 'k' });
    expect(code).toBe(2);
    expect(out).toEqual([]);
    expect(err.join('\n')).toBe(`config file ${file}: unknown setting "prot"\n\n${commandUsage('serve')}`);
  });

  it('a keys file that is not there → a usage fault naming it, with the serve usage, exit 2', async () => {
    const keysFile = join(dir, 'no-keys.json');
    const file = config('keysfile.json', { keysFile });
    const { code, err } = await serve(['--config', file], {});
    expect(code).toBe(2);
    const [first, blank, usage] = err.join('\n').split('\n');
    expect(first).toContain(keysFile);
    expect(blank).toBe('');
    expect(usage).toBe(commandUsage('serve').split('\n')[0]);
  });

  it('keys only in the config file are keys: no key anywhere → the one line without usage, exit 2', async () => {
    const { code, err } = await serve(['--config', config('nokeys.json', { port: 0 })], {});
    expect(code).toBe(2);
    expect(err).toEqual(['serve needs at least one API key in IDENTITY_SIGNALS_API_KEYS (comma-separated); refusing to start an open server']);
  });

  it('a MaxMind database of the config that is not there → "config: no such MaxMind database PATH", exit 2', async () => {
    const missing = join(dir, 'GeoIP2-City.mmdb');
    const { code, err } = await serve(['--config', config('maxmind.json', { keys: [{ key: 'k' }], maxmind: [missing] })], {});
    expect(code).toBe(2);
    expect(err.join('\n').split('\n')[0]).toBe(`config: no such MaxMind database ${missing}`);
    expect(err.join('\n')).toContain('Usage: identity-signals serve');
  });

  it('a provider of the config that cannot be built → "config: providers: …", exit 2', async () => {
    const { code, err } = await serve(['--config', config('providers.json', { keys: [{ key: 'k' }], providers: [{ type: 'table', file: join(dir, 'no-table.csv') }] })], {});
    expect(code).toBe(2);
    expect(err.join('\n').split('\n')[0]).toMatch(/^config: providers: /);
    expect(err.join('\n')).toContain('Usage: identity-signals serve');
  });

  it('--db with a missing file → "no such file", exit 2, before the keys are looked at', async () => {
    const missing = join(dir, 'GeoLite2-ASN.mmdb');
    expect(await serve(['--db', missing], {})).toEqual({ code: 2, out: [], err: [`no such file: ${missing}`] });
  });
});

describe('serve: settings, flags over the config file', () => {
  it('one key is "1 API key"; the keys of the config file and the environment add up', async () => {
    const one = await serve(['--port', '0'], { IDENTITY_SIGNALS_API_KEYS: 'k' });
    expect(one.code).toBe(0);
    expect(one.err[0]).toMatch(/^identity-signals listening on http:\/\/127\.0\.0\.1:\d+\/1\.0\/<product> with 1 API key$/);
    const three = await serve(['--port', '0', '--config', config('keys.json', { keys: [{ key: 'a' }, { key: 'b' }] })], { IDENTITY_SIGNALS_API_KEYS: 'k' });
    expect(three.err[0]).toMatch(/ with 3 API keys$/);
  });

  it('the port of the config file, unless --port is given', async () => {
    const busy = await busyPort();
    try {
      const file = config('port.json', { keys: [{ key: 'k' }], port: busy.port });
      const fromFile = await serve(['--config', file], {});
      expect(fromFile).toEqual({
        code: 1,
        out: [],
        err: [`port ${busy.port} is in use on 127.0.0.1: another program is listening there; stop it or choose another port with --port`],
      });
      const fromFlag = await serve(['--config', file, '--port', '0'], {});
      expect(fromFlag.code).toBe(0);
      expect(fromFlag.err[0]).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+\//);
      expect(fromFlag.err[0]).not.toContain(`:${busy.port}/`);
    } finally {
      busy.close();
    }
  });

  it('the host of the config file, unless --host is given; an IPv6 host is shown in brackets', async () => {
    const file = config('host.json', { keys: [{ key: 'k' }], port: 0, host: '192.0.2.1' });
    expect(await serve(['--config', file], {})).toEqual({ code: 1, out: [], err: ['cannot listen on 192.0.2.1: it is not an address of this machine (--host)'] });
    let status = 0;
    const v6 = await serve(['--config', file, '--host', '::1'], {}, async (base) => {
      status = (await post(base, 'email', { email: 'jane@gmail.com' })).status;
    });
    expect(v6.code).toBe(0);
    expect(v6.err[0]).toMatch(/^identity-signals listening on http:\/\/\[::1\]:\d+\/1\.0\/<product> with 1 API key$/);
    expect(status).toBe(200);
  });

  it('bands and default country from the config file; --country and --bands over them', async () => {
    const file = config('checks.json', { keys: [{ key: 'k' }], port: 0, defaultCountry: 'IT', bands: 'scorecard' });
    const seen: { country: string | null; cluster: string }[] = [];
    // A number without + (the default country decides it) and a name whose score (574) falls in different bands of the two tables.
    const ask = async (base: string) => {
      const local = (await (await post(base, 'phone', { phone_number: '333 123 4567' })).json()) as { phone: { country: string | null } };
      const banded = (await (await post(base, 'name', { first_name: 'Robin', last_name: 'Varnecke' })).json()) as { name: { score_cluster: string } };
      seen.push({ country: local.phone.country, cluster: banded.name.score_cluster });
    };
    expect((await serve(['--config', file], {}, ask)).code).toBe(0);
    expect((await serve(['--config', file, '--country', 'GB', '--bands', 'default'], {}, ask)).code).toBe(0);
    expect((await serve(['--port', '0', '--country', 'IT'], { IDENTITY_SIGNALS_API_KEYS: 'k' }, ask)).code).toBe(0);
    const [fromFile, fromFlags, plain] = seen;
    expect(fromFile!.country).toBe('IT');
    expect(fromFlags!.country).not.toBe('IT');
    expect(plain!.country).toBe('IT');
    expect(fromFile!.cluster).not.toBe(plain!.cluster);
    expect(fromFlags!.cluster).toBe(plain!.cluster);
  });

  it('logs through io.out as JSON lines at the config\'s level', async () => {
    const quiet = await serve(['--config', config('silent.json', { keys: [{ key: 'k' }], port: 0, logLevel: 'silent' })], {}, async (base) => {
      await post(base, 'email', { email: 'jane@gmail.com' });
    });
    expect(quiet.out).toEqual([]);
    const loud = await serve(['--port', '0'], { IDENTITY_SIGNALS_API_KEYS: 'k' }, async (base) => {
      await post(base, 'email', { email: 'jane@gmail.com' });
    });
    const lines = loud.out.map((line) => JSON.parse(line) as { msg: string; service: string });
    expect(lines.map((l) => l.msg)).toContain('request');
    expect(lines.every((l) => l.service === 'identity-signals')).toBe(true);
    expect(loud.out.every((line) => !line.endsWith('\n'))).toBe(true);
    expect(lines.at(-1)?.msg).toBe('stopped');
  });
});
