import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WebhookJournal } from '../../src/server/index.js';
import { scratchFolders } from '../support/scratch.js';

// One process at a time delivers from a webhook directory: its lock file
// (`lock.<n>`, the highest number holds; `lock` in earlier releases) holds
// the pid of the holder. A lock left by a process that is gone, by an
// earlier process with this very pid, or holding no usable pid is taken
// over; a live holder's lock is refused, naming the holder, and so is a
// second open of a directory this process holds.

const { folder } = scratchFolders('identity-signals-journal-lock-');
function withLock(content: string, name = 'lock'): string {
  const dir = folder();
  writeFileSync(join(dir, name), content);
  return dir;
}
const locks = (dir: string) => readdirSync(dir).filter((f) => f.startsWith('lock')).sort();
const takenOver = (dir: string) => {
  const journal = WebhookJournal.open(dir);
  const [lock, ...more] = locks(dir);
  expect(more).toEqual([]);
  expect(lock).toMatch(/^lock\.\d+$/);
  expect(readFileSync(join(dir, lock!), 'utf8')).toBe(String(process.pid));
  journal.close();
  expect(locks(dir)).toEqual([]);
};

describe('webhook journal lock', () => {
  it.each(['lock', 'lock.7'])('a lock (%s) held by a live process is refused, naming the process', (name) => {
    const dir = withLock(String(process.ppid), name);
    expect(() => WebhookJournal.open(dir)).toThrow(new RegExp(`in use by process ${process.ppid}`));
    expect(locks(dir)).toEqual([name]);
  });

  it('a directory this process holds is refused to a second open in it, and free again once closed', () => {
    const dir = folder();
    const first = WebhookJournal.open(dir);
    expect(() => WebhookJournal.open(dir)).toThrow(/in use by this process/);
    first.close();
    WebhookJournal.open(dir).close();
  });

  it('a lock left by a process that has exited is taken over', () => {
    const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    takenOver(withLock(child.stdout));
  });

  it.each([String(process.pid), '0', '-1', 'not a pid', ''])('a lock holding %j is taken over', (content) => {
    takenOver(withLock(content));
    takenOver(withLock(content, 'lock.3'));
  });
});
