/**
 * A server for bench/server-load.ts, in its own process: the API server of
 * the source tree at `argv[2]` (this repository, or a worktree of an older
 * commit) on 127.0.0.1, a free port, no rate limit, no logs (with `--logs`,
 * the logger `serve` makes, writing to /dev/null), or with `bare` for the
 * tree the bare Fastify app of bench/bareFastify.ts. Prints its port.
 * The checker always comes from this repository, so two servers compared
 * run the same checks and differ only in the server.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = process.argv[2] ?? process.cwd();
// `bare`: the bare Fastify app of bench/bareFastify.ts, the floor of any Fastify server.
const { createServer } = (
  root === 'bare'
    ? { createServer: (await import('./bareFastify.js')).createBareServer }
    : await import(pathToFileURL(join(root, 'src', 'server', 'index.ts')).href)
) as {
  createServer: (options: Record<string, unknown>) => import('node:http').Server;
};
const { createChecker } = await import('../src/index.js');
const { serveLikeLogger } = await import('./serverRequests.js');
const server = createServer({
  apiKeys: ['bench-key'],
  rateLimitPerSecond: 0,
  checker: createChecker(),
  onError: (error: unknown) => console.error(error),
  ...(process.argv.includes('--logs') ? { logger: serveLikeLogger() } : {}),
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address() as import('node:net').AddressInfo;
  process.stdout.write(`${address.port}\n`);
});
// SERVER_PROFILE_FILE: a CPU profile of the measured part only (bench/server-load.ts sends SIGUSR2 after its warm-up), written on SIGTERM.
const profileFile = process.env.SERVER_PROFILE_FILE;
let stopProfile: () => Promise<void> = async () => {};
if (profileFile !== undefined) {
  const { Session } = await import('node:inspector/promises');
  const { writeFileSync } = await import('node:fs');
  const session = new Session();
  session.connect();
  process.on('SIGUSR2', () => {
    void session
      .post('Profiler.enable')
      .then(() => session.post('Profiler.setSamplingInterval', { interval: 100 }))
      .then(() => session.post('Profiler.start'));
  });
  stopProfile = async () => {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(profileFile, JSON.stringify(profile));
  };
}
process.on('SIGTERM', () => server.close(() => void stopProfile().finally(() => process.exit(0))));
