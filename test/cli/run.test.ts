import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCommandLine } from '../../src/cli/args.js';
import { runCli } from '../../src/cli/run.js';
import { commandUsage, generalUsage } from '../../src/cli/usage.js';
import { createChecker } from '../../src/index.js';
import { runCliLines } from '../support/cli.js';

// runCli (the bin's entry function) and its command-line reader, in process
// with an injected io: what each command prints, on which stream, with which
// exit code. test/cli/commands.test.ts has the person's view (misuse lines, help,
// files); these pin what a small change of src/cli/run.ts or args.ts would
// change and that test does not look at.

const dir = mkdtempSync(join(tmpdir(), 'identity-signals-cli-run-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cli(argv: readonly string[], env: Record<string, string> = {}) {
  const { code, out, err } = await runCliLines(argv, { env });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const UA = 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';

describe('runCli: output of the check commands', () => {
  it('prints indented JSON by default and one line with --compact, the same result', async () => {
    const indented = await cli(['email', 'jane.doe@gmail.com']);
    const compact = await cli(['email', 'jane.doe@gmail.com', '--compact']);
    expect(indented.code).toBe(0);
    expect(compact.code).toBe(0);
    expect(indented.err).toBe('');
    const result = JSON.parse(compact.out) as unknown;
    expect(compact.out).toBe(JSON.stringify(result));
    expect(indented.out).toBe(JSON.stringify(result, null, 2));
    expect(compact.out).toBe(JSON.stringify(createChecker().email('jane.doe@gmail.com')));
  });

  it('identity prints indented JSON by default too, with only the inputs given', async () => {
    const { code, out } = await cli(['identity', '--email', 'jane.doe@gmail.com', '--first', 'Jane', '--last', 'Doe']);
    expect(code).toBe(0);
    const result = JSON.parse(out) as Record<string, unknown>;
    expect(out).toBe(JSON.stringify(result, null, 2));
    expect(Object.keys(result)).toEqual(['email', 'name', 'identity']);
    expect(out).toBe(JSON.stringify(createChecker().identity({ email: 'jane.doe@gmail.com', firstName: 'Jane', lastName: 'Doe' }), null, 2));
  });

  it('identity passes every flag to its input: --ua and --header, --ip, --phone with --country', async () => {
    const { code, out } = await cli([
      'identity', '--ua', UA, '--header', 'Sec-CH-UA-Model: "SM-S911B"', '--ip', '81.2.69.142', '--phone', '333 123 4567', '--country', 'IT', '--compact',
    ]);
    expect(code).toBe(0);
    const checker = createChecker({ phone: { defaultCountry: 'IT' } });
    const expected = checker.identity({ userAgent: UA, headers: { 'Sec-CH-UA-Model': '"SM-S911B"' }, ip: '81.2.69.142', phone: '333 123 4567', country: 'IT' });
    expect(out).toBe(JSON.stringify(expected));
    expect(JSON.parse(out)).toMatchObject({ device: { brand: 'Samsung' }, phone: { country: 'IT' }, ip: { country: 'GB' } });
  });

  it('--bands scorecard reaches the checker', async () => {
    const { out } = await cli(['email', 'info@stripe.com', '--bands', 'scorecard', '--compact']);
    expect(out).toBe(JSON.stringify(createChecker({ scoring: { bands: 'scorecard' } }).email('info@stripe.com')));
    const plain = await cli(['email', 'info@stripe.com', '--bands', 'default', '--compact']);
    expect(plain.out).toBe(JSON.stringify(createChecker().email('info@stripe.com')));
  });

  it('--header: the name and value are trimmed; headers are only passed when given', async () => {
    const spaced = await cli(['device', UA, '--header', '  Sec-CH-UA-Model :   "SM-S911B"  ', '--compact']);
    expect(JSON.parse(spaced.out)).toMatchObject({ brand: 'Samsung' });
    expect(spaced.out).toBe(JSON.stringify(createChecker().device(UA, { headers: { 'Sec-CH-UA-Model': '"SM-S911B"' } })));
    const bare = await cli(['device', UA, '--compact']);
    expect(bare.out).toBe(JSON.stringify(createChecker().device(UA)));
  });

  it.each([
    [':"SM-S911B"', '--header takes "Name: value", got ":\\"SM-S911B\\""'],
    ['no colon', '--header takes "Name: value", got "no colon"'],
  ])('--header %j → usage fault, exit 2, the device usage', async (header, line) => {
    const { code, out, err } = await cli(['device', UA, '--header', header]);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toBe(`${line}\n\n${commandUsage('device')}`);
  });

  it('a --header fault of identity names identity\'s usage', async () => {
    const { code, err } = await cli(['identity', '--ua', UA, '--header', 'bad']);
    expect(code).toBe(2);
    expect(err).toBe(`--header takes "Name: value", got "bad"\n\n${commandUsage('identity')}`);
  });

  it('phone --country is the default country of numbers without +', async () => {
    expect(JSON.parse((await cli(['phone', '333 123 4567', '--compact'])).out)).toMatchObject({ country: null });
    expect((await cli(['phone', '333 123 4567', '--country', 'IT', '--compact'])).out).toBe(
      JSON.stringify(createChecker({ phone: { defaultCountry: 'IT' } }).phone('333 123 4567')),
    );
  });

  it('name takes first and last', async () => {
    expect((await cli(['name', 'Jane', 'Doe', '--compact'])).out).toBe(JSON.stringify(createChecker().name('Jane', 'Doe')));
  });

  it('ip prints the check of the address', async () => {
    expect((await cli(['ip', '81.2.69.142', '--compact'])).out).toBe(JSON.stringify(createChecker().ip('81.2.69.142')));
  });
});

describe('runCli: --country of phone, name, identity and batch', () => {
  it('phone --country GB reads a UK national number as a valid mobile; without it the number is invalid', async () => {
    const gb = JSON.parse((await cli(['phone', '07911123456', '--country', 'GB', '--compact'])).out) as { is_valid: boolean; type: string; country_code: string };
    expect(gb).toMatchObject({ is_valid: true, type: 'mobile', country_code: '+44' });
    expect(JSON.parse((await cli(['phone', '07911123456', '--compact'])).out)).toMatchObject({ is_valid: false });
  });

  it('name --country is where the name is from: Andrea is a man\'s name in Italy, a woman\'s in the US', async () => {
    const italy = await cli(['name', 'Andrea', 'Rossi', '--country', 'IT', '--compact']);
    expect(italy.code).toBe(0);
    expect(italy.out).toBe(JSON.stringify(createChecker().name('Andrea', 'Rossi', { country: 'IT' })));
    expect(JSON.parse(italy.out)).toMatchObject({ gender: 'M' });
    expect(JSON.parse((await cli(['name', 'Andrea', 'Rossi', '--country', 'us', '--compact'])).out)).toMatchObject({ gender: 'F' });
  });

  it('batch name - --country gives every line the hint; a JSON line\'s own country wins', async () => {
    const { code, out } = await runCliLines(['batch', 'name', '-', '--country', 'IT'], { stdin: 'Andrea,Smith\n{"first_name":"Andrea","last_name":"Smith","country":"US"}\n' });
    expect(code).toBe(0);
    expect(out.map((l) => JSON.parse(l) as unknown)).toMatchObject([
      { line: 1, gender: 'M' },
      { line: 2, gender: 'F' },
    ]);
  });

  it('identity --country is the declared country: the phone\'s default and the name\'s hint', async () => {
    const { code, out } = await cli(['identity', '--phone', '07911123456', '--first', 'Andrea', '--last', 'Rossi', '--country', 'GB', '--compact']);
    expect(code).toBe(0);
    const expected = createChecker({ phone: { defaultCountry: 'GB' } }).identity({ phone: '07911123456', firstName: 'Andrea', lastName: 'Rossi', country: 'GB' });
    expect(out).toBe(JSON.stringify(expected));
    expect(JSON.parse(out)).toMatchObject({ phone: { is_valid: true, type: 'mobile' } });
    const us = JSON.parse((await cli(['identity', '--phone', '4155550123', '--first', 'Andrea', '--last', 'Rossi', '--country', 'US', '--compact'])).out) as unknown;
    expect(us).toMatchObject({ phone: { is_valid: true, country: 'US' }, name: { gender: 'F' } });
  });

  it.each([
    [['name', 'Andrea', 'Rossi', '--country', 'XX'], 'name', '--country takes an ISO 3166-1 alpha-2 country code such as GB or IT, got "XX"'],
    [['phone', '07911123456', '--country', 'GBR'], 'phone', '--country takes an ISO 3166-1 alpha-2 country code such as GB or IT, got "GBR"'],
    [['identity', '--email', 'a@gmail.com', '--country', 'XX'], 'identity', '--country takes an ISO 3166-1 alpha-2 country code such as GB or IT, got "XX"'],
    [['identity', '--email', 'a@gmail.com', '--country', 'UK'], 'identity', '--country takes an ISO 3166-1 alpha-2 country code such as GB or IT, got "UK" (the United Kingdom is GB)'],
  ] as const)('%j → "%s" usage fault, exit 2', async (argv, command, line) => {
    const { code, out, err } = await cli(argv);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toBe(`${line}\n\n${commandUsage(command)}`);
  });

  it('--help of phone, name and identity says what --country does there', () => {
    expect(commandUsage('phone')).toMatch(/--country GB reads national numbers/);
    expect(commandUsage('name')).toMatch(/--country <XX>/);
    expect(commandUsage('name')).toMatch(/--country IT: where the name is from/);
    expect(commandUsage('identity')).toMatch(/--country is the country the person declares/);
  });
});

describe('runCli: exit codes of the library\'s errors', () => {
  it('an InputError (an empty --data) → "InputError CODE: message", exit 2, no usage', async () => {
    const { code, out, err } = await cli(['email', 'a@gmail.com', '--data=']);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toMatch(/^InputError INPUT_[A-Z_]+: .+$/);
    expect(err).not.toContain('Usage:');
  });

  it('a DataError (a --data directory that is not a bundle) → "DataError CODE: message", exit 1', async () => {
    const notBundle = join(dir, 'not-a-bundle');
    const { code, out, err } = await cli(['email', 'a@gmail.com', '--data', notBundle]);
    expect(code).toBe(1);
    expect(out).toBe('');
    expect(err).toMatch(/^DataError DATA_[A-Z_]+: .+$/);
    // The same bundle through the environment variable.
    const viaEnv = await cli(['email', 'a@gmail.com'], { IDENTITY_SIGNALS_DATA: notBundle });
    expect(viaEnv.code).toBe(1);
    expect(viaEnv.err).toBe(err);
    // An empty variable is no bundle: the package's.
    expect((await cli(['email', 'a@gmail.com'], { IDENTITY_SIGNALS_DATA: '' })).code).toBe(0);
  });

  it('--db with a file that is not a MaxMind database → DataError, exit 1 (the file exists, so no usage fault)', async () => {
    const fake = join(dir, 'fake.mmdb');
    writeFileSync(fake, 'not a database');
    const { code, err } = await cli(['ip', '8.8.8.8', '--db', fake]);
    expect(code).toBe(1);
    expect(err).toMatch(/^DataError [A-Z_]+: /);
  });

  it('--db with a directory → "not a file", exit 2', async () => {
    expect(await cli(['ip', '8.8.8.8', '--db', dir])).toEqual({ code: 2, out: '', err: `not a file: ${dir}` });
  });

  it('a non-library error is not swallowed: runCli rejects (the bin prints "internal error", exit 1)', async () => {
    await expect(
      runCli(['batch', 'email', '-'], {
        out: () => {
          throw new TypeError('boom');
        },
        err: () => {},
        stdin: Readable.from(['a@gmail.com\n']),
        env: {},
      }),
    ).rejects.toThrow('boom');
  });
});

describe('runCli: no command', () => {
  it('nothing at all → the general usage on stderr, exit 2', async () => {
    expect(await cli([])).toEqual({ code: 2, out: '', err: generalUsage() });
  });

  it('--help, -h and help → the general usage on stdout, exit 0', async () => {
    for (const argv of [['--help'], ['-h'], ['help']]) expect(await cli(argv)).toEqual({ code: 0, out: generalUsage(), err: '' });
  });

  it('help wins over --version and over an unknown flag', async () => {
    expect(await cli(['--version', '--help'])).toEqual({ code: 0, out: generalUsage(), err: '' });
    expect(await cli(['--bogus', '--help'])).toEqual({ code: 0, out: generalUsage(), err: '' });
  });

  it('an unknown command is refused even with --help, with the general usage', async () => {
    expect(await cli(['fax', '--help'])).toEqual({ code: 2, out: '', err: `unknown command "fax"\n\n${generalUsage()}` });
  });

  it('a flag before any command: "goes after a command", the general usage', async () => {
    expect(await cli(['--port', '1'])).toEqual({ code: 2, out: '', err: `--port goes after a command\n\n${generalUsage()}` });
  });
});

describe('parseCommandLine', () => {
  it('the defaults of every flag', () => {
    const { command, args, help, version, flags } = parseCommandLine(['email', 'a@b.co']);
    expect({ command, args, help, version }).toEqual({ command: 'email', args: ['a@b.co'], help: false, version: false });
    expect(flags).toEqual({ compact: false, header: [], db: [], port: 8080, host: '127.0.0.1', given: new Map() });
  });

  it('--help gives the same defaults, whatever else is on the line', () => {
    const line = parseCommandLine(['serve', '--port', 'x', '--help']);
    expect(line).toEqual({ command: 'serve', args: [], help: true, version: false, flags: { compact: false, header: [], db: [], port: 8080, host: '127.0.0.1', given: new Map() } });
  });

  it('`help <command> args` is that command\'s help with its arguments', () => {
    expect(parseCommandLine(['help', 'name', 'Jane'])).toMatchObject({ command: 'name', args: ['Jane'], help: true });
  });

  it('--version alone', () => {
    expect(parseCommandLine(['--version'])).toMatchObject({ command: undefined, help: false, version: true });
    expect(parseCommandLine([])).toMatchObject({ command: undefined, help: false, version: false });
  });

  it('serve: --port and --host, 0 and 65535 are ports, 65536 is not', () => {
    expect(parseCommandLine(['serve', '--port', '0', '--host', '::1']).flags).toMatchObject({ port: 0, host: '::1' });
    expect(parseCommandLine(['serve', '--port', '65535']).flags.port).toBe(65_535);
    expect(parseCommandLine(['serve', '--port=00080']).flags.port).toBe(80);
    for (const port of ['65536', '123456', '-1', '8080x', 'x8080', '']) {
      expect(() => parseCommandLine(['serve', `--port=${port}`])).toThrow(`--port must be a whole number 0..65535, got ${JSON.stringify(port)}`);
    }
  });

  it('repeatable flags keep every value in order; --country and --bands are read', () => {
    const device = parseCommandLine(['device', UA, '--header', 'A: 1', '--header', 'B: 2', '--bands', 'scorecard', '--compact']);
    expect(device.flags).toMatchObject({ header: ['A: 1', 'B: 2'], bands: 'scorecard', compact: true });
    expect(device.flags.given.get('compact')).toEqual([]);
    expect(device.flags.given.get('header')).toEqual(['A: 1', 'B: 2']);
    expect(parseCommandLine(['phone', '1', '--country', 'IT']).flags.country).toBe('IT');
    expect(parseCommandLine(['ip', '1', '--db', 'a', '--db', 'b']).flags.db).toEqual(['a', 'b']);
  });

  it('flags not given stay out of the result', () => {
    const { flags } = parseCommandLine(['email', 'a@b.co']);
    expect('bands' in flags).toBe(false);
    expect('country' in flags).toBe(false);
  });

  it('a value written inline may start with -; --bands=-x is then refused by its own check', () => {
    expect(() => parseCommandLine(['email', 'a', '--bands=-x'])).toThrow('--bands must be default or scorecard, got "-x"');
    expect(() => parseCommandLine(['email', 'a', '--bands', 'wide'])).toThrow('--bands must be default or scorecard, got "wide"');
    expect(() => parseCommandLine(['phone', '1', '--country', '--compact'])).toThrow('--country needs a value');
    expect(() => parseCommandLine(['phone', '1', '--country'])).toThrow(/^--country needs a value$/);
  });

  it('the usage named by each fault: the command\'s, or the general one', () => {
    const usageOf = (argv: string[]) => {
      try {
        parseCommandLine(argv);
      } catch (error) {
        return (error as { usage: string }).usage;
      }
      return 'no fault';
    };
    expect(usageOf(['fax'])).toBe('general');
    expect(usageOf(['--bogus'])).toBe('general');
    expect(usageOf(['--compact=1'])).toBe('general');
    expect(usageOf(['--port'])).toBe('general');
    expect(usageOf(['email', 'a', '--bogus'])).toBe('email');
    expect(usageOf(['email', 'a', '--compact=1'])).toBe('email');
    expect(usageOf(['email', 'a', '--bands'])).toBe('email');
    expect(usageOf(['email', 'a', '--bands', 'x', '--bands', 'y'])).toBe('email');
    expect(usageOf(['email', 'a', '--bands', 'wide'])).toBe('email');
    expect(usageOf(['serve', '--port', 'x'])).toBe('serve');
    expect(usageOf(['identity', 'x'])).toBe('identity');
    expect(usageOf(['name', 'x'])).toBe('name');
    expect(usageOf(['ip'])).toBe('ip');
  });

  it('a bare flag without a command: --version takes no value, --help and --version are the only ones allowed', () => {
    expect(() => parseCommandLine(['--version=1'])).toThrow('--version takes no value');
    expect(() => parseCommandLine(['--compact'])).toThrow('--compact goes after a command');
  });

  it('only batch reads its first argument as a product: a name that is also a product\'s name is a value', () => {
    expect(() => parseCommandLine(['name', 'email', 'Doe', '--db', 'x'])).toThrow(/^name does not take --db$/);
    expect(() => parseCommandLine(['batch', 'email', '-', '--db', 'x'])).toThrow(/^batch email does not take --db$/);
  });

  it('data and webhooks leave their arguments to their subcommands', () => {
    expect(parseCommandLine(['data', 'verify', 'a', 'b']).args).toEqual(['verify', 'a', 'b']);
    expect(parseCommandLine(['webhooks', 'retry', '1', '2']).args).toEqual(['retry', '1', '2']);
  });
});
