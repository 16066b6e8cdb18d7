import { afterEach, describe, expect, it } from 'vitest';
import { createApiServer } from '../../src/server/index.js';
import type { ApiServer, DatasetStatus } from '../../src/server/index.js';

// What an operator reads: /ready says why the server is not ready (which
// dataset, or what failed while looking), and every series on /metrics
// carries a help text.

const DATASET: DatasetStatus = { product: 'email', name: 'disposable', retrieved: '2026-11-01', ageDays: 24, verified: true, stale: false };
let api: ApiServer | undefined;
afterEach(async () => {
  await api?.app.close();
  api = undefined;
});

async function ready(dataStatus: () => readonly DatasetStatus[]) {
  api = createApiServer({ apiKeys: ['ready-key'], dataStatus });
  await api.warm;
  const res = await api.app.inject({ method: 'GET', url: '/ready' });
  return { status: res.statusCode, body: res.json<{ status: string; reason?: string; data: unknown[] }>() };
}

describe('GET /ready explains a 503', () => {
  it('a dataset that failed verification: named product/name, with its problem', async () => {
    const res = await ready(() => [DATASET, { ...DATASET, product: 'ip', name: 'asn4', verified: false, problem: 'checksum mismatch' }]);
    expect(res.status).toBe(503);
    expect(res.body.status).toBe('not_ready');
    expect(res.body.reason).toMatch(/^ip\/asn4: checksum mismatch/);
  });

  it('a dataset not verified, no problem given: named, and said to be not verified', async () => {
    const res = await ready(() => [{ ...DATASET, verified: false }]);
    expect(res.status).toBe(503);
    expect(res.body.reason).toMatch(/^email\/disposable: not verified/);
  });

  it('the data status cannot be read: 503, the reason carrying the error', async () => {
    const res = await ready(() => {
      throw new Error('bundle directory vanished');
    });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: 'not_ready', reason: expect.stringMatching(/bundle directory vanished/) as unknown, data: [] });
  });

  it('verified data: 200 ready', async () => {
    expect((await ready(() => [DATASET])).body.status).toBe('ready');
  });
});

describe('GET /metrics', () => {
  it('every metric has a help text', async () => {
    api = createApiServer({ apiKeys: ['metrics-key'], dataStatus: () => [DATASET] });
    await api.ready;
    await api.app.inject({ method: 'GET', url: '/health' });
    const text = (await api.app.inject({ method: 'GET', url: '/metrics' })).body;
    const types = [...text.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]!);
    expect(types.length).toBeGreaterThan(3);
    for (const name of types) expect(text).toMatch(new RegExp(`^# HELP ${name} \\S`, 'm'));
  });
});
