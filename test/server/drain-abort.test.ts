import { connect } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiServer } from '../../src/server/index.js';
import type { ApiServer } from '../../src/server/index.js';

// Two things an operator relies on at the connection level, over raw
// loopback sockets: an answer given while the server drains tells the client
// to close its keep-alive connection (Connection: close), and a client that
// goes away before sending its whole body is logged as an aborted request.

const KEY = 'drain-key';
const BODY = JSON.stringify({ customer_id: 'c', claims: ['ip'], ip: '81.2.69.142' });
let api: ApiServer | undefined;
afterEach(async () => {
  await api?.shutdown(Date.now() + 1000);
  api = undefined;
});

async function listen(server: ApiServer): Promise<number> {
  // Requests wait for the plugins; once they are loaded a request reaches the hooks as soon as its headers are read.
  await server.ready;
  await new Promise<void>((ok) => server.server.listen(0, '127.0.0.1', ok));
  return (server.server.address() as AddressInfo).port;
}
const open = (port: number) => new Promise<Socket>((ok) => {
  const socket = connect(port, '127.0.0.1', () => ok(socket));
});
const head = (length: number) =>
  `POST /1.0/ip HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\nContent-Type: application/json\r\nx-api-key: ${KEY}\r\nContent-Length: ${length}\r\n\r\n`;

describe('connections', () => {
  it('an answer given while draining carries Connection: close', async () => {
    api = createApiServer({ apiKeys: [KEY], rateLimitPerSecond: 0 });
    const port = await listen(api);
    const socket = await open(port);
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    const ended = new Promise<void>((ok) => socket.once('close', () => ok()));
    // The request has begun (headers sent) when the server starts draining; its body follows.
    const started = new Promise((ok) => api!.server.once('request', ok));
    socket.write(head(Buffer.byteLength(BODY)));
    await started;
    const stopped = api.shutdown(Date.now() + 30_000);
    socket.write(BODY);
    await ended;
    await stopped;
    api = undefined;
    expect(text).toMatch(/^HTTP\/1\.1 200 /);
    expect(text).toMatch(/\r\nconnection: close\r\n/i);
  });

  it('a client gone before its whole body: logged as aborted, with its route', async () => {
    const lines: Record<string, unknown>[] = [];
    let logged: () => void = () => undefined;
    const seen = new Promise<void>((ok) => (logged = ok));
    const logger = pino({ level: 'info' }, {
      write: (line: string) => {
        const entry = JSON.parse(line) as Record<string, unknown>;
        lines.push(entry);
        if (entry.aborted === true) logged();
      },
    });
    api = createApiServer({ apiKeys: [KEY], rateLimitPerSecond: 0, logger });
    const port = await listen(api);
    const socket = await open(port);
    const started = new Promise((ok) => api!.server.once('request', ok));
    socket.write(head(1000) + BODY.slice(0, 10));
    await started;
    socket.destroy();
    await seen;
    expect(lines.find((l) => l.aborted === true)).toMatchObject({ method: 'POST', route: '/1.0/ip', aborted: true });
  });
});
