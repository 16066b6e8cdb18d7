import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run.js';

async function run(argv: string[], stdin = '') {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, { out: (l) => out.push(l), err: (l) => err.push(l), stdin: Readable.from([stdin]) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

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
