import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Checker } from '../checker.js';
import { createServer } from '../server/index.js';
import { UsageError } from './args.js';
import type { CliIo } from './run.js';

/** The environment variable that holds the server's API keys, comma-separated. */
export const API_KEYS_VARIABLE = 'IDENTITY_SIGNALS_API_KEYS';

/**
 * The API keys of `env`. None is a usage fault, not a server that starts: a
 * server without keys answers 401 to every request, so it would look up and
 * do nothing (and one that skipped the check would be open to anyone).
 */
export function apiKeysOf(env: Readonly<Record<string, string | undefined>>): readonly string[] {
  const keys = (env[API_KEYS_VARIABLE] ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter((key) => key !== '');
  if (keys.length === 0) {
    throw new UsageError(`serve needs at least one API key in ${API_KEYS_VARIABLE} (comma-separated); refusing to start an open server`, 'none');
  }
  return keys;
}

/** One line that says why listening failed and what to do, for the errors a person can cause. */
function listenProblem(error: NodeJS.ErrnoException, host: string, port: number): string {
  switch (error.code) {
    case 'EADDRINUSE':
      return `port ${port} is in use on ${host}: another program is listening there; stop it or choose another port with --port`;
    case 'EACCES':
      return `no permission to listen on port ${port} (ports below 1024 need privileges); choose another with --port`;
    case 'EADDRNOTAVAIL':
      return `cannot listen on ${host}: it is not an address of this machine (--host)`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `cannot listen on ${host}: no such host (--host)`;
    default:
      return `cannot listen on ${host}:${port}: ${error.message}`;
  }
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => {
      server.off('error', fail);
      ok();
    });
  });
}

/**
 * Runs the HTTP server until `io.signal` aborts (never, from the bin: the
 * process ends on SIGINT/SIGTERM). Returns the exit code: 1 when it cannot
 * listen, 0 when stopped.
 */
export async function serve(checker: Checker, apiKeys: readonly string[], port: number, host: string, io: CliIo): Promise<number> {
  const server = createServer({ apiKeys, checker });
  // Listen before loading the data, so a port in use is said at once.
  try {
    await listen(server, port, host);
  } catch (error) {
    io.err(listenProblem(error as NodeJS.ErrnoException, host, port));
    return 1;
  }
  const closed = new Promise<void>((done) => server.on('close', done));
  const stop = () => server.close();
  io.signal?.addEventListener('abort', stop, { once: true });
  if (io.signal?.aborted) stop();
  try {
    checker.preload();
  } catch (error) {
    // A broken data file: say so (runCli does) and stop listening, or the
    // process would stay up serving nothing.
    await new Promise((done) => server.close(done));
    throw error;
  }
  const actual = (server.address() as AddressInfo).port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  io.err(`identity-signals listening on http://${shownHost}:${actual}/1.0/<product> with ${apiKeys.length} API key${apiKeys.length === 1 ? '' : 's'}`);
  await closed;
  return 0;
}
