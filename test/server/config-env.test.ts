import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, readConfigFile, readKeysFile, ServeConfigSchema, withEnvironment } from '../../src/server/config.js';
import type { ServeConfig } from '../../src/server/config.js';
import { SERVE_ENVIRONMENT } from '../../src/server/environment.js';
import { scratchFolders } from '../support/scratch.js';

// The settings of `serve` from its environment variables and config file
// (docs/server.md, configuration reference): every variable SERVE_ENVIRONMENT
// lists sets the setting it names, numbers are whole and bounded, and a file
// that cannot be used is refused with a ConfigError naming the file and,
// for a bad setting, its path.

const { root: dir } = scratchFolders('identity-signals-config-env-');
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

/** Reads a dotted path (`timeouts.requestMs`) out of a config. */
const at = (config: ServeConfig, path: string): unknown =>
  path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], config);

/** The setting a variable sets: the start of its SERVE_ENVIRONMENT text (`timeouts.requestMs`, `rateLimit.perSecond of …`). */
const settingOf = (name: keyof typeof SERVE_ENVIRONMENT) => /^[\w.]+/.exec(SERVE_ENVIRONMENT[name])![0];

/** A value for each variable and the setting it should give. */
const SAMPLES: Record<keyof typeof SERVE_ENVIRONMENT, readonly [string, unknown]> = {
  IDENTITY_SIGNALS_API_KEYS: ['k1, k2', [{ key: 'k1' }, { key: 'k2' }]],
  IDENTITY_SIGNALS_KEYS_FILE: ['/srv/keys.json', '/srv/keys.json'],
  IDENTITY_SIGNALS_PORT: ['8080', 8080],
  IDENTITY_SIGNALS_HOST: ['127.0.0.1', '127.0.0.1'],
  IDENTITY_SIGNALS_DATA: ['/srv/data', '/srv/data'],
  IDENTITY_SIGNALS_MAXMIND: ['/a.mmdb, /b.mmdb', ['/a.mmdb', '/b.mmdb']],
  IDENTITY_SIGNALS_LOG_LEVEL: ['debug', 'debug'],
  IDENTITY_SIGNALS_RATE_LIMIT: ['25', 25],
  IDENTITY_SIGNALS_REQUEST_TIMEOUT_MS: ['1234', 1234],
  IDENTITY_SIGNALS_HEADERS_TIMEOUT_MS: ['2345', 2345],
  IDENTITY_SIGNALS_KEEP_ALIVE_TIMEOUT_MS: ['3456', 3456],
  IDENTITY_SIGNALS_SHUTDOWN_TIMEOUT_MS: ['4567', 4567],
  IDENTITY_SIGNALS_MAX_CONNECTIONS: ['12', 12],
  IDENTITY_SIGNALS_WEBHOOK_SECRET: ['s3cret', 's3cret'],
  IDENTITY_SIGNALS_WEBHOOK_DIR: ['/srv/webhooks', '/srv/webhooks'],
  IDENTITY_SIGNALS_DNS_MX: ['1', true],
  REDIS_URL: ['redis://127.0.0.1:6379', 'redis://127.0.0.1:6379'],
};

describe('serve settings from the environment', () => {
  it.each(Object.keys(SERVE_ENVIRONMENT) as (keyof typeof SERVE_ENVIRONMENT)[])('%s sets the setting SERVE_ENVIRONMENT names', (name) => {
    const [raw, expected] = SAMPLES[name];
    const path = name === 'IDENTITY_SIGNALS_API_KEYS' ? 'keys' : settingOf(name);
    expect(at(withEnvironment({}, {}), path)).not.toEqual(expected);
    expect(at(withEnvironment({}, { [name]: raw }), path)).toEqual(expected);
  });

  it('IDENTITY_SIGNALS_RATE_LIMIT gives a rate limit of its own, without a burst', () => {
    expect(withEnvironment({}, { IDENTITY_SIGNALS_RATE_LIMIT: '7' }).rateLimit).toEqual({ perSecond: 7 });
    expect(withEnvironment({ rateLimit: { perSecond: 1, burst: 3 } }, {}).rateLimit).toEqual({ perSecond: 1, burst: 3 });
  });

  it.each([
    ['1', true],
    ['true', true],
    ['0', false],
    ['false', false],
    ['yes', false],
  ])('IDENTITY_SIGNALS_DNS_MX=%s turns dnsMx %s', (raw, on) => {
    expect(withEnvironment({}, { IDENTITY_SIGNALS_DNS_MX: raw }).providers).toEqual({ dnsMx: on });
  });

  it('IDENTITY_SIGNALS_DNS_MX leaves a list of providers alone', () => {
    const providers = [{ type: 'dnsMx' }] as unknown as ServeConfig['providers'];
    expect(withEnvironment({ providers }, { IDENTITY_SIGNALS_DNS_MX: '0' }).providers).toBe(providers);
  });

  it('IDENTITY_SIGNALS_PORT takes 0..65535 and refuses more', () => {
    expect(withEnvironment({}, { IDENTITY_SIGNALS_PORT: '65535' }).port).toBe(65_535);
    expect(withEnvironment({}, { IDENTITY_SIGNALS_PORT: '0' }).port).toBe(0);
    expect(() => withEnvironment({}, { IDENTITY_SIGNALS_PORT: '65536' })).toThrow(ConfigError);
    expect(() => withEnvironment({}, { IDENTITY_SIGNALS_PORT: '65536' })).toThrow(/IDENTITY_SIGNALS_PORT/);
  });

  it.each(['-1', '1.5', '1e3', '80a', '0x10', '1234567890123456'])('a whole-number variable refuses %j, naming the variable', (raw) => {
    expect(() => withEnvironment({}, { IDENTITY_SIGNALS_REQUEST_TIMEOUT_MS: raw })).toThrow(ConfigError);
    expect(() => withEnvironment({}, { IDENTITY_SIGNALS_REQUEST_TIMEOUT_MS: raw })).toThrow(/IDENTITY_SIGNALS_REQUEST_TIMEOUT_MS/);
  });

  it('IDENTITY_SIGNALS_MAX_CONNECTIONS is at least 1', () => {
    expect(() => withEnvironment({}, { IDENTITY_SIGNALS_MAX_CONNECTIONS: '0' })).toThrow(/IDENTITY_SIGNALS_MAX_CONNECTIONS/);
    expect(withEnvironment({}, { IDENTITY_SIGNALS_MAX_CONNECTIONS: '1' }).maxConnections).toBe(1);
  });

  it('a refused value is quoted to at most 64 characters', () => {
    const long = 'x'.repeat(200);
    for (const env of [{ IDENTITY_SIGNALS_PORT: long }, { IDENTITY_SIGNALS_LOG_LEVEL: long }]) {
      let message = '';
      try {
        withEnvironment({}, env);
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toContain('x'.repeat(64));
      expect(message).not.toContain('x'.repeat(65));
    }
  });

  it('IDENTITY_SIGNALS_LOG_LEVEL takes every level the config file takes, and nothing else', () => {
    const levels = (ServeConfigSchema.properties.logLevel as unknown as { enum: string[] }).enum;
    expect(levels.length).toBeGreaterThan(0);
    for (const level of levels) expect(withEnvironment({}, { IDENTITY_SIGNALS_LOG_LEVEL: level }).logLevel).toBe(level);
    expect(() => withEnvironment({}, { IDENTITY_SIGNALS_LOG_LEVEL: 'verbose' })).toThrow(/IDENTITY_SIGNALS_LOG_LEVEL/);
    expect(() => withEnvironment({}, { IDENTITY_SIGNALS_LOG_LEVEL: 'verbose' })).toThrow(ConfigError);
  });
});

describe('serve config and keys files that cannot be used', () => {
  it('a missing file: cannot read, naming the file and the error code', () => {
    const missing = join(dir, 'missing.json');
    expect(() => readConfigFile(missing)).toThrow(ConfigError);
    expect(() => readConfigFile(missing)).toThrow(/cannot read .*missing\.json.*ENOENT/);
  });

  it('a file that is not JSON: naming the file', () => {
    const bad = file('not-json.json', '{ port: 80 }');
    expect(() => readConfigFile(bad)).toThrow(ConfigError);
    expect(() => readConfigFile(bad)).toThrow(/not-json\.json.*not JSON/);
    expect(() => readKeysFile(bad)).toThrow(/not-json\.json.*not JSON/);
  });

  it('a file that is not an object: the message says the file is at fault', () => {
    const list = file('list.json', '[1]');
    expect(() => readConfigFile(list)).toThrow(/list\.json: the file /);
  });

  it('a bad setting is named by its path', () => {
    expect(() => readConfigFile(file('port.json', '{ "port": 70000 }'))).toThrow(/port\.json: port /);
    expect(() => readConfigFile(file('headers.json', '{ "timeouts": { "headersMs": 1.5 } }'))).toThrow(/timeouts\.headersMs /);
  });

  it('redisUrl cannot be empty', () => {
    expect(() => readConfigFile(file('redis.json', '{ "redisUrl": "" }'))).toThrow(/redisUrl /);
    expect(readConfigFile(file('redis-ok.json', '{ "redisUrl": "redis://127.0.0.1:6379" }')).redisUrl).toBe('redis://127.0.0.1:6379');
  });
});
