import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createChecker } from '../../src/index.js';
import { providersFromConfig } from '../../src/providers/fromConfig.js';
import { ConfigError, readConfigFile } from '../../src/server/config.js';
import { scratchFolders } from '../support/scratch.js';

describe('providers from the config file', () => {
  const { root: dir } = scratchFolders('provider-config-');
  const write = (name: string, text: string) => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  };

  it('reads a list of typed providers, a table path taken from the config file\'s folder, in order', async () => {
    write('crm.csv', 'email,company_name\njane@acme-widgets.com,Acme\n');
    const file = write(
      'config.json',
      JSON.stringify({
        providers: [
          { type: 'table', file: 'crm.csv', name: 'crm' },
          { type: 'dns', servers: ['127.0.0.1:1'], ipBlockLists: ['zen.test'], timeoutMs: 500 },
          { type: 'rdap', bootstrap: { com: 'http://127.0.0.1:1/' } },
          { type: 'http', url: 'http://127.0.0.1:1/enrich', products: ['phone'] },
          { type: 'smtp', heloName: 'probe.example.org', from: 'probe@example.org' },
        ],
      }),
    );
    const config = readConfigFile(file);
    const providers = providersFromConfig(config.providers as never);
    expect(providers.map((p) => p.name)).toEqual(['crm', 'dns', 'rdap', 'http', 'smtp']);
    const only = createChecker({ providers: providers.slice(0, 1) });
    expect((await only.emailAsync('jane@acme-widgets.com')).company_name).toBe('Acme');
  });

  it('still reads the first form { dnsMx: true }', () => {
    expect(readConfigFile(write('old.json', '{"providers":{"dnsMx":true}}')).providers).toEqual({ dnsMx: true });
  });

  it('refuses an unknown type or option, naming where', () => {
    expect(() => readConfigFile(write('bad1.json', '{"providers":[{"type":"whois"}]}'))).toThrow(ConfigError);
    expect(() => readConfigFile(write('bad2.json', '{"providers":[{"type":"dns","zones":[]}]}'))).toThrow(/providers/);
  });
});
