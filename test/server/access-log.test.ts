import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChecker } from '../../src/index.js';
import type { Checker } from '../../src/checker.js';
import { createApiServer } from '../../src/server/index.js';
import type { ApiServer } from '../../src/server/index.js';

// The access line, exactly: the server's speed work moved where it is written (Fastify's log controller, called
// when a response is done, instead of an onResponse hook) and how (one object of a fixed shape instead of
// spreads). What a log reader sees must not move with it: the same fields in the same order, the same levels
// and messages, nothing for fields that do not apply.

const KEY = 'access-key';
const CUSTOMER = '2f1c4f5e-8b9a-4c6d-9e0f-1a2b3c4d5e6f';
const EMAIL = { customer_id: CUSTOMER, claims: ['email'], email: 'jane.doe@gmail.com' };

/** Raw lines as the logger wrote them (the bytes, so the field order is checked too). */
const raw: string[] = [];
let api: ApiServer;

beforeAll(async () => {
  const real = createChecker();
  // A phone check that throws a plain Error stands for a bug: the only way to a 500.
  const checker: Checker = { ...real, phone: () => { throw new TypeError('a bug'); } };
  const logger = pino({ level: 'info', base: { service: 'identity-signals' } }, { write: (line: string) => void raw.push(line.trimEnd()) });
  api = createApiServer({ apiKeys: [{ key: KEY, name: 'acme' }], checker, logger, logHashKey: 'fixed', onError: () => {} });
  await api.ready;
});

afterAll(async () => {
  await api.app.close();
});

async function send(id: string, method: 'GET' | 'POST', url: string, payload?: string, key = KEY): Promise<string[]> {
  const before = raw.length;
  await api.app.inject({ method, url, headers: { 'x-request-id': id, 'x-api-key': key, 'content-type': 'application/json' }, ...(payload === undefined ? {} : { payload }) });
  return raw.slice(before);
}

/** A line with its time and duration masked: the rest is compared as bytes. */
const masked = (line: string) => line.replace(/"time":\d+/, '"time":T').replace(/"ms":[\d.]+/, '"ms":M');

describe('access log line', () => {
  it('a 200: request id, method, route, status, ms, key name, input hash, in that order, at info', async () => {
    const lines = await send('a-200', 'POST', '/1.0/email', JSON.stringify(EMAIL));
    expect(lines.map(masked)).toEqual([
      expect.stringMatching(/^\{"level":30,"time":T,"service":"identity-signals","req_id":"a-200","method":"POST","route":"\/1\.0\/email","status":200,"ms":M,"key":"acme","input":"[\da-f]{16}","msg":"request"\}$/),
    ]);
    // The same input, the same hash (logHashKey fixed); another input, another.
    const again = await send('a-200b', 'POST', '/1.0/email', JSON.stringify(EMAIL));
    const other = await send('a-200c', 'POST', '/1.0/email', JSON.stringify({ ...EMAIL, email: 'john@acme.com' }));
    const input = (line: string) => /"input":"([\da-f]+)"/.exec(line)?.[1];
    expect(input(again[0]!)).toBe(input(lines[0]!));
    expect(input(other[0]!)).not.toBe(input(lines[0]!));
  });

  it('refusals: no key before the key check, no input before the body is read and checked', async () => {
    expect((await send('a-401', 'POST', '/1.0/ip', '{}', 'wrong')).map(masked)).toEqual([
      '{"level":30,"time":T,"service":"identity-signals","req_id":"a-401","method":"POST","route":"/1.0/ip","status":401,"ms":M,"msg":"request"}',
    ]);
    expect((await send('a-400', 'POST', '/1.0/email', '{"customer_id":')).map(masked)).toEqual([
      '{"level":30,"time":T,"service":"identity-signals","req_id":"a-400","method":"POST","route":"/1.0/email","status":400,"ms":M,"key":"acme","msg":"request"}',
    ]);
    expect((await send('a-404', 'GET', '/nowhere?secret=1')).map(masked)).toEqual([
      '{"level":30,"time":T,"service":"identity-signals","req_id":"a-404","method":"GET","route":"(none)","status":404,"ms":M,"msg":"request"}',
    ]);
    // A path that is not valid percent-encoding is answered before routing (Fastify's frameworkErrors), where no
    // hook runs: it is logged as any unknown path all the same, with its time.
    const bad = await send('a-404-url', 'POST', '/1.0/%E0%A4%A', '{}');
    expect(bad.map(masked)).toEqual([
      '{"level":30,"time":T,"service":"identity-signals","req_id":"a-404-url","method":"POST","route":"(none)","status":404,"ms":M,"msg":"request"}',
    ]);
    expect(Number(/"ms":([\d.]+)/.exec(bad[0]!)?.[1])).toBeGreaterThanOrEqual(0);
    expect((await send('a-405', 'GET', '/1.0/email')).map(masked)).toEqual([
      '{"level":30,"time":T,"service":"identity-signals","req_id":"a-405","method":"GET","route":"/1.0/email","status":405,"ms":M,"msg":"request"}',
    ]);
  });

  it('a 500: the error with its stack, then the line at error level as "request failed"', async () => {
    const lines = await send('a-500', 'POST', '/1.0/phone', JSON.stringify({ customer_id: CUSTOMER, claims: ['phone'], phone_number: '+393331234567' }));
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 50, req_id: 'a-500', msg: 'internal error', err: { message: 'a bug', stack: expect.stringContaining('\n    at ') } });
    expect(masked(lines[1]!)).toMatch(/^\{"level":50,"time":T,"service":"identity-signals","req_id":"a-500","method":"POST","route":"\/1\.0\/phone","status":500,"ms":M,"key":"acme","input":"[\da-f]{16}","msg":"request failed"\}$/);
  });

  it('is written by the log controller: no route runs an onResponse hook for it', () => {
    const routes = api.app.printRoutes({ includeHooks: true, commonPrefix: false });
    expect(routes).toContain('/1.0/email (POST)');
    expect(routes).not.toContain('onResponse');
  });
});
