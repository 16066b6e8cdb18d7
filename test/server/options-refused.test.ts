import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { PRODUCTS } from '../../src/resolve.js';
import { createApiServer } from '../../src/server/index.js';
import type { ServerOptions } from '../../src/server/index.js';

// createApiServer checks its options once, before anything starts: a bad
// one is an InputError INPUT_OPTION whose field is the option's path, and
// whose message names that path (so a config mistake is found from the
// message alone).

function refusal(options: Partial<ServerOptions>): InputError {
  try {
    createApiServer({ apiKeys: ['options-key'], ...options } as ServerOptions);
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
  throw new Error(`createApiServer took ${JSON.stringify(options)}`);
}

const escape = (text: string) => text.replaceAll(/[[\].]/g, (c) => `\\${c}`);

describe('createApiServer refuses a bad option by its path', () => {
  it.each([
    ['maxBodyBytes', { maxBodyBytes: '4096' }],
    ['maxBodyBytes', { maxBodyBytes: 1.5 }],
    ['maxBodyBytes', { maxBodyBytes: 0 }],
    ['maxBodyBytes', { maxBodyBytes: Number.NaN }],
    ['timeouts.requestMs', { timeouts: { requestMs: 2.5 } }],
    ['timeouts.headersMs', { timeouts: { headersMs: -1 } }],
    ['timeouts.keepAliveMs', { timeouts: { keepAliveMs: '5000' } }],
    ['maxConnections', { maxConnections: 0 }],
    ['apiKeys[1].rateLimit.perSecond', { apiKeys: ['a', { key: 'b', rateLimit: { perSecond: -1 } }] }],
    ['apiKeys[0].rateLimit.perSecond', { apiKeys: [{ key: 'b', rateLimit: { perSecond: Number.POSITIVE_INFINITY } }] }],
    ['apiKeys[0].rateLimit.burst', { apiKeys: [{ key: 'b', rateLimit: { perSecond: 1, burst: 0.5 } }] }],
    // The server-wide rate (every key without its own), named as createApiServer takes it.
    ['rateLimitPerSecond', { rateLimitPerSecond: -1 }],
    ['rateLimitPerSecond', { rateLimitPerSecond: Number.NaN }],
    ['rateLimitBurst', { rateLimitPerSecond: 5, rateLimitBurst: 0 }],
    ['apiKeys[1].products', { apiKeys: ['a', { key: 'b', products: ['mail'] }] }],
    ['apiKeys[0].webhookSecret', { apiKeys: [{ key: 'b', webhookSecret: '' }] }],
    ['apiKeys', { apiKeys: [''] }],
  ] as const)('%s: %j', (path, options) => {
    const error = refusal(options as Partial<ServerOptions>);
    expect({ code: error.code, field: error.field }).toEqual({ code: 'INPUT_OPTION', field: path });
    expect(error.message).toMatch(new RegExp(`^${escape(path)} `));
  });

  it('a key\'s products: the message lists the products it may name', () => {
    expect(refusal({ apiKeys: [{ key: 'b', products: ['mail' as never] }] }).message).toContain(PRODUCTS.join(', '));
  });
});
