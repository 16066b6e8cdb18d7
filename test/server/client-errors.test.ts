import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createChecker } from '../../src/index.js';
import type { Checker } from '../../src/index.js';
import { createApiServer } from '../../src/server/index.js';
import type { ApiServer, ServerOptions } from '../../src/server/index.js';

// A client's mistake is the client's answer: the right 4xx in the API's error
// shape `{ error: { code, message } }`, logged at info without a stack, never a
// 500 and never onError. Two layers make such answers outside the API's own
// code: the documentation's static files (@fastify/static and its errors) and
// Node's HTTP parser, which refuses a request before Fastify sees it. Sent
// over raw loopback sockets, byte for byte as written here.

const KEY = 'client-errors-key';
let api: ApiServer | undefined;
afterEach(async () => {
  await api?.shutdown(Date.now() + 1000);
  api = undefined;
});

interface Served {
  readonly port: number;
  /** The log lines written so far. */
  readonly lines: Record<string, unknown>[];
  /** What went to onError. */
  readonly errors: unknown[];
}

async function serve(options: Partial<ServerOptions> = {}): Promise<Served> {
  const lines: Record<string, unknown>[] = [];
  const errors: unknown[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) });
  api = createApiServer({ apiKeys: [KEY], rateLimitPerSecond: 0, preload: false, logger, onError: (e) => errors.push(e), ...options });
  await api.ready;
  await new Promise<void>((ok) => api!.server.listen(0, '127.0.0.1', ok));
  return { port: (api.server.address() as AddressInfo).port, lines, errors };
}

interface Answer {
  readonly status: number;
  readonly headers: Map<string, string>;
  readonly body: unknown;
}

/** The first answer in `raw`: status, headers, and the body (parsed when it is JSON). */
function parseAnswer(raw: string): Answer {
  const end = raw.indexOf('\r\n\r\n');
  const [statusLine = '', ...lines] = raw.slice(0, end).split('\r\n');
  const headers = new Map(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()] as const));
  const body = raw.slice(end + 4);
  const json = headers.get('content-type')?.startsWith('application/json') === true;
  return { status: Number(statusLine.split(' ')[1]), headers, body: json ? (JSON.parse(body) as unknown) : body };
}

/** Sends `text` as it is; resolves with all the server sent, at the end of its first answer's Content-Length or at the close. */
function exchange(port: number, text: string): Promise<string> {
  return new Promise((ok) => {
    const socket = connect(port, '127.0.0.1');
    let raw = '';
    const done = () => {
      socket.destroy();
      ok(raw);
    };
    socket.on('data', (d: Buffer) => {
      raw += d.toString('latin1');
      const end = raw.indexOf('\r\n\r\n');
      const length = /\r\ncontent-length: (\d+)/i.exec(raw)?.[1];
      if (end !== -1 && length !== undefined && raw.length - end - 4 >= Number(length)) done();
    });
    socket.on('error', () => undefined);
    socket.on('close', done);
    socket.write(text);
  });
}

/** Sends `text` as it is; resolves with all the server sent, once it closes the connection. */
function untilClosed(port: number, text: string): Promise<string> {
  return new Promise((ok) => {
    const socket = connect(port, '127.0.0.1');
    let raw = '';
    socket.on('data', (d: Buffer) => (raw += d.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => ok(raw));
    socket.write(text);
  });
}

const get = (path: string, headers = '') => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}\r\n`;

/** An error answer in the API's shape, with `code`. */
const apiError = (code: string) => ({ error: { code, message: expect.any(String) } });

/** The log says the client erred: an info line with the status, nothing at error, no stack. */
function expectLoggedAsClientError(served: Served, status: number): void {
  expect(served.lines.filter((l) => (l.level as number) >= 50)).toEqual([]);
  expect(served.lines.filter((l) => 'err' in l || 'stack' in l)).toEqual([]);
  expect(served.lines).toContainEqual(expect.objectContaining({ level: 30, status }));
  expect(served.errors).toEqual([]);
}

describe('client errors under /docs/static', () => {
  it.each([
    ['a path that climbs out with %2e%2e', 403, 'FORBIDDEN', get('/docs/static/%2e%2e/%2e%2e/package.json')],
    ['a NUL in the path', 400, 'BAD_REQUEST', get('/docs/static/index.css%00')],
    ['a 300-character file name', 404, 'NOT_FOUND', get(`/docs/static/${'a'.repeat(300)}`)],
    ['a Range that is not a range', 416, 'RANGE_NOT_SATISFIABLE', get('/docs/static/index.css', 'Range: bytes=abc\r\n')],
    ['a Range past the end', 416, 'RANGE_NOT_SATISFIABLE', get('/docs/static/index.css', 'Range: bytes=99999999-\r\n')],
    ['an If-Match no version matches', 412, 'PRECONDITION_FAILED', get('/docs/static/index.css', 'If-Match: "no-such-etag"\r\n')],
  ])('%s: %i %s in the API\'s shape, logged at info', async (_what, status, code, request) => {
    const served = await serve();
    const answer = parseAnswer(await exchange(served.port, request));
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual(apiError(code));
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(answer.headers.get('x-request-id')).toMatch(/\S/);
    expectLoggedAsClientError(served, status);
  });

  it('a 416 says the size of the file in Content-Range, as RFC 9110 asks', async () => {
    const { port } = await serve();
    const whole = parseAnswer(await exchange(port, get('/docs/static/index.css')));
    expect(whole.status).toBe(200);
    const answer = parseAnswer(await exchange(port, get('/docs/static/index.css', 'Range: bytes=99999999-\r\n')));
    expect(answer.headers.get('content-range')).toBe(`bytes */${whole.headers.get('content-length')}`);
  });

  it('a file that is there is still served, and a range of it', async () => {
    const { port } = await serve();
    expect(parseAnswer(await exchange(port, get('/docs/static/index.css'))).status).toBe(200);
    const part = parseAnswer(await exchange(port, get('/docs/static/index.css', 'Range: bytes=0-9\r\n')));
    expect(part.status).toBe(206);
    expect(part.headers.get('content-length')).toBe('10');
  });
});

describe('what is not a client\'s error stays a 500', () => {
  it('an error from a check that carries an upstream\'s `status` 404 is internal: 500, onError, logged at error', async () => {
    const real = createChecker();
    const checker: Checker = { ...real, email: () => { throw Object.assign(new Error('the upstream answered 404'), { status: 404 }); } };
    const served = await serve({ checker });
    const body = JSON.stringify({ customer_id: 'c', claims: ['email'], email: 'jane@acme-widgets.com' });
    const answer = parseAnswer(
      await exchange(served.port, `POST /1.0/email HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nx-api-key: ${KEY}\r\nContent-Length: ${body.length}\r\n\r\n${body}`),
    );
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({ error: { code: 'INTERNAL', message: 'internal error' } });
    expect(served.errors).toHaveLength(1);
    expect(served.lines).toContainEqual(expect.objectContaining({ level: 50, msg: 'internal error' }));
  });
});

describe('requests Node\'s HTTP parser refuses', () => {
  it.each([
    ['a NUL in Content-Type', 400, 'BAD_REQUEST', 'POST /1.0/email HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\u0000\r\nContent-Length: 2\r\n\r\n{}'],
    ['a header name with a space', 400, 'BAD_REQUEST', 'GET /health HTTP/1.1\r\nHost: x\r\nbad header: 1\r\n\r\n'],
    ['a request line with text after the version', 400, 'BAD_REQUEST', 'GET /health HTTP/1.1 extra\r\nHost: x\r\n\r\n'],
    ['a line that is no request', 400, 'BAD_REQUEST', 'GARBAGE\r\n\r\n'],
    ['a space in the path', 400, 'BAD_REQUEST', 'GET /a b HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['the method BREW', 501, 'NOT_IMPLEMENTED', 'BREW /1.0/email HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['a method in lower case (methods are case-sensitive)', 501, 'NOT_IMPLEMENTED', 'post /1.0/email HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['headers over 16 KiB', 431, 'REQUEST_HEADER_FIELDS_TOO_LARGE', get('/health', `X-Big: ${'a'.repeat(20_000)}\r\n`)],
  ])('%s: %i %s in the API\'s shape, logged at info', async (_what, status, code, request) => {
    const served = await serve();
    const text = await untilClosed(served.port, request);
    expect(text.match(/HTTP\/1\.1 /g)).toHaveLength(1);
    const answer = parseAnswer(text);
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual(apiError(code));
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(answer.headers.get('connection')).toBe('close');
    expect(Number(answer.headers.get('content-length'))).toBe(Buffer.byteLength(JSON.stringify(answer.body)));
    // The request id on the answer is the one on the log line.
    const id = answer.headers.get('x-request-id');
    expect(id).toMatch(/\S/);
    expect(served.lines).toContainEqual(expect.objectContaining({ level: 30, status, req_id: id }));
    expectLoggedAsClientError(served, status);
  });

  it('refused bytes after a request read whole: that request\'s answer comes first, closing the connection, and no other', async () => {
    // An answer written at once would be read by the client as the answer to GET /health, answered after it.
    const served = await serve();
    const text = await untilClosed(served.port, `${get('/health')}BREW / HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(text.match(/HTTP\/1\.1 /g)).toHaveLength(1);
    const answer = parseAnswer(text);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'ok' });
    expect(answer.headers.get('connection')).toBe('close');
    expectLoggedAsClientError(served, 200);
    expect(served.lines).toContainEqual(expect.objectContaining({ level: 30, status: 501, code: 'HPE_INVALID_METHOD' }));
  });

  it('a chunked body that breaks its framing: the request\'s own answer is the 400', async () => {
    const served = await serve();
    const text = await untilClosed(
      served.port,
      `POST /1.0/email HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nx-api-key: ${KEY}\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\nzz\r\n`,
    );
    expect(text.match(/HTTP\/1\.1 /g)).toHaveLength(1);
    const answer = parseAnswer(text);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(apiError('BAD_REQUEST'));
    expectLoggedAsClientError(served, 400);
  });

  it('headers that take longer than timeouts.headersMs: 408 in the API\'s shape', async () => {
    const served = await serve({ timeouts: { headersMs: 200, requestMs: 200, checkIntervalMs: 50 } });
    // The request line and one header, then nothing: the headers never end.
    const answer = parseAnswer(await exchange(served.port, 'GET /health HTTP/1.1\r\nHost: x\r\n'));
    expect(answer.status).toBe(408);
    expect(answer.body).toEqual(apiError('REQUEST_TIMEOUT'));
    expectLoggedAsClientError(served, 408);
  });
});
