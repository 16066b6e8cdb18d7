import { connect } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiServer } from '../../src/server/index.js';
import type { ApiServer, ServerOptions } from '../../src/server/index.js';

// A request refused before its body is read must not make the server read
// that body: the answer closes the connection and the server stops reading.
// Over raw loopback sockets, a client streams a body the server did not ask
// for; what the server read is counted on its own side of the connection
// (socket.bytesRead), not guessed from what the client managed to write.

const KEY = 'unread-key';
const MiB = 1024 * 1024;
/** A body far larger than anything the kernel's socket buffers hold, so reading it to its end cannot go unseen. */
const LARGE = 64 * MiB;
/**
 * What a server that stops reading may still have read: Node reads a socket 64 KiB at a time, and between the
 * answer and the socket's close only the reads already under way complete. Sixteen of them is generous; a
 * server that reads the body to its end reads all {@link LARGE} bytes.
 */
const READ_AFTER_ANSWER = 16 * 65_536;

let api: ApiServer | undefined;
afterEach(async () => {
  await api?.shutdown(Date.now() + 1000);
  api = undefined;
});

interface Served {
  readonly port: number;
  /** Bytes the server read on each connection it has seen, by order of arrival; final once that connection closed. */
  readonly read: () => number[];
  readonly closed: (i: number) => Promise<void>;
}

async function serve(options: Partial<ServerOptions> = {}): Promise<Served> {
  api = createApiServer({ apiKeys: [KEY], rateLimitPerSecond: 0, preload: false, onError: () => {}, ...options });
  await api.ready;
  const sockets: Socket[] = [];
  const closes: Promise<void>[] = [];
  api.server.on('connection', (socket: Socket) => {
    sockets.push(socket);
    closes.push(new Promise((ok) => socket.once('close', () => ok())));
  });
  await new Promise<void>((ok) => api!.server.listen(0, '127.0.0.1', ok));
  return {
    port: (api.server.address() as AddressInfo).port,
    read: () => sockets.map((s) => s.bytesRead),
    closed: (i) => closes[i]!,
  };
}

interface Streamed {
  /** What the server sent back, as text. */
  readonly answer: string;
  /** True when the server closed the connection before the client had written the whole body. */
  readonly cutShort: boolean;
  readonly total: number;
}

/**
 * Writes `head`, then a body of `total` bytes in 64 KiB pieces (chunk-framed when `chunked`), as fast as the
 * connection takes them, until the body is written or the server closes the connection; then waits for the
 * answer (when the connection is still open) and closes its side.
 */
async function stream(port: number, head: string, total: number, chunked: boolean): Promise<Streamed> {
  const socket = connect(port, '127.0.0.1');
  let answer = '';
  let closed = false;
  let answered: () => void = () => undefined;
  const whole = new Promise<void>((ok) => (answered = ok));
  socket.on('data', (d: Buffer) => {
    answer += d.toString('latin1');
    const end = answer.indexOf('\r\n\r\n');
    if (end !== -1 && answer.length - end - 4 >= Number(/\r\ncontent-length: (\d+)/i.exec(answer)?.[1] ?? 0)) answered();
  });
  // The server closing a connection the client is still writing to: EPIPE or ECONNRESET on the client's next write.
  socket.on('error', () => undefined);
  const gone = new Promise<void>((ok) =>
    socket.once('close', () => {
      closed = true;
      ok();
    }),
  );
  await new Promise<void>((ok) => socket.once('connect', () => ok()));
  socket.write(head);
  const piece = Buffer.alloc(65_536, 0x20);
  const frame = Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]);
  let sent = 0;
  while (!closed && sent < total) {
    if (!socket.write(chunked ? frame : piece)) await Promise.race([new Promise((ok) => socket.once('drain', ok)), gone]);
    sent += piece.length;
  }
  const cutShort = closed;
  if (!closed && chunked) socket.write('0\r\n\r\n');
  // The whole body sent: the answer is awaited (or the server's close).
  await Promise.race([whole, gone]);
  socket.destroy();
  await gone;
  return { answer, cutShort, total };
}

const head = (path: string, headers: Record<string, string>) =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n`;

/** The status line, headers and JSON body of the first answer in `text`. */
function parse(text: string): { status: number; headers: Map<string, string>; body: unknown } {
  const [top = '', body = ''] = text.split('\r\n\r\n');
  const [statusLine = '', ...lines] = top.split('\r\n');
  const headers = new Map(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()] as const));
  return { status: Number(statusLine.split(' ')[1]), headers, body: body === '' ? undefined : JSON.parse(body) };
}

describe('a body nobody asked for is not read', () => {
  const refusals: [string, string, Record<string, string>, number, string][] = [
    ['no key', '/1.0/email', { 'content-type': 'application/json' }, 401, 'UNAUTHORIZED'],
    ['an unknown path', '/1.0/fax', { 'content-type': 'application/json', 'x-api-key': KEY }, 404, 'NOT_FOUND'],
    ['a body that is not JSON', '/1.0/email', { 'content-type': 'text/plain', 'x-api-key': KEY }, 415, 'UNSUPPORTED_MEDIA_TYPE'],
  ];

  for (const chunked of [false, true]) {
    it.each(refusals)(`${chunked ? 'chunked' : 'by Content-Length'}, %s: answered with Connection: close, the rest not read`, async (_what, path, headers, status, code) => {
      // A limit above the body, so that the refusal under test comes first, not the 413.
      const { port, read, closed } = await serve({ maxBodyBytes: LARGE });
      const framing: Record<string, string> = chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(LARGE) };
      const run = await stream(port, head(path, { ...headers, ...framing }), LARGE, chunked);
      const answer = parse(run.answer);
      expect(answer.status).toBe(status);
      expect(answer.body).toEqual({ error: { code, message: expect.any(String) } });
      expect(answer.headers.get('connection')).toBe('close');
      expect(run.cutShort, 'the server closed the connection while the client was still sending').toBe(true);
      await closed(0);
      expect(read()[0]).toBeLessThan(READ_AFTER_ANSWER);
    });
  }

  it('a slow client with no key: answered at once, and the server closes the connection without waiting for the body', async () => {
    const { port, read } = await serve();
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    let text = '';
    const ended = new Promise<void>((ok) => socket.once('end', () => ok()));
    const answered = new Promise<void>((ok) =>
      socket.on('data', (d: Buffer) => {
        text += d.toString('latin1');
        if (text.includes('\r\n\r\n')) ok();
      }),
    );
    // 1 KiB of a 60,000-byte body, then nothing: the rest would only come at the pace of a slow client.
    socket.write(head('/1.0/email', { 'content-type': 'application/json', 'content-length': '60000' }) + ' '.repeat(1024));
    await answered;
    expect(parse(text.slice(0, text.indexOf('\r\n\r\n') + 4)).headers.get('connection')).toBe('close');
    // The server's end of the connection closes (a FIN) while the client still owes 58,976 bytes.
    await ended;
    expect(parse(text).status).toBe(401);
    expect(read()[0]).toBeLessThan(60_000);
    socket.destroy();
  });

  it('the body-size limit comes before the key: a declared length over the limit without a key is a 413', async () => {
    const { port, read, closed } = await serve();
    const noKey: Record<string, string> = { 'content-type': 'application/json' };
    for (const headers of [noKey, { ...noKey, 'x-api-key': 'wrong' }]) {
      const run = await stream(port, head('/1.0/email', { ...headers, 'content-length': String(LARGE) }), LARGE, false);
      const answer = parse(run.answer);
      expect(answer.status).toBe(413);
      expect(answer.body).toEqual({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'the body is larger than 65536 bytes' } });
      expect(answer.headers.get('connection')).toBe('close');
      expect(run.cutShort).toBe(true);
    }
    await closed(1);
    for (const bytes of read()) expect(bytes).toBeLessThan(READ_AFTER_ANSWER);
  });

  it('the limit comes before a key that may not use the product (413, not 403), and on the hub', async () => {
    const { port } = await serve({ apiKeys: [{ key: KEY, products: ['ip'] }] });
    for (const path of ['/1.0/email', '/1.0/hub']) {
      const run = await stream(port, head(path, { 'content-type': 'application/json', 'x-api-key': KEY, 'content-length': '65537' }), 65_537, false);
      expect(parse(run.answer).status, path).toBe(413);
    }
  });

  it('a refusal without a body, or after the body was read, keeps the connection open for the next request', async () => {
    const { port, read } = await serve();
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (d: Buffer) => (text += d.toString('latin1')));
    let closed = false;
    const gone = new Promise<void>((ok) =>
      socket.once('close', () => {
        closed = true;
        ok();
      }),
    );
    await new Promise<void>((ok) => socket.once('connect', () => ok()));
    const bad = '{"customer_id":';
    socket.write(`GET /nope HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    socket.write(head('/1.0/email', { 'content-type': 'application/json', 'x-api-key': KEY, 'content-length': String(bad.length) }) + bad);
    socket.write(`GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    while (!closed && (text.match(/HTTP\/1\.1 /g) ?? []).length < 3) await Promise.race([new Promise((ok) => socket.once('data', ok)), gone]);
    const statuses = [...text.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => Number(m[1]));
    expect(statuses).toEqual([404, 400, 200]);
    expect(text).not.toMatch(/connection: close/i);
    expect(read()).toHaveLength(1);
    socket.destroy();
  });

  it('through inject() too: an answer after the body was read keeps the connection, one before it closes it', async () => {
    api = createApiServer({ apiKeys: [KEY], rateLimitPerSecond: 0, preload: false, onError: () => {} });
    await api.ready;
    const payload = JSON.stringify({ customer_id: 'c', claims: ['ip'], ip: '81.2.69.142' });
    const read = await api.app.inject({ method: 'POST', url: '/1.0/ip', headers: { 'content-type': 'application/json', 'x-api-key': KEY }, payload });
    expect(read.statusCode).toBe(200);
    expect(read.headers.connection).not.toBe('close');
    const refused = await api.app.inject({ method: 'POST', url: '/1.0/ip', headers: { 'content-type': 'application/json' }, payload });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers.connection).toBe('close');
  });
});
