import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/index.js';
import { httpProvider, rdapProvider } from '../../src/providers/index.js';
import { ConfigError, readConfigFile } from '../../src/server/config.js';
import { scratchFolders } from '../support/scratch.js';

// What a checker hands a lookup: the instant of the check (these providers do not read it).
const LOOKUP_NOW = new Date('2026-01-01T00:00:00Z');

// Bad provider settings are refused when they are read, before any lookup:
// in a config file (a ConfigError naming the providers entry) and in the
// factories' options (an InputError with the option in `field`).

describe('a providers entry of the config file', () => {
  const { root: dir } = scratchFolders('provider-refusals-');
  const read = (provider: unknown) => {
    const file = join(dir, 'config.json');
    writeFileSync(file, JSON.stringify({ providers: [{ type: 'dns' }, provider] }));
    return () => readConfigFile(file);
  };

  it.each([
    ['rdap with a setting rdap does not take', { type: 'rdap', zones: ['com'] }],
    ['rdap with a bootstrap that is neither a URL nor a table', { type: 'rdap', bootstrap: 5 }],
    ['http without a url', { type: 'http', products: ['email'] }],
    ['http with a setting http does not take', { type: 'http', url: 'http://127.0.0.1:1/', products: ['email'], retries: 3 }],
    ['http with a product that does not exist', { type: 'http', url: 'http://127.0.0.1:1/', products: ['car'] }],
    ['smtp with a from too short to be an address', { type: 'smtp', heloName: 'probe.example.org', from: 'ab' }],
    ['table with a setting table does not take', { type: 'table', file: 'crm.csv', sheet: 1 }],
    ['an unknown type', { type: 'whois' }],
  ])('refuses %s, naming the entry', (_what, provider) => {
    expect(read(provider)).toThrow(ConfigError);
    expect(read(provider)).toThrow(/providers\.1\b/);
  });

  it('takes each type with its settings', () => {
    const ok = [
      { type: 'rdap', name: 'registry', bootstrap: 'http://127.0.0.1:1/dns.json', timeoutMs: 100 },
      { type: 'http', url: 'http://127.0.0.1:1/', products: { phone: ['is_roaming'] }, headers: { authorization: 'x' } },
      { type: 'http', url: 'http://127.0.0.1:1/', products: ['email', 'device', 'ip', 'phone', 'name'] },
      { type: 'smtp', heloName: 'probe.example.org', from: 'a@b', port: 2525 },
    ];
    for (const provider of ok) expect(read(provider)).not.toThrow();
  });
});

describe('factory options', () => {
  const thrown = (build: () => unknown): unknown => {
    try {
      build();
    } catch (error) {
      return error;
    }
    return undefined;
  };

  it('httpProvider takes https and http URLs', () => {
    expect(httpProvider({ url: 'https://enrich.internal/lookup', products: ['email'] }).name).toBe('http');
    expect(httpProvider({ url: 'http://127.0.0.1:8080/lookup', products: ['email'] }).name).toBe('http');
  });

  it('httpProvider refuses a URL that does not parse or is not http(s), as INPUT_OPTION on url naming the scheme', () => {
    const bad = thrown(() => httpProvider({ url: 'not a url', products: ['email'] }));
    expect(bad).toBeInstanceOf(InputError);
    expect(bad).toMatchObject({ code: 'INPUT_OPTION', field: 'url' });
    const ftp = thrown(() => httpProvider({ url: 'ftp://files.example.org/x', products: ['email'] }));
    expect(ftp).toMatchObject({ code: 'INPUT_OPTION', field: 'url', message: expect.stringMatching(/"ftp:"/) });
  });

  it('rdapProvider builds with the IANA bootstrap by default and reads it on the first lookup', async () => {
    const asked: string[] = [];
    // fetch is an option of the provider: here it answers from memory, so nothing leaves the machine.
    const fetchFromMemory = async (url: string | URL | Request) => {
      asked.push(String(url));
      return new Response(JSON.stringify({ services: [] }), { status: 200, headers: { 'content-type': 'application/json' } });
    };
    const provider = rdapProvider({ fetch: fetchFromMemory as typeof fetch });
    const input = { product: 'email', value: 'jane@acme-widgets.com', email: 'jane@acme-widgets.com', domain: 'acme-widgets.com' } as const;
    expect(await provider.lookup(input, { signal: new AbortController().signal, now: LOOKUP_NOW })).toEqual({});
    expect(asked).toEqual(['https://data.iana.org/rdap/dns.json']);
  });
});
