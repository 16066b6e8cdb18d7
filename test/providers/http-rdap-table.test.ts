import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createChecker, DataError, InputError } from '../../src/index.js';
import { httpProvider, rdapProvider, tableProvider } from '../../src/providers/index.js';
import { json, startHttpServer } from '../support/httpServer.js';
import type { LoopbackServer } from '../support/httpServer.js';
import { scratchFolders } from '../support/scratch.js';

let server: LoopbackServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('httpProvider (the caller\'s enrichment service on loopback)', () => {
  it('POSTs the input with the headers and merges the declared, well-typed fields of the answer', async () => {
    server = await startHttpServer((_req, res) => json(res, 200, { has_linkedin: true, company_name: 'Acme', company_employees: 'lots', mx: false }));
    const provider = httpProvider({ url: `${server.origin}/enrich`, headers: { authorization: 'Bearer k1' }, products: { email: ['has_linkedin', 'company_name', 'company_employees'] } });
    const r = await createChecker({ providers: [provider] }).emailAsync('jane@acme-widgets.com');
    expect(server.requests).toHaveLength(1);
    const [req] = server.requests;
    expect([req!.method, req!.path, req!.headers.authorization, req!.headers['content-type']]).toEqual(['POST', '/enrich', 'Bearer k1', 'application/json']);
    expect(JSON.parse(req!.body)).toEqual({ product: 'email', value: 'jane@acme-widgets.com', email: 'jane@acme-widgets.com', domain: 'acme-widgets.com' });
    expect([r.has_linkedin, r.company_name, r.company_employees, r.status]).toEqual([true, 'Acme', null, 'undetermined']);
    expect(r.provider_errors).toEqual([expect.objectContaining({ code: 'PROVIDER_INVALID', message: expect.stringContaining('company_employees must be a whole number') })]);
  });

  it('takes product names for every field of them; 404 is "nothing known"', async () => {
    server = await startHttpServer((req, res) => (JSON.parse(req.body).e164 === '+393331234567' ? json(res, 200, { is_ported: true }) : json(res, 404, {})));
    const checker = createChecker({ providers: [httpProvider({ url: server.origin, products: ['phone'] })] });
    expect((await checker.phoneAsync('+393331234567')).is_ported).toBe(true);
    const unknown = await checker.phoneAsync('+393331234568');
    expect([unknown.is_ported, unknown.provider_errors]).toEqual([null, []]);
  });

  it('fails on a 5xx, a redirect (not followed), a body that is not a JSON object, or one over the size bound', async () => {
    const answers: [number, string, Record<string, string>?][] = [
      [503, '{}'],
      [302, '', { location: 'http://127.0.0.1:1/elsewhere' }],
      [200, '[1,2]'],
      [200, 'x'.repeat(70_000)],
    ];
    server = await startHttpServer((_req, res) => {
      const [status, body, headers] = answers[server!.requests.length - 1]!;
      res.writeHead(status, headers).end(body);
    });
    const checker = createChecker({ providers: [httpProvider({ url: server.origin, products: ['ip'] })] });
    const messages: string[] = [];
    for (let i = 0; i < answers.length; i++) messages.push((await checker.ipAsync('8.8.8.8')).provider_errors![0]!.message);
    expect(messages[0]).toBe('http answered HTTP 503');
    expect(messages[1]).toBe('http answered HTTP 302');
    expect(messages[2]).toBe('http answered JSON that is not an object');
    expect(messages[3]).toMatch(/over the 65536-byte limit/);
    expect(server.requests).toHaveLength(4);
  });

  it('refuses a URL that is not http(s), quoting at most 64 characters of it', () => {
    expect(() => httpProvider({ url: `ftp://x/${'a'.repeat(500)}`, products: ['ip'] })).toThrow(InputError);
    expect(() => httpProvider({ url: 'not a url', products: ['ip'] })).toThrow(/url "not a url" is not a URL/);
  });
});

describe('rdapProvider (bootstrap and registry on loopback)', () => {
  const registry = (origin: () => string) => (req: { path: string }, res: Parameters<Parameters<typeof startHttpServer>[0]>[1]) => {
    if (req.path === '/bootstrap.json') return json(res, 200, { version: '1.0', services: [[['com', 'net'], [`${origin()}/rdap/`]]] });
    if (req.path === '/rdap/domain/acme-widgets.com') {
      return json(res, 200, { objectClassName: 'domain', events: [{ eventAction: 'last changed', eventDate: '2025-01-01T00:00:00Z' }, { eventAction: 'registration', eventDate: '2016-01-01T00:00:00Z' }] });
    }
    return json(res, 404, { errorCode: 404 });
  };

  it('reads the TLD server from the bootstrap once and gives days since registration', async () => {
    server = await startHttpServer(registry(() => server!.origin));
    const provider = rdapProvider({ bootstrap: `${server.origin}/bootstrap.json` });
    const checker = createChecker({ providers: [provider], now: () => new Date('2026-01-01T00:00:00Z') });
    expect((await checker.emailAsync('jane@acme-widgets.com')).domain_age).toBe(3653);
    expect((await checker.emailAsync('bob@unknown-shop.com')).domain_age).toBeNull();
    expect((await checker.emailAsync('bob@acme-widgets.org')).provider_errors).toEqual([]);
    expect(server.requests.filter((r) => r.path === '/bootstrap.json')).toHaveLength(1);
    expect(server.requests.map((r) => r.path)).not.toContain('/rdap/domain/acme-widgets.org');
  });

  it('takes the table itself as the bootstrap', async () => {
    server = await startHttpServer(registry(() => server!.origin));
    const provider = rdapProvider({ bootstrap: { com: `${server.origin}/rdap` } });
    expect((await createChecker({ providers: [provider], now: new Date('2016-01-11T00:00:00Z') }).emailAsync('jane@acme-widgets.com')).domain_age).toBe(10);
  });

  it('reports a registry failure and tries the bootstrap again after a failed read', async () => {
    let failBootstrap = true;
    server = await startHttpServer((req, res) => {
      if (req.path === '/bootstrap.json' && failBootstrap) return json(res, 500, {});
      return registry(() => server!.origin)(req, res);
    });
    const checker = createChecker({ providers: [rdapProvider({ bootstrap: `${server.origin}/bootstrap.json` })], now: () => new Date('2026-01-01T00:00:00Z') });
    expect((await checker.emailAsync('jane@acme-widgets.com')).provider_errors![0]!.message).toMatch(/bootstrap\.json answered HTTP 500/);
    failBootstrap = false;
    expect((await checker.emailAsync('jane@acme-widgets.com')).domain_age).toBe(3653);
  });
});

describe('tableProvider (a local CSV or NDJSON table)', () => {
  const { root: dir } = scratchFolders('table-provider-');
  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };

  it('fills e-mail fields from a CSV keyed by email (any case), typed by column', async () => {
    const csv = file('crm.csv', 'email,has_linkedin,company_name,company_employees\nJane@Acme-Widgets.com,true,Acme,120\nbob@acme-widgets.com,,Acme,\n');
    const checker = createChecker({ providers: [tableProvider(csv)] });
    const jane = await checker.emailAsync('jane@acme-widgets.com');
    expect([jane.has_linkedin, jane.company_name, jane.company_employees]).toEqual([true, 'Acme', 120]);
    const bob = await checker.emailAsync('bob@acme-widgets.com');
    expect([bob.has_linkedin, bob.company_name]).toEqual([null, 'Acme']);
    expect((await checker.emailAsync('zed@acme-widgets.com')).company_name).toBeNull();
  });

  it('keys by domain, phone (E.164) or IP, from NDJSON too', async () => {
    const domains = file('domains.csv', 'domain,domain_age\nacme-widgets.com,4000\n');
    const phones = file('phones.ndjson', '{"phone":"+393331234567","is_ported":true,"last_ported":"2024-05-01"}\n\n');
    const ips = file('ips.jsonl', '{"ip":"8.8.8.8","company_name":"Google","black_list_count":0}\n');
    const checker = createChecker({ providers: [tableProvider(domains), tableProvider(phones, { name: 'porting' }), tableProvider(ips)] });
    expect((await checker.emailAsync('anyone@ACME-widgets.com')).domain_age).toBe(4000);
    const phone = await checker.phoneAsync('+39 333 123 4567');
    expect([phone.is_ported, phone.last_ported]).toEqual([true, '2024-05-01']);
    const ip = await checker.ipAsync('8.8.8.8');
    expect([ip.company_name, ip.black_list_count]).toEqual(['Google', 0]);
  });

  it('refuses a table without a key, with a column that is no field, or with a cell of the wrong type', () => {
    expect(() => tableProvider(file('nokey.csv', 'name,has_linkedin\nx,true\n'))).toThrow(/has no key column/);
    expect(() => tableProvider(file('badcol.csv', 'email,country\na@b.com,IT\n'))).toThrow(/column "country" is not a email field/);
    expect(() => tableProvider(file('badcell.csv', 'email,has_linkedin\na@b.com,yes\n'))).toThrow(DataError);
    expect(() => tableProvider(file('badcell.csv', 'email,has_linkedin\na@b.com,yes\n'))).toThrow('row 1, column has_linkedin must be a boolean, got "yes"');
    expect(() => tableProvider(join(dir, 'absent.csv'))).toThrow(expect.objectContaining({ code: 'DATA_MISSING' }));
  });
});
