import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { commandUsage } from '../../src/cli/usage.js';
import { WebhookJournal } from '../../src/server/webhookJournal.js';
import { runCliLines } from '../support/cli.js';

// `webhooks` through runCli in process: the text form of `list`, the counts
// and exit codes of retry and purge, the faults of its command line.
// test/cli/webhooks.test.ts covers --json, the lock and Redis.

const root = mkdtempSync(join(tmpdir(), 'identity-signals-cli-webhooks-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function cli(argv: readonly string[], env: Record<string, string> = {}) {
  return runCliLines(argv, { env });
}

const job = (n: number, url: string) => ({ url, resolution_id: `r-${n}`, customer_id: 'c', email: `jane${n}@acme-widgets.com`, secret: 'whsec' });

/** A journal directory with dead letters for `urls`, created on consecutive days of 2026; returns the directory and the ids. */
function journalWith(name: string, urls: readonly string[]): { dir: string; ids: string[] } {
  const dir = join(root, name);
  const journal = WebhookJournal.open(dir);
  const ids = urls.map((url, i) => {
    const added = journal.add(job(i + 1, url), Date.UTC(2026, 0, i + 1));
    journal.dead(added.id, i + 2, `HTTP 50${i}`);
    return added.id;
  });
  journal.close();
  return { dir, ids };
}

describe('webhooks list, as text', () => {
  it('one line per dead letter: id, created, attempts, the URL quoted and cut once, the error', async () => {
    const long = `https://hooks.example.org/${'p'.repeat(200)}`;
    const { dir, ids } = journalWith('text', ['https://hooks.example.org/b', long]);
    const { code, out, err } = await cli(['webhooks', 'list'], { IDENTITY_SIGNALS_WEBHOOK_DIR: dir });
    expect(code).toBe(0);
    expect(err).toEqual([]);
    expect(out).toEqual([
      `${ids[0]}  2026-01-01T00:00:00.000Z  attempts 2  "https://hooks.example.org/b"  HTTP 500`,
      // At most 64 characters of the caller's URL, and no claim about its length from a copy already cut.
      `${ids[1]}  2026-01-02T00:00:00.000Z  attempts 3  "${long.slice(0, 64)}…"  HTTP 501`,
    ]);
  });

  it('a URL of exactly 64 characters is shown whole; one more and it is cut', async () => {
    const exact = `https://hooks.example.org/${'q'.repeat(64 - 26)}`;
    const over = `${exact}r`;
    expect(exact).toHaveLength(64);
    const { dir } = journalWith('boundary', [exact, over]);
    const { out } = await cli(['webhooks', 'list', '--json'], { IDENTITY_SIGNALS_WEBHOOK_DIR: dir });
    expect((JSON.parse(out[0]!) as { url: string }[]).map((l) => l.url)).toEqual([exact, `${exact}…`]);
  });
});

describe('webhooks retry and purge', () => {
  it('counts what they did (plural too); an id that is not there does nothing, exit 1; all on nothing is exit 0', async () => {
    const { dir, ids } = journalWith('counts', ['https://a.example/1', 'https://a.example/2', 'https://a.example/3']);
    const env = { IDENTITY_SIGNALS_WEBHOOK_DIR: dir };
    expect(await cli(['webhooks', 'retry', ids[0]!, ids[1]!], env)).toEqual({ code: 0, out: ['retried 2 dead letters: the server sends them when it starts'], err: [] });
    expect(await cli(['webhooks', 'purge', 'nope'], env)).toEqual({ code: 1, out: ['purged 0 dead letters'], err: [] });
    expect(await cli(['webhooks', 'purge', ids[2]!], env)).toEqual({ code: 0, out: ['purged 1 dead letter'], err: [] });
    expect(await cli(['webhooks', 'purge', 'all'], env)).toEqual({ code: 0, out: ['purged 0 dead letters'], err: [] });
    expect(await cli(['webhooks', 'retry', 'all'], env)).toEqual({ code: 0, out: ['retried 0 dead letters: the server sends them when it starts'], err: [] });
    expect((await cli(['webhooks', 'list', '--json'], env)).out).toEqual(['[]']);
  });

  it('the journal directory of --config wins over the default', async () => {
    const { dir, ids } = journalWith('config', ['https://a.example/1']);
    const config = join(root, 'config.json');
    writeFileSync(config, JSON.stringify({ webhook: { dir } }));
    const listed = await cli(['webhooks', 'list', '--config', config]);
    expect(listed.out).toHaveLength(1);
    expect(listed.out[0]!.startsWith(`${ids[0]!}  `)).toBe(true);
  });
});

describe('webhooks: faults of the command line, exit 2 with the webhooks usage', () => {
  it.each([
    [['webhooks'], 'webhooks takes list, retry or purge, got nothing'],
    [['webhooks', 'replay'], 'webhooks takes list, retry or purge, got "replay"'],
    [['webhooks', 'list', 'x'], 'webhooks list takes no arguments'],
    [['webhooks', 'retry'], 'webhooks retry takes delivery ids, or all'],
    [['webhooks', 'purge'], 'webhooks purge takes delivery ids, or all'],
  ])('%j → %s', async (argv, line) => {
    expect(await cli(argv)).toEqual({ code: 2, out: [], err: [`${line}\n\n${commandUsage('webhooks')}`] });
  });

  it('a bad --config → its message, the webhooks usage', async () => {
    const config = join(root, 'bad.json');
    writeFileSync(config, JSON.stringify({ prot: 1 }));
    expect(await cli(['webhooks', 'list', '--config', config])).toEqual({ code: 2, out: [], err: [`config file ${config}: unknown setting "prot"\n\n${commandUsage('webhooks')}`] });
  });
});
