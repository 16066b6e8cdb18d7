import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, readConfigFile } from '../../src/server/config.js';
import { scratchFolders } from '../support/scratch.js';

// A providers entry is checked against the schema of its own `type`: the
// refusal names the setting at fault in that entry, not the first complaint
// of the first provider type the entry is not (the providers list is a union
// of one object schema per type, and a generic union check reports every
// branch's errors, the `dns` branch's first).
describe('serve --config: a bad providers entry names its own fault', () => {
  const { root: dir } = scratchFolders('config-provider-entry-');
  const refusal = (provider: unknown): string => {
    const file = join(dir, 'config.json');
    writeFileSync(file, JSON.stringify({ port: 8080, providers: [{ type: 'dns' }, provider] }));
    try {
      readConfigFile(file);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    throw new Error('the config file was accepted');
  };

  it.each([
    ['a setting http does not take', { type: 'http', url: 'http://127.0.0.1:1/', products: ['email'], retries: 3 }, /unknown setting "providers\.1\.retries"/],
    ['a setting table does not take', { type: 'table', file: 'crm.csv', sheet: 1 }, /unknown setting "providers\.1\.sheet"/],
    ['a setting rdap does not take', { type: 'rdap', zones: ['com'] }, /unknown setting "providers\.1\.zones"/],
    ['a bootstrap that is neither a URL nor a table', { type: 'rdap', bootstrap: 5 }, /^config file .*: providers\.1\.bootstrap /],
    ['http without its url', { type: 'http', products: ['email'] }, /^config file .*: providers\.1 .*\burl\b/],
    ['smtp with a from too short to be an address', { type: 'smtp', heloName: 'probe.example.org', from: 'ab' }, /^config file .*: providers\.1\.from /],
    ['an unknown type', { type: 'whois' }, /providers\.1\.type must be one of dns, rdap, http, smtp, table/],
    ['an entry that is not an object', 'dns', /providers\.1 must be an object/],
  ])('%s', (_what, provider, message) => {
    expect(refusal(provider)).toMatch(message);
  });

});
