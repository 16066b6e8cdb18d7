import { closeSync, openSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { constants } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { WebhookJournal } from '../../src/server/webhookJournal.js';
import { scratchFolders } from '../support/scratch.js';

// A journal larger than the longest string V8 can make (buffer.constants.MAX_STRING_LENGTH,
// 512 MiB on 64-bit builds) is what a server that delivered ~500k webhooks without a restart
// would leave: it must still open (read as a stream, not as one string), keep the deliveries
// still pending and drop the finished ones. The file is written here line by line: deliveries
// with a large enriched body, each finished, then three left pending.

const { folder } = scratchFolders('identity-signals-journal-large-');

describe('webhook journal larger than the string limit', () => {
  it('opens, replays the pending deliveries and compacts the finished ones away', () => {
    const dir = folder();
    const path = join(dir, 'deliveries.ndjson');
    const fd = openSync(path, 'w', 0o600);
    const body = JSON.stringify({ event: 'email.enriched', padding: 'x'.repeat(100_000) });
    const job = { url: 'https://hooks.example.org/x', resolution_id: 'r', customer_id: 'c', email: 'jane@acme-widgets.com', secret: 's' };
    let bytes = 0;
    let n = 0;
    const line = (entry: unknown) => {
      const text = `${JSON.stringify(entry)}\n`;
      bytes += writeSync(fd, text);
    };
    while (bytes <= constants.MAX_STRING_LENGTH + 1024 * 1024) {
      const id = `done-${n++}`;
      line({ op: 'add', rec: { id, job, created: 1, attempts: 0, due: 1, dead: false } });
      line({ op: 'body', id, body });
      line({ op: 'done', id });
    }
    for (const id of ['live-1', 'live-2', 'live-3']) {
      line({ op: 'add', rec: { id, job, created: 2, attempts: 0, due: 2, dead: false } });
      line({ op: 'body', id, body: `{"id":"${id}"}` });
    }
    closeSync(fd);
    expect(statSync(path).size).toBeGreaterThan(constants.MAX_STRING_LENGTH);

    const journal = WebhookJournal.open(dir);
    try {
      expect(journal.pending().map((r) => [r.id, r.body])).toEqual([
        ['live-1', '{"id":"live-1"}'],
        ['live-2', '{"id":"live-2"}'],
        ['live-3', '{"id":"live-3"}'],
      ]);
      // Compacted on open: only the three pending deliveries are left.
      expect(statSync(path).size).toBeLessThan(4096);
    } finally {
      journal.close();
    }
  }, 120_000);
});
