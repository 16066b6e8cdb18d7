import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createChecker } from '../../src/index.js';
import { createRedisWebhookQueue } from '../../src/server/redisWebhookQueue.js';
import { WebhookJournal } from '../../src/server/webhookJournal.js';
import { runCliLines } from '../support/cli.js';
import { startRedisServer } from '../support/redisServer.js';
import { scratchFolders } from '../support/scratch.js';

const cli = (argv: string[], env: Record<string, string> = {}) => runCliLines(argv, { env });

const job = (n: number, url: string) => ({ url, resolution_id: `r-${n}`, customer_id: 'c', email: `jane${n}@acme-widgets.com`, secret: 'whsec' });

describe('identity-signals webhooks list | retry | purge (the journal)', () => {
  const { folder } = scratchFolders('webhooks-cli-');

  it('lists dead letters (never the secret or the e-mail, at most 64 characters of the URL), retries and purges them', async () => {
    const dir = folder();
    const journal = WebhookJournal.open(join(dir, 'wh'));
    const long = `https://hooks.example.org/${'p'.repeat(200)}`;
    const a = journal.add(job(1, long), Date.UTC(2026, 0, 1));
    const b = journal.add(job(2, 'https://hooks.example.org/b'), Date.UTC(2026, 0, 2));
    journal.add(job(3, 'https://hooks.example.org/c'), Date.UTC(2026, 0, 3));
    journal.dead(a.id, 12, 'HTTP 503');
    journal.dead(b.id, 1, 'HTTP 410');
    journal.close();
    const config = join(dir, 'config.json');
    writeFileSync(config, JSON.stringify({ webhook: { dir: 'wh' } }));

    const listed = await cli(['webhooks', 'list', '--config', config, '--json']);
    expect(listed.code).toBe(0);
    const letters = JSON.parse(listed.out[0]!);
    expect(letters.map((l: { id: string }) => l.id)).toEqual([a.id, b.id]);
    expect(letters[0]).toEqual({ id: a.id, resolution_id: 'r-1', url: `${long.slice(0, 64)}…`, attempts: 12, error: 'HTTP 503', created: '2026-01-01T00:00:00.000Z' });
    expect(listed.out[0]).not.toMatch(/whsec|jane/);

    expect((await cli(['webhooks', 'retry', a.id, '--config', config])).out).toEqual(['retried 1 dead letter: the server sends them when it starts']);
    expect((await cli(['webhooks', 'purge', 'all', '--config', config])).out).toEqual(['purged 1 dead letter']);
    expect((await cli(['webhooks', 'list', '--config', config])).out).toEqual(['no dead letters']);
    const reopened = WebhookJournal.open(join(dir, 'wh'), { readOnly: true });
    expect(reopened.pending().map((r) => r.job.resolution_id)).toEqual(['r-3', 'r-1']);
    expect((await cli(['webhooks', 'purge', 'no-such-id', '--config', config])).code).toBe(1);
  });

  it('takes the directory from the environment, and refuses retry while a live process holds it', async () => {
    const dir = folder();
    writeFileSync(join(dir, 'lock'), String(process.ppid));
    const env = { IDENTITY_SIGNALS_WEBHOOK_DIR: dir };
    expect((await cli(['webhooks', 'list'], env)).out).toEqual(['no dead letters']);
    const refused = await cli(['webhooks', 'retry', 'all'], env);
    expect(refused.code).toBe(1);
    expect(refused.err[0]).toMatch(/in use by process \d+; stop the server first/);
  });

  it('refuses an unknown subcommand (exit 2)', async () => {
    expect((await cli(['webhooks', 'replay'])).code).toBe(2);
    expect((await cli(['webhooks', 'retry'])).code).toBe(2);
  });
});

describe('identity-signals webhooks with Redis (BullMQ failed set; a real redis-server on loopback)', () => {
  let redis: ChildProcess | undefined;
  afterAll(() => {
    redis?.kill('SIGKILL');
  });

  it('lists, retries and purges the failed deliveries of the shared queue', async () => {
    const started = await startRedisServer();
    redis = started.process;
    const url = started.url;
    let status = 410;
    const ids: string[] = [];
    const receiver = createServer((req, res) => {
      req.resume();
      req.on('end', () => (ids.push(String(req.headers['x-delivery-id'])), res.writeHead(status).end()));
    });
    await new Promise<void>((ok) => receiver.listen(0, '127.0.0.1', ok));
    const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const finals: boolean[] = [];
    const queue = createRedisWebhookQueue({ redisUrl: url, checker: () => createChecker(), send: { allowPrivateTargets: true }, onOutcome: (o) => void (o.final && finals.push(o.delivered)) });
    try {
      await queue.enqueue(job(1, hook));
      await queue.enqueue(job(2, hook));
      const until = async (check: () => boolean) => {
        for (let i = 0; i < 400 && !check(); i++) await new Promise((ok) => setTimeout(ok, 25));
        expect(check()).toBe(true);
      };
      await until(() => finals.length === 2);
      const env = { REDIS_URL: url };
      const listed = JSON.parse((await cli(['webhooks', 'list', '--json'], env)).out[0]!) as { id: string; error: string }[];
      expect(listed.map((l) => l.error)).toEqual(['HTTP 410', 'HTTP 410']);
      expect(new Set(listed.map((l) => l.id))).toEqual(new Set(ids));
      status = 200;
      expect((await cli(['webhooks', 'retry', listed[0]!.id], env)).out).toEqual(['retried 1 dead letter']);
      await until(() => finals.length === 3);
      expect(finals[2]).toBe(true);
      expect((await cli(['webhooks', 'purge', 'all'], env)).out).toEqual(['purged 1 dead letter']);
      expect((await cli(['webhooks', 'list'], env)).out).toEqual(['no dead letters']);
    } finally {
      await queue.close(Date.now() + 1000);
      await new Promise<void>((ok) => (receiver.closeAllConnections(), receiver.close(() => ok())));
    }
  }, 30_000);
});
