import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { BIN, ROOT } from './batchBin.js';

/** A `serve` process of the built bin, as the process-level tests start it. */
export interface ServeProcess {
  readonly child: ChildProcess;
  /** The port it listens on, from its "listening on" line; rejects if it ends first. */
  readonly port: Promise<number>;
  /** Settles when the process has ended, with its exit code or signal. */
  readonly done: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  readonly stdout: () => string;
  readonly stderr: () => string;
}

/**
 * Starts `identity-signals serve --port 0 …args` from the built bin on
 * loopback, with only PATH and `env` in its environment (the start-up data
 * warning off), and collects its output.
 */
export function startServeBin(args: readonly string[], env: Record<string, string> = {}): ServeProcess {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', IDENTITY_SIGNALS_DATA_WARN: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const port = new Promise<number>((ok, fail) => {
    child.stderr.on('data', () => {
      const match = /listening on http:\/\/127\.0\.0\.1:(\d+)\//.exec(stderr);
      if (match) ok(Number(match[1]));
    });
    child.on('close', () => fail(new Error(`serve ended before listening: ${stderr}`)));
  });
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((ok) =>
    child.on('close', (code, signal) => ok({ code, signal })),
  );
  return { child, port, done, stdout: () => stdout, stderr: () => stderr };
}
