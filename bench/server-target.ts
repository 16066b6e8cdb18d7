/**
 * A server for bench/server-load.ts, in its own process: the API server of
 * the source tree at `argv[2]` (this repository, or a worktree of an older
 * commit) on 127.0.0.1, a free port, no rate limit, no logs. Prints its port.
 * The checker always comes from this repository, so two servers compared
 * run the same checks and differ only in the server.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = process.argv[2] ?? process.cwd();
const { createServer } = (await import(pathToFileURL(join(root, 'src', 'server', 'index.ts')).href)) as {
  createServer: (options: Record<string, unknown>) => import('node:http').Server;
};
const { createChecker } = await import('../src/index.js');
const server = createServer({ apiKeys: ['bench-key'], rateLimitPerSecond: 0, checker: createChecker(), onError: (error: unknown) => console.error(error) });
server.listen(0, '127.0.0.1', () => {
  const address = server.address() as import('node:net').AddressInfo;
  process.stdout.write(`${address.port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
