import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { scratchFolders } from '../support/scratch.js';

// Two processes open the same webhook directories at the same instant, each
// left with the lock of a process that is gone (killed): exactly one of them
// may hold each directory. Taking a dead holder's lock over was three steps
// (read, unlink, create), and two racers could both pass them.

const { folder } = scratchFolders('identity-signals-lock-race-');
const RACER = fileURLToPath(new URL('../support/lockRacer.ts', import.meta.url));
const ROUNDS = 200;

function racer(env: Record<string, string>): Promise<string> {
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', RACER], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('close', (code) => (code === 0 ? ok(out) : fail(new Error(`racer exited ${code}: ${err}`))));
  });
}

describe('webhook journal lock: two processes racing for a dead holder\'s lock', () => {
  it(`${ROUNDS} races: exactly one holder each time`, async () => {
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
    const dirs = Array.from({ length: ROUNDS }, (_, round) => {
      const dir = folder();
      // Half the rounds with the lock file of earlier releases, half with the one this release writes.
      writeFileSync(join(dir, round % 2 === 0 ? 'lock' : 'lock.1'), gone);
      return dir;
    });
    const env = { LOCK_RACE: JSON.stringify({ dirs, startAt: Date.now() + 4000, spacingMs: 15 }) };
    const [a, b] = await Promise.all([racer(env), racer(env)]);
    const held = (out: string) => new Set([...out.matchAll(/^held (\d+)$/gm)].map((m) => Number(m[1])));
    const heldA = held(a);
    const heldB = held(b);
    const both = [...heldA].filter((r) => heldB.has(r));
    const neither = dirs.map((_, r) => r).filter((r) => !heldA.has(r) && !heldB.has(r));
    console.log(`lock race: ${ROUNDS} rounds, A held ${heldA.size}, B held ${heldB.size}, both ${both.length}, neither ${neither.length}`);
    expect(both).toEqual([]);
    expect(neither).toEqual([]);
    // The losers were told who holds it.
    expect(`${a}\n${b}`).toMatch(/^refused \d+ the webhook directory .* is in use by process \d+$/m);
    // No lock files pile up: one per directory, the holder's.
    for (const dir of dirs) expect(readdirSync(dir).filter((f) => f.startsWith('lock'))).toHaveLength(1);
  }, 60_000);
});
