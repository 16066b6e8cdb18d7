import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataError } from '../../src/index.js';
import { rdapProvider, runProviders, tableProvider } from '../../src/providers/index.js';
import type { ProviderInput } from '../../src/providers/index.js';
import { json, startHttpServer } from '../support/httpServer.js';
import type { LoopbackServer } from '../support/httpServer.js';
import { scratchFolders } from '../support/scratch.js';

// Records that are odd but not broken: an RDAP bootstrap with a junk URL
// entry, a domain record without events, a CSV whose name merely contains
// ".json", and a CSV that does not parse.

const email = (address: string): ProviderInput => ({ product: 'email', value: address, email: address, domain: address.slice(address.indexOf('@') + 1) });

let server: LoopbackServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('rdapProvider with odd records (registry on loopback)', () => {
  const registry = (records: Record<string, unknown>) =>
    startHttpServer((req, res) => {
      if (req.path === '/bootstrap.json') return json(res, 200, { services: [[['com'], [42, null, `${server!.origin}/rdap/`]]] });
      const record = records[req.path];
      return record === undefined ? json(res, 404, {}) : json(res, 200, record);
    });

  it('skips a bootstrap URL entry that is not a string', async () => {
    server = await registry({ '/rdap/domain/acme-widgets.com': { events: [{ eventAction: 'registration', eventDate: '2016-01-01T00:00:00Z' }] } });
    const provider = rdapProvider({ bootstrap: `${server.origin}/bootstrap.json` });
    const out = await runProviders(email('jane@acme-widgets.com'), [provider], { now: new Date('2016-01-11T00:00:00Z') });
    expect([out.facts, out.errors]).toEqual([{ domain_age: 10 }, []]);
  });

  it('gives no domain_age, and no error, for a record without events', async () => {
    server = await registry({ '/rdap/domain/acme-widgets.com': { objectClassName: 'domain', ldhName: 'acme-widgets.com' } });
    const out = await runProviders(email('jane@acme-widgets.com'), [rdapProvider({ bootstrap: `${server.origin}/bootstrap.json` })]);
    expect([out.facts, out.errors, out.answered]).toEqual([{}, [], ['rdap']]);
  });
});

describe('tableProvider files', () => {
  const { root: dir } = scratchFolders('table-records-');
  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };

  it('reads a file whose name only contains .json or .jsonl as CSV', async () => {
    for (const name of ['export.json.csv', 'crm.jsonl.bak']) {
      const out = await runProviders(email('jane@acme-widgets.com'), [tableProvider(file(name, 'email,company_name\njane@acme-widgets.com,Acme\n'))]);
      expect([name, out.facts]).toEqual([name, { company_name: 'Acme' }]);
    }
  });

  it('refuses a CSV that does not parse as DATA_CORRUPT', () => {
    const broken = file('broken.csv', 'email,company_name\n"jane@acme-widgets.com,Acme\n');
    expect(() => tableProvider(broken)).toThrow(DataError);
    expect(() => tableProvider(broken)).toThrow(expect.objectContaining({ code: 'DATA_CORRUPT' }));
  });
});
