import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createChecker } from '../../src/checker.js';
import type { Checker } from '../../src/checker.js';
import { endOnOutputErrors } from '../../src/cli/pipes.js';
import { runCli } from '../../src/cli/run.js';
import { serve } from '../../src/cli/serve.js';
import { DataError } from '../../src/errors.js';
import { runCliText } from '../support/cli.js';
import { scratchFolders } from '../support/scratch.js';

/** The CLI in process with the test process's environment, as the bin would run. */
const run = (argv: string[], stdin = '') => runCliText(argv, { stdin, env: process.env });

describe('CLI', () => {
  it('checks one email and prints the result as JSON', async () => {
    const { code, out } = await run(['email', 'jane.doe@gmial.com', '--compact']);
    expect(code).toBe(0);
    const result = JSON.parse(out) as { status: string; suggestion: string };
    expect(result.status).toBe('syntax');
    expect(result.suggestion).toBe('gmail.com');
  });

  it('checks each product from the command line', async () => {
    expect(JSON.parse((await run(['ip', '127.0.0.1', '--compact'])).out).connection_type).toBe('RSV');
    expect(JSON.parse((await run(['phone', '333 123 4567', '--country', 'IT', '--compact'])).out).country).toBe('IT');
    expect(JSON.parse((await run(['name', 'Jane', 'Doe', '--compact'])).out).value).toBe('Jane,Doe');
    const device = JSON.parse((await run(['device', 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36', '--header', 'Sec-CH-UA-Model: "SM-S911B"', '--compact'])).out);
    expect(device.brand).toBe('Samsung');
  });

  it('runs a batch from stdin, one JSON line per input, and reports bad lines in place', async () => {
    const { code, out } = await run(['batch', 'email', '-'], 'a@gmail.com\n{"email":"b@mailinator.com"}\n{not json\n\n');
    expect(code).toBe(0);
    const lines = out.split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(3);
    expect(lines[0]!.value).toBe('a@gmail.com');
    expect(lines[1]!.status).toBe('disposable');
    expect(lines[2]!.error).toBeDefined();
  });

  it('reads the spec request fields of JSON lines, with default_country and headers', async () => {
    const phone = await run(['batch', 'phone', '-'], '{"phone_number":"333 123 4567","default_country":"IT"}\n{"phone_number":7}\n');
    const [ok, bad] = phone.out.split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(ok!.country).toBe('IT');
    expect((bad!.error as { code: string }).code).toBe('INPUT_TYPE');
    const line = JSON.stringify({ user_agent: 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36', headers: { 'Sec-CH-UA-Model': '"SM-S911B"' } });
    expect(JSON.parse((await run(['batch', 'device', '-'], `${line}\n`)).out).brand).toBe('Samsung');
  });

  it('prints a line per demo input', async () => {
    const { code, out } = await run(['demo']);
    expect(code).toBe(0);
    expect(out.split('\n').length).toBeGreaterThanOrEqual(15);
    expect(out).toMatch(/^email {2}"jane\.doe@gmail\.com"/m);
  });

  it('exits 2 with usage on misuse', async () => {
    expect((await run([])).code).toBe(2);
    expect((await run(['fax', '123'])).code).toBe(2);
    expect((await run(['name', 'OnlyOne'])).code).toBe(2);
    expect((await run(['email', 'x@y.z', '--bands', 'wide'])).code).toBe(2);
    expect((await run(['--help'])).code).toBe(0);
  });
});

// ---------------------------------------------------------------------------
// The CLI as a person uses it.

const root = join(import.meta.dirname, '..', '..');
const packageVersion = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
const COMMANDS = ['email', 'device', 'ip', 'phone', 'name', 'batch', 'worker', 'demo', 'serve'] as const;

/** Like `run`, with the environment (empty unless given), an abort signal and a live view of stderr. */
const runWith = runCliText;

const { root: scratch } = scratchFolders('identity-signals-cli-');

describe('CLI: version and help', () => {
  it('--version prints the version of package.json, exit 0', async () => {
    const { code, out, err } = await runWith(['--version']);
    expect(code).toBe(0);
    expect(out).toBe(packageVersion);
    expect(err).toBe('');
  });

  it.each(COMMANDS)('%s --help prints that command\'s usage on stdout, exit 0', async (command) => {
    const { code, out, err } = await runWith([command, '--help']);
    expect(code).toBe(0);
    expect(err).toBe('');
    expect(out.split('\n')[0]).toMatch(new RegExp(`^Usage: identity-signals ${command}\\b`));
    // Only this command's usage, not the list of every command.
    for (const other of COMMANDS.filter((c) => c !== command)) expect(out).not.toContain(`identity-signals ${other} `);
    expect(out).toContain('Exit codes: 0 done, 1 failed, 2 usage');
  });

  it('-h and `help <command>` print the same usage as --help', async () => {
    const help = (await runWith(['phone', '--help'])).out;
    expect((await runWith(['phone', '-h'])).out).toBe(help);
    expect(await runWith(['help', 'phone'])).toEqual({ code: 0, out: help, err: '' });
    // Help wins over every other fault of the command line: a person asking for it gets it.
    expect(await runWith(['phone', '1', '2', '--db', 'x', '--help'])).toEqual({ code: 0, out: help, err: '' });
  });

  it('the usage texts, as a person reads them', async () => {
    const texts = [(await runWith(['--help'])).out];
    for (const command of COMMANDS) texts.push((await runWith([command, '--help'])).out);
    expect(texts.join('\n\n----\n\n')).toMatchSnapshot();
  });

  it('the general usage lists every command, --version and the exit codes', async () => {
    const { code, out } = await runWith(['--help']);
    expect(code).toBe(0);
    for (const command of COMMANDS) expect(out).toContain(`identity-signals ${command}`);
    expect(out).toContain('--version');
    expect(out).toContain('Exit codes: 0 done, 1 failed, 2 usage');
  });

  it.each([
    ['email', ['--bands', '--scoring', '--data', '--compact', '--help']],
    ['device', ['--header', '--bands', '--scoring', '--data', '--compact', '--help']],
    ['ip', ['--db', '--bands', '--scoring', '--data', '--compact', '--help']],
    ['phone', ['--country', '--bands', '--scoring', '--data', '--compact', '--help']],
    ['name', ['--country', '--bands', '--scoring', '--data', '--compact', '--help']],
    [
      'batch',
      ['--input', '--output', '--format', '--delimiter', '--map', '--fields', '--workers', '--max-memory', '--quiet', '--rejects', '--allow-rejects', '--report', '--skip', '--resume', '--chunk', '--queue', '--db', '--country', '--bands', '--scoring', '--data', '--help'],
    ],
    ['worker', ['--queue', '--workers', '--db', '--data', '--help']],
    ['demo', ['--db', '--bands', '--data', '--help']],
    ['serve', ['--config', '--port', '--host', '--db', '--country', '--bands', '--scoring', '--data', '--help']],
    ['evaluate', ['--input', '--label', '--map', '--delimiter', '--scoring', '--json', '--rejects', '--workers', '--max-memory', '--quiet', '--db', '--country', '--data', '--help']],
    [
      'tune',
      ['--input', '--label', '--map', '--delimiter', '--out', '--target-fpr', '--target-accepted-abusive', '--folds', '--seed', '--report', '--rejects', '--workers', '--max-memory', '--quiet', '--db', '--country', '--data', '--help'],
    ],
    ['data', ['--data', '--json', '--out', '--products', '--mirror', '--registry', '--allow-shrink', '--help']],
  ])('%s --help lists exactly these flags: %s', async (command, flags) => {
    const { out } = await runWith([command, '--help']);
    expect([...new Set(out.match(/--[a-z][a-z-]*/g))].sort()).toEqual([...flags].sort());
  });
});

describe('CLI: misuse is one line naming the fault, the command\'s usage, exit 2', () => {
  it('a flag the command does not take (name Jane Doe --db x.mmdb)', async () => {
    const { code, out, err } = await runWith(['name', 'Jane', 'Doe', '--db', 'x.mmdb']);
    expect(code).toBe(2);
    expect(out).toBe('');
    const [first, blank, ...usage] = err.split('\n');
    expect(first).toBe('name does not take --db');
    expect(blank).toBe('');
    expect(usage.join('\n')).toBe((await runWith(['name', '--help'])).out);
  });

  it.each([
    [['email', 'a@b.co', '--header', 'X: y'], 'email does not take --header'],
    [['email', 'a@b.co', '--port', '1'], 'email does not take --port'],
    [['device', 'Mozilla/5.0', '--country', 'IT'], 'device does not take --country'],
    [['ip', '8.8.8.8', '--country', 'IT'], 'ip does not take --country'],
    [['phone', '333 123 4567', '--db', 'x.mmdb'], 'phone does not take --db'],
    [['name', 'Jane', 'Doe', '--header', 'X: y'], 'name does not take --header'],
    [['demo', '--port', '8080'], 'demo does not take --port'],
    [['demo', '--compact'], 'demo does not take --compact'],
    [['serve', '--compact'], 'serve does not take --compact'],
    [['serve', '--header', 'X: y'], 'serve does not take --header'],
    [['batch', 'email', '-', '--db', 'x.mmdb'], 'batch email does not take --db'],
    [['batch', 'email', '-', '--country', 'IT'], 'batch email does not take --country'],
    [['batch', 'ip', '-', '--header', 'X: y'], 'batch ip does not take --header'],
    [['device', 'Mozilla/5.0', '--header', 'Sec-CH-UA-Model SM-S911B'], '--header takes "Name: value", got "Sec-CH-UA-Model SM-S911B"'],
    [['email', 'a@b.co', '--bogus'], 'unknown option "--bogus"'],
    [['email', 'a@b.co', '-x'], 'unknown option "-x"'],
    [['email', 'a@b.co', '--version'], 'email does not take --version'],
    [['email', 'a@b.co', '--bands'], '--bands needs a value: default or scorecard'],
    [['email', 'a@b.co', '--compact=yes'], '--compact takes no value'],
    [['serve', '--port'], '--port needs a value'],
    [['serve', '--port', '1', '--port', '2'], '--port is given twice'],
    [['serve', '--port', 'http'], '--port must be a whole number 0..65535, got "http"'],
    [['serve', '--port', '70000'], '--port must be a whole number 0..65535, got "70000"'],
    [['serve', '8080'], 'serve takes no arguments, got "8080" (options start with --)'],
    [['demo', 'email'], 'demo takes no arguments, got "email" (options start with --)'],
    [['email', 'a@b.co', 'c@d.ef'], 'email takes one value (quote values with spaces)'],
    [['name', 'Jane', 'van', 'Doe'], 'name takes a first and a last name (quote values with spaces)'],
    [['batch', 'email'], 'batch takes a product (email, device, ip, phone, name) and a file or -'],
    [['batch', 'fax', 'x.txt'], 'batch takes a product (email, device, ip, phone, name) and a file or -'],
    [['batch', 'email', 'a.txt', 'b.txt'], 'batch takes a product (email, device, ip, phone, name) and a file or -'],
  ])('%j → %s', async (argv, line) => {
    const { code, out, err } = await runWith(argv);
    expect(code).toBe(2);
    expect(out).toBe('');
    const command = argv[0]!;
    expect(err.split('\n')[0]).toBe(line);
    expect(err).toContain(`Usage: identity-signals ${command}`);
  });

  it('a pasted blob is cut to 64 characters in the message, with its length (quoteInput, as the library\'s errors)', async () => {
    const { code, err } = await runWith(['x'.repeat(10_000)]);
    expect(code).toBe(2);
    expect(err.split('\n')[0]).toBe(`unknown command "${'x'.repeat(64)}…" (10000 characters)`);
    const flag = await runWith(['email', 'a@b.co', `--${'y'.repeat(10_000)}`]);
    expect(flag.code).toBe(2);
    expect(flag.err.split('\n')[0]).toBe(`unknown option "--${'y'.repeat(62)}…" (10002 characters)`);
  });

  it('the flags a batch product takes do their work', async () => {
    const { code, out } = await runWith(['batch', 'phone', '-', '--country', 'IT'], { stdin: '333 123 4567\n' });
    expect(code).toBe(0);
    expect(JSON.parse(out)).toMatchObject({ line: 1, country: 'IT' });
  });

  it('an unknown command or a bare unknown flag gives the general usage', async () => {
    for (const argv of [['fax', '123'], ['--bogus'], ['--compact']]) {
      const { code, err } = await runWith(argv);
      expect(code).toBe(2);
      expect(err.split('\n')[0]).toMatch(/^(unknown command "fax"|unknown option "--bogus"|--compact goes after a command)$/);
      expect(err).toContain('identity-signals serve');
    }
  });

});

describe('CLI: files that are not there', () => {
  it('batch with a missing input file → "no such file: PATH", exit 2', async () => {
    const missing = join(scratch, 'nope.txt');
    expect(await runWith(['batch', 'email', missing])).toEqual({ code: 2, out: '', err: `no such file: ${missing}` });
  });

  it('batch with a directory → "not a file: PATH", exit 2', async () => {
    expect(await runWith(['batch', 'email', scratch])).toEqual({ code: 2, out: '', err: `not a file: ${scratch}` });
  });

  it('--db with a missing database → "no such file: PATH", exit 2', async () => {
    const missing = join(scratch, 'GeoIP2-City.mmdb');
    expect(await runWith(['ip', '8.8.8.8', '--db', missing])).toEqual({ code: 2, out: '', err: `no such file: ${missing}` });
    expect((await runWith(['batch', 'ip', '-', '--db', missing])).err).toBe(`no such file: ${missing}`);
  });

  it('batch reads a file and numbers its lines', async () => {
    const file = join(scratch, 'emails.txt');
    writeFileSync(file, 'a@gmail.com\n\nb@mailinator.com\n');
    const { code, out, err } = await runWith(['batch', 'email', file]);
    expect(code).toBe(0);
    expect(out.split('\n').map((l) => (JSON.parse(l) as { line: number }).line)).toEqual([1, 3]);
    expect(err).toBe('batch: 1 blank line skipped (line 2)');
  });
});

describe('CLI: batch line numbers', () => {
  const batch = async (product: string, input: string) => {
    const { code, out, err } = await runWith(['batch', product, '-'], { stdin: input });
    expect(code).toBe(0);
    return { lines: out === '' ? [] : out.split('\n').map((l) => JSON.parse(l) as Record<string, unknown>), err };
  };

  it('every output line carries the number of its input line, results and errors alike', async () => {
    const { lines } = await batch('email', 'a@gmail.com\n{"email":"b@mailinator.com"}\n{not json\n{"email":7}\nlast@example.org');
    expect(lines.map((l) => l.line)).toEqual([1, 2, 3, 4, 5]);
    expect(lines[0]).toMatchObject({ line: 1, value: 'a@gmail.com' });
    expect(lines[1]).toMatchObject({ line: 2, status: 'disposable' });
    expect(lines[2]).toEqual({ line: 3, error: { code: 'INPUT_TYPE', message: 'line is not valid JSON' } });
    expect(lines[3]).toMatchObject({ line: 4, error: { code: 'INPUT_TYPE' } });
    expect(lines[4]).toMatchObject({ line: 5, value: 'last@example.org' });
    // The line number comes first, where a person reading the output looks.
    expect(Object.keys(lines[0]!)[0]).toBe('line');
  });

  it('blank lines keep their numbers and are reported on stderr, not dropped silently', async () => {
    const { lines, err } = await batch('ip', '\n8.8.8.8\n   \n\n{bad\n10.0.0.1\n');
    expect(lines.map((l) => l.line)).toEqual([2, 5, 6]);
    expect(lines[1]).toMatchObject({ line: 5, error: { code: 'INPUT_TYPE' } });
    expect(err).toBe('batch: 3 blank lines skipped (lines 1, 3, 4)');
  });

  it('lists at most ten blank line numbers', async () => {
    const { err } = await batch('ip', `${'\n'.repeat(12)}8.8.8.8\n`);
    expect(err).toBe('batch: 12 blank lines skipped (lines 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, …)');
  });

  it('counts lines as editors and `sed -n Np` do: CRLF is one break, a lone CR is not; a BOM is not input', async () => {
    const { lines } = await batch('name', '\uFEFFJane,Doe\r\nMickey,Mouse\r\nAda,Love\rlace\nAlan,Turing');
    expect(lines.map((l) => [l.line, l.value])).toEqual([
      [1, 'Jane,Doe'],
      [2, 'Mickey,Mouse'],
      [3, 'Ada,Love\rlace'],
      [4, 'Alan,Turing'],
    ]);
  });

  it('an input that fails mid-read → "cannot read", exit 1, after the lines read so far', async () => {
    const out: string[] = [];
    const err: string[] = [];
    let sent = false;
    const stdin = new Readable({
      read() {
        if (sent) this.destroy(Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO' }));
        else this.push('a@gmail.com\n');
        sent = true;
      },
    });
    const code = await runCli(['batch', 'email', '-'], { out: (l) => out.push(l), err: (l) => err.push(l), stdin, env: {} });
    expect(code).toBe(1);
    expect(out.map((l) => (JSON.parse(l) as { line: number }).line)).toEqual([1]);
    expect(err).toEqual(['cannot read stdin: EIO: i/o error, read']);
  });

  it('a line split across input chunks stays one line', async () => {
    const out: string[] = [];
    const code = await runCli(['batch', 'email', '-'], {
      out: (l) => out.push(l),
      err: () => {},
      stdin: Readable.from([Buffer.from('a@gm'), Buffer.from('ail.com\nb@'), Buffer.from([0xc3]), Buffer.from([0xa9, 0x2e, 0x66, 0x72])]),
      env: {},
    });
    expect(code).toBe(0);
    expect(out.map((l) => JSON.parse(l) as { line: number; value: string }).map((l) => [l.line, l.value])).toEqual([
      [1, 'a@gmail.com'],
      [2, 'b@é.fr'],
    ]);
  });
});

describe('CLI: serve', () => {
  // The bundled lists are past the 30-day limit, so serve would warn at start;
  // that line is tested in test/cli/data-bundle.test.ts, and silenced here.
  const KEYS = { IDENTITY_SIGNALS_API_KEYS: 'k1, k2', IDENTITY_SIGNALS_DATA_WARN: 'off' };

  /** Runs `serve`, stops it as soon as it reports listening, and returns what it said. */
  async function serveOnce(argv: string[], env: Record<string, string>, whileListening?: (port: number) => Promise<void>) {
    const stop = new AbortController();
    let port: number | undefined;
    let served: Promise<void> = Promise.resolve();
    const result = await runWith(['serve', ...argv], {
      env,
      signal: stop.signal,
      onErr: (line) => {
        const match = /listening on http:\/\/127\.0\.0\.1:(\d+)\//.exec(line);
        if (!match) return;
        port = Number(match[1]);
        served = (whileListening?.(port) ?? Promise.resolve()).finally(() => stop.abort());
      },
    });
    await served;
    return { ...result, port };
  }

  it.each([
    ['unset', {}],
    ['empty', { IDENTITY_SIGNALS_API_KEYS: '' }],
    ['only commas and spaces', { IDENTITY_SIGNALS_API_KEYS: ' , ,' }],
  ])('refuses to start without API keys (%s), exit 2', async (_, env) => {
    const { code, err, port } = await serveOnce(['--port', '0'], env);
    expect(port).toBeUndefined();
    expect(code).toBe(2);
    expect(err).toBe('serve needs at least one API key in IDENTITY_SIGNALS_API_KEYS (comma-separated); refusing to start an open server');
  });

  it('starts with keys, reports the port it really listens on, answers, and stops on the signal, exit 0', async () => {
    let status = 0;
    let body: { email?: { value: string } } = {};
    const { code, err, port } = await serveOnce(['--port', '0'], KEYS, async (p) => {
      const res = await fetch(`http://127.0.0.1:${p}/1.0/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': 'k2' },
        body: JSON.stringify({ customer_id: 'c', claims: ['email'], email: 'jane@gmail.com' }),
      });
      status = res.status;
      body = (await res.json()) as typeof body;
    });
    expect(code).toBe(0);
    expect(port).toBeGreaterThan(0);
    expect(err).toBe(`identity-signals listening on http://127.0.0.1:${port}/1.0/<product> with 2 API keys`);
    expect(status).toBe(200);
    expect(body.email?.value).toBe('jane@gmail.com');
  });

  it('a port in use → one clear line, exit 1', async () => {
    const blocker = createNetServer();
    await new Promise<void>((ok) => blocker.listen(0, '127.0.0.1', ok));
    const { port } = blocker.address() as AddressInfo;
    try {
      const { code, out, err } = await runWith(['serve', '--port', String(port)], { env: KEYS });
      expect(code).toBe(1);
      expect(out).toBe('');
      expect(err).toBe(`port ${port} is in use on 127.0.0.1: another program is listening there; stop it or choose another port with --port`);
    } finally {
      blocker.close();
    }
  });

  it('a host that is not an address of this machine → one clear line, exit 1', async () => {
    // 192.0.2.0/24 is TEST-NET-1 (RFC 5737): never assigned to a local interface.
    const { code, err } = await runWith(['serve', '--port', '0', '--host', '192.0.2.1'], { env: KEYS });
    expect(code).toBe(1);
    expect(err).toBe('cannot listen on 192.0.2.1: it is not an address of this machine (--host)');
  });
});

describe('CLI: output that cannot be written', () => {
  const failure = (code: string) => Object.assign(new Error(`write ${code}`), { code });

  it.each(['out', 'err'] as const)('EPIPE on std%s (the reader went away) ends quietly with exit 0', (which) => {
    const out = new PassThrough();
    const err = new PassThrough();
    const exits: number[] = [];
    endOnOutputErrors(out, err, (code) => exits.push(code));
    (which === 'out' ? out : err).emit('error', failure('EPIPE'));
    expect(exits).toEqual([0]);
    expect(out.read()).toBeNull();
    expect(err.read()).toBeNull();
  });

  it('another write error is said on the other stream, exit 1', () => {
    const out = new PassThrough();
    const err = new PassThrough();
    const exits: number[] = [];
    endOnOutputErrors(out, err, (code) => exits.push(code));
    out.emit('error', failure('ENOSPC'));
    expect(exits).toEqual([1]);
    expect(String(err.read())).toBe('cannot write output: write ENOSPC\n');
    err.emit('error', failure('EIO'));
    expect(exits).toEqual([1, 1]);
    expect(String(out.read())).toBe('cannot write output: write EIO\n');
  });
});

describe('CLI: serve() itself', () => {
  it('a data file that fails to load after listening closes the server again, so the process can end', async () => {
    const broken: Checker = {
      ...createChecker(),
      preload: () => {
        throw new DataError('DATA_CORRUPT', 'ip ranges: checksum mismatch', 'ip/ranges.bin');
      },
    };
    const probe = createNetServer();
    await new Promise<void>((ok) => probe.listen(0, '127.0.0.1', ok));
    const { port } = probe.address() as AddressInfo;
    await new Promise((ok) => probe.close(ok));
    const io = { out: () => {}, err: () => {}, stdin: Readable.from(['']) };
    await expect(serve(broken, ['k'], port, '127.0.0.1', io)).rejects.toThrow('checksum mismatch');
    // The port is free again: nothing is left listening.
    const again = createNetServer();
    await new Promise<void>((ok, fail) => {
      again.once('error', fail);
      again.listen(port, '127.0.0.1', ok);
    });
    await new Promise((ok) => again.close(ok));
  });
});

// The bin as a shell runs it: built dist/ (npm test builds first; in a focused
// run, `npm run build` first).
describe('CLI: the built bin (dist/cli/index.js)', () => {
  const bin = join(root, 'dist', 'cli', 'index.js');

  /** Runs the bin; `onStdout` may end the reader early, like `| head -1`. */
  function spawnBin(args: string[], env: Record<string, string> = {}, onStdout?: (child: ReturnType<typeof spawn>) => void) {
    const child = spawn(process.execPath, [bin, ...args], { cwd: root, env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      onStdout?.(child);
    });
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    return new Promise<{ code: number | null; stdout: string; stderr: string }>((ok) => child.on('close', (code) => ok({ code, stdout, stderr })));
  }

  it('has been built', () => {
    expect(existsSync(bin), 'run `npm run build` first').toBe(true);
  });

  it('--version from dist reads the package\'s version', async () => {
    expect(await spawnBin(['--version'])).toEqual({ code: 0, stdout: `${packageVersion}\n`, stderr: '' });
  });

  it('output into a closed pipe (`batch … | head -1`) ends quietly, exit 0', async () => {
    const file = join(scratch, 'many.txt');
    // ~1.3 kB of JSON per line: far more than a pipe buffer holds.
    writeFileSync(file, Array.from({ length: 3000 }, (_, i) => `user${i}@gmail.com`).join('\n'));
    const result = await spawnBin(['batch', 'email', file], {}, (child) => child.stdout!.destroy());
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout.length).toBeGreaterThan(0);
  });

  it('serve on a port in use → one clear line, exit 1', async () => {
    const blocker = createNetServer();
    await new Promise<void>((ok) => blocker.listen(0, '127.0.0.1', ok));
    const { port } = blocker.address() as AddressInfo;
    try {
      const result = await spawnBin(['serve', '--port', String(port)], { IDENTITY_SIGNALS_API_KEYS: 'k' });
      expect(result).toEqual({
        code: 1,
        stdout: '',
        stderr: `port ${port} is in use on 127.0.0.1: another program is listening there; stop it or choose another port with --port\n`,
      });
    } finally {
      blocker.close();
    }
  });

  it('serve without API keys refuses to start, exit 2', async () => {
    const result = await spawnBin(['serve', '--port', '0']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^serve needs at least one API key in IDENTITY_SIGNALS_API_KEYS/);
  });
});
