/**
 * What a client with no key costs the server when it streams a body nobody
 * asked for: one connection that writes as fast as the server takes it, for
 * `--seconds`, opening a new connection whenever the server closes one (an
 * attacker does). The server runs in its own process (`createServer`, no
 * preload: the refusal path alone), which reports the bytes it read from its
 * sockets and its CPU seconds over the run.
 *
 *   npx tsx bench/server-unread-body.ts [--seconds 10] [--mode length|chunked|small|all] [--root DIR]
 *
 * `length`: a `Content-Length` of 10 GB; `chunked`: `Transfer-Encoding: chunked`, no end;
 * `small`, for comparison: a 2-byte body with `Connection: close`, one per connection,
 * the answer read before the next (what a flood of refused requests costs).
 * `--root` benches the server of another tree (the one before a change).
 * "client wrote" counts what the client's kernel took, most of which the
 * server never read once it closes early. The client writes without pausing
 * to read, so it often meets the server's reset before reading the answer
 * (status "none"); clients that read while they send (curl, fetch,
 * node:http) get the answer.
 */
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const MODES = ['length', 'chunked', 'small'] as const;
type Mode = (typeof MODES)[number];

interface Report {
  readonly bytesRead: number;
  readonly cpuSeconds: number;
}

if (process.argv[2] === '--server') await serve(process.argv[3]!);
else await main();

/** The child: a server on 127.0.0.1 that counts what it reads and reports it, with its CPU time, when asked. */
async function serve(root: string): Promise<void> {
  const { createServer } = (await import(pathToFileURL(join(root, 'src', 'server', 'index.ts')).href)) as {
    createServer: (options: Record<string, unknown>) => import('node:http').Server;
  };
  const server = createServer({ apiKeys: ['a-key-the-client-does-not-have'], preload: false, onError: (error: unknown) => console.error(error) });
  let closedBytes = 0;
  const open = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => {
      closedBytes += socket.bytesRead;
      open.delete(socket);
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  let startBytes = 0;
  let startCpu = process.cpuUsage();
  const bytes = () => closedBytes + [...open].reduce((n, s) => n + s.bytesRead, 0);
  process.on('message', (message: string) => {
    if (message === 'start') {
      startBytes = bytes();
      startCpu = process.cpuUsage();
      process.send!('started');
    } else if (message === 'report') {
      const cpu = process.cpuUsage(startCpu);
      process.send!({ bytesRead: bytes() - startBytes, cpuSeconds: (cpu.user + cpu.system) / 1e6 } satisfies Report);
    } else if (message === 'stop') {
      server.closeAllConnections();
      server.close(() => process.exit(0));
    }
  });
  process.send!({ port: (server.address() as AddressInfo).port });
}

function ask<T>(child: ChildProcess, message: string, isAnswer: (m: unknown) => boolean): Promise<T> {
  return new Promise((ok) => {
    const on = (m: unknown) => {
      if (!isAnswer(m)) return;
      child.off('message', on);
      ok(m as T);
    };
    child.on('message', on);
    if (message !== '') child.send(message);
  });
}

/** One mode for `seconds`: connections made, answers by status, bytes the client wrote. */
async function attack(port: number, mode: Mode, seconds: number) {
  const chunk = Buffer.alloc(65_536, 0x61);
  const frame = Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]);
  const head =
    'POST /1.0/email HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
    { length: 'Content-Length: 10000000000\r\n\r\n', chunked: 'Transfer-Encoding: chunked\r\n\r\n', small: 'Content-Length: 2\r\nConnection: close\r\n\r\n{}' }[mode];
  const end = performance.now() + seconds * 1000;
  const statuses = new Map<string, number>();
  let connections = 0;
  let written = 0;
  while (performance.now() < end) {
    connections++;
    const socket = connect(port, '127.0.0.1');
    let closed = false;
    let answer = '';
    socket.on('data', (d: Buffer) => {
      if (answer.length < 16) answer += d.toString('latin1');
    });
    socket.on('error', () => undefined);
    const gone = new Promise<void>((ok) =>
      socket.once('close', () => {
        closed = true;
        ok();
      }),
    );
    await new Promise<void>((ok) => socket.once('connect', () => ok()));
    socket.write(head);
    while (mode !== 'small' && !closed && performance.now() < end) {
      const body = mode === 'length' ? chunk : frame;
      if (!socket.write(body)) await Promise.race([new Promise((ok) => socket.once('drain', ok)), gone]);
    }
    if (mode === 'small') await gone;
    socket.destroy();
    await gone;
    written += socket.bytesWritten;
    const status = /^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 'none';
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }
  return { connections, statuses: Object.fromEntries(statuses), clientWrote: written };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { seconds: { type: 'string', default: '10' }, mode: { type: 'string', default: 'all' }, root: { type: 'string' } } });
  const root = resolve(values.root ?? join(import.meta.dirname, '..'));
  const seconds = Number(values.seconds);
  const modes: readonly Mode[] = values.mode === 'all' ? MODES : [values.mode as Mode];
  const gb = (n: number) => `${(n / 1e9).toFixed(3)} GB`;
  for (const mode of modes) {
    const child = fork(import.meta.filename, ['--server', root], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const { port } = await ask<{ port: number }>(child, '', (m) => typeof m === 'object' && m !== null && 'port' in m);
    await ask(child, 'start', (m) => m === 'started');
    const run = await attack(port, mode, seconds);
    const report = await ask<Report>(child, 'report', (m) => typeof m === 'object' && m !== null && 'bytesRead' in m);
    child.send('stop');
    await new Promise((ok) => child.once('exit', ok));
    console.log(
      `${mode.padEnd(8)} ${seconds} s: server read ${gb(report.bytesRead)}, server CPU ${report.cpuSeconds.toFixed(2)} s; ` +
        `${run.connections} connection(s): ${Math.round(report.bytesRead / run.connections / 1024)} KiB read and ` +
        `${((report.cpuSeconds / run.connections) * 1000).toFixed(2)} ms CPU each; client wrote ${gb(run.clientWrote)}; ` +
        `answers the client read ${JSON.stringify(run.statuses)}`,
    );
  }
}
