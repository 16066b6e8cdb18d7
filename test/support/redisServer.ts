/**
 * A real redis-server on a free loopback port for one test file (Debian's
 * package; npm test installs it first). A missing redis-server fails the test with a
 * message that says so: no Redis is no reason to skip.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { withoutFakeClock } from './realClock.js';

/** A port nothing listens on right now (the OS picks it, then it is released). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  await new Promise((ok) => server.close(ok));
  return port;
}

export interface RunningRedis {
  readonly url: string;
  readonly process: ChildProcess;
  /** Sends SIGTERM. */
  stop(): void;
}

/** Starts redis-server without persistence and resolves once it answers PING. */
export async function startRedisServer(): Promise<RunningRedis> {
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
    env: withoutFakeClock(),
  });
  const failed = new Promise<never>((_, fail) =>
    child.once('error', (error) => fail(new Error(`redis-server could not start (is it installed? scripts/test-prerequisites.sh installs it, as npm test does first): ${error.message}`))),
  );
  const url = `redis://127.0.0.1:${port}`;
  const ready = (async () => {
    for (;;) {
      const client = new Redis(url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
      client.on('error', () => {});
      try {
        await client.connect();
        await client.ping();
        return;
      } catch {
        await new Promise((ok) => setTimeout(ok, 50));
      } finally {
        client.disconnect();
      }
    }
  })();
  await Promise.race([ready, failed]);
  return { url, process: child, stop: () => void child.kill('SIGTERM') };
}
