import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The repository's root. */
export const ROOT = join(import.meta.dirname, '..', '..');

/**
 * The built bin. Batch tests run it as a real process, as a shell does: its
 * worker threads load `dist/cli/batch-worker.js`, which only the build has
 * (`npm test` builds first; in a focused run, `npm run build` first).
 */
export const BIN = join(ROOT, 'dist', 'cli', 'index.js');

export interface Finished {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** A running bin: the child, and its end with everything it wrote. */
export interface Running {
  readonly child: ChildProcess;
  /** stderr so far. */
  stderr(): string;
  readonly done: Promise<Finished>;
}

/** Starts the bin with `args` in `cwd`; stdin is a pipe the caller may write to (and must end). */
export function startBin(args: readonly string[], cwd: string, env: Record<string, string> = {}): Running {
  const child = spawn(process.execPath, [BIN, ...args], { cwd, env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  child.stdin!.on('error', () => {});
  const done = new Promise<Finished>((ok) => child.on('close', (code, signal) => ok({ code, signal, stdout, stderr })));
  return { child, stderr: () => stderr, done };
}

/** Runs the bin to its end, `stdin` (if any) written and closed. */
export function runBin(args: readonly string[], cwd: string, stdin = ''): Promise<Finished> {
  const running = startBin(args, cwd);
  running.child.stdin!.end(stdin);
  return running.done;
}

/** The NDJSON lines of a file, parsed. */
export function ndjson<T = Record<string, unknown>>(path: string): T[] {
  const text = readFileSync(path, 'utf8');
  return text === '' ? [] : text.trimEnd().split('\n').map((line) => JSON.parse(line) as T);
}

/** Resolves when `check` holds, polling; fails after `ms`. */
export async function until(check: () => boolean, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((ok) => setTimeout(ok, 25));
  }
}
