import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WebhookJournal } from '../../src/server/index.js';
import { scratchFolders } from '../support/scratch.js';

// One process at a time delivers from a webhook directory: its lock file
// holds the pid of the holder. A lock left by a process that is gone, by
// this very process, or holding no usable pid is taken over; a live
// holder's lock is refused, naming the holder.

const { folder } = scratchFolders('identity-signals-journal-lock-');
function withLock(content: string): string {
  const dir = folder();
  writeFileSync(join(dir, 'lock'), content);
  return dir;
}
const takenOver = (dir: string) => {
  const journal = WebhookJournal.open(dir);
  expect(readFileSync(join(dir, 'lock'), 'utf8')).toBe(String(process.pid));
  journal.close();
};

describe('webhook journal lock', () => {
  it('a lock held by a live process is refused, naming the process', () => {
    const dir = withLock(String(process.ppid));
    expect(() => WebhookJournal.open(dir)).toThrow(new RegExp(`in use by process ${process.ppid}`));
  });

  it('a lock left by a process that has exited is taken over', () => {
    const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    takenOver(withLock(child.stdout));
  });

  it.each([String(process.pid), '0', '-1', 'not a pid', ''])('a lock holding %j is taken over', (content) => {
    takenOver(withLock(content));
  });
});
