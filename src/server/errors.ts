/**
 * Every failure of the HTTP API becomes one status and one body
 * `{ "error": { "code", "message", "field"? } }` (docs/design.md, HTTP errors).
 * Fastify's own errors (body too large, bad media type, bad JSON, schema
 * validation) are translated here, so a client sees the same codes and
 * messages whichever layer refused it.
 */
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { quoteInput } from '../common/quoteInput.js';
import { InputError } from '../errors.js';
import { PRODUCTS, REQUIRED_FIELDS, isProductName } from '../resolve.js';
import { readHubRequest } from './hub.js';
import type { ProductName } from '../scoring/index.js';
import type { ErrorBody } from './schemas.js';

/**
 * An error answered to the client: status, code and message, plus the field at fault and headers.
 * It is an answer, not a fault: no stack trace is captured (none is ever logged: only a 500 logs its
 * stack), since capturing one is most of what a 401, 404 or 429 costs the server.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly field: string | undefined;
  readonly headers: Readonly<Record<string, string>>;

  constructor(statusCode: number, code: string, message: string, field?: string, headers: Readonly<Record<string, string>> = {}) {
    // The limit is off only for the Error constructor inside super(), which cannot throw on a string.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.code = code;
    this.field = field;
    this.headers = headers;
  }
}

/**
 * The error Fastify hands the error handler when a body fails its route's
 * schema (Fastify adds `validation`, which {@link answerFor} explains in the
 * request's words): stackless, as {@link HttpError}, and without Fastify's
 * own message, which would join every Ajv error into a string no one reads.
 */
export function schemaError(): Error {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  const error = new Error('the request does not match its schema');
  Error.stackTraceLimit = limit;
  return error;
}

/** The message of a 404: where the API is. */
export const NOT_FOUND_MESSAGE = 'unknown endpoint: use POST /1.0/{email,device,ip,phone,name} or POST /1.0/hub';

/** The 413 of a body over `maxBodyBytes`, declared or found while reading it; its connection is closed, not read to its end. */
export function bodyTooLarge(maxBodyBytes: number): HttpError {
  return new HttpError(413, 'PAYLOAD_TOO_LARGE', `the body is larger than ${maxBodyBytes} bytes`, undefined, { connection: 'close' });
}

/** The body of an error answer. */
export function errorBody(code: string, message: string, field?: string): ErrorBody {
  return { error: { code, message, ...(field === undefined ? {} : { field }) } };
}

/** One error of Ajv (the parts read here). */
interface SchemaError {
  readonly keyword: string;
  readonly instancePath: string;
  readonly params: Record<string, unknown>;
}

/** The fields of a request in the order resolve() checks them, so both refuse a bad request for the same reason. */
function fieldOrder(product: ProductName): readonly string[] {
  return ['customer_id', 'claims', ...REQUIRED_FIELDS[product], 'webhook_url', 'device_request_time', 'headers', 'default_country', 'country'];
}

/** The top-level field an Ajv error is about. */
function fieldOf(error: SchemaError): string | undefined {
  if (error.keyword === 'required' && error.instancePath === '') return String(error.params.missingProperty);
  const match = /^\/([^/]+)/.exec(error.instancePath);
  return match?.[1]?.replaceAll('~1', '/').replaceAll('~0', '~');
}

/**
 * Explains a request that failed its route's schema in resolve()'s words:
 * the first failing field in resolve()'s order, named by its wire name,
 * with at most 64 characters of its value.
 */
export function explainSchemaErrors(body: unknown, product: ProductName, errors: readonly SchemaError[]): HttpError {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return new HttpError(400, 'INPUT_TYPE', 'the request must be a JSON object', 'body');
  }
  const request = body as Record<string, unknown>;
  const claims = request.claims;
  if (Array.isArray(claims) && claims.length === 1 && typeof claims[0] === 'string' && claims[0] !== product) {
    return new HttpError(400, 'CLAIM_MISMATCH', `claims[0] is ${quoteInput(claims[0])} but the endpoint is ${product}`, 'claims[0]');
  }
  const failing = new Set(errors.map(fieldOf));
  const field = fieldOrder(product).find((name) => failing.has(name)) ?? [...failing].find((name) => name !== undefined);
  if (field === undefined) return new HttpError(400, 'INPUT_TYPE', 'the request does not match its schema', 'body');
  const value = request[field];
  if (field === 'claims') {
    if (!Array.isArray(value)) {
      return new HttpError(400, value === undefined ? 'INPUT_MISSING' : 'INPUT_TYPE', 'claims must be an array with one product name', 'claims');
    }
    if (value.length !== 1) return new HttpError(400, 'INPUT_TYPE', `claims must name exactly one product, got ${value.length}`, 'claims');
    return new HttpError(400, 'INPUT_UNKNOWN_CLAIM', `claims[0] must be one of ${PRODUCTS.join(', ')}; got ${quoteInput(value[0])}`, 'claims[0]');
  }
  if (field === 'headers') return new HttpError(400, 'INPUT_TYPE', 'headers must be an object of header name → value', 'headers');
  if (value === undefined || value === null) return new HttpError(400, 'INPUT_MISSING', `${field} is required`, field);
  return new HttpError(400, 'INPUT_TYPE', `${field} must be a string, got ${Array.isArray(value) ? 'an array' : typeof value}`, field);
}

/**
 * Explains a hub request that failed its schema: the hub's own reader names
 * the first thing wrong in its order (claims before the claimed products'
 * fields); what only the schema refuses (a field of a product not claimed,
 * of the wrong type) is named from the schema's errors.
 */
export function explainHubErrors(body: unknown, errors: readonly SchemaError[]): HttpError {
  try {
    readHubRequest(body);
  } catch (error) {
    if (error instanceof InputError) return new HttpError(400, error.code, error.message, error.field);
    throw error;
  }
  const field = errors.map(fieldOf).find((name) => name !== undefined);
  if (field === undefined) return new HttpError(400, 'INPUT_TYPE', 'the request does not match its schema', 'body');
  if (field === 'headers') return new HttpError(400, 'INPUT_TYPE', 'headers must be an object of header name → value', 'headers');
  const value = (body as Record<string, unknown>)[field];
  return new HttpError(400, 'INPUT_TYPE', `${field} must be a string, got ${Array.isArray(value) ? 'an array' : typeof value}`, field);
}

/** What the error handler tells the client, and whether the error is the server's fault. */
export interface Answer {
  readonly status: number;
  readonly body: ErrorBody;
  readonly headers: Readonly<Record<string, string>>;
  /** True for a 500: the error is logged and handed to `onError`. */
  readonly internal: boolean;
}

/** Translates any error thrown while answering into the spec's answer. */
export function answerFor(error: unknown, request: FastifyRequest, maxBodyBytes: number): Answer {
  const plain = (status: number, code: string, message: string, field?: string, headers: Record<string, string> = {}): Answer => ({
    status,
    body: errorBody(code, message, field),
    headers,
    internal: false,
  });
  if (error instanceof HttpError) return plain(error.statusCode, error.code, error.message, error.field, { ...error.headers });
  if (error instanceof InputError) return plain(400, error.code, error.message, error.field);
  const fastifyError = error as Partial<FastifyError> & { validation?: readonly SchemaError[] };
  if (fastifyError.validation !== undefined) {
    const product = request.routeOptions.config.product;
    if (isProductName(product)) {
      const explained = explainSchemaErrors(request.body, product, fastifyError.validation);
      return plain(400, explained.code, explained.message, explained.field);
    }
    if (request.routeOptions.config.hub === true) {
      const explained = explainHubErrors(request.body, fastifyError.validation);
      return plain(400, explained.code, explained.message, explained.field);
    }
    return plain(400, 'INPUT_TYPE', 'the request does not match its schema');
  }
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE': {
      const tooLarge = bodyTooLarge(maxBodyBytes);
      return plain(413, tooLarge.code, tooLarge.message, undefined, { ...tooLarge.headers });
    }
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return plain(415, 'UNSUPPORTED_MEDIA_TYPE', 'send Content-Type: application/json');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return plain(400, 'MALFORMED_JSON', 'the body is not valid JSON');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return plain(400, 'BAD_CONTENT_LENGTH', 'the body is not as long as its Content-Length says');
    default:
  }
  // Fastify's JSON parser throws a SyntaxError with status 400 for bad JSON (and for __proto__ keys).
  if (error instanceof SyntaxError && fastifyError.statusCode === 400) return plain(400, 'MALFORMED_JSON', 'the body is not valid JSON');
  if (fastifyError.statusCode === 503) return plain(503, 'OVERLOADED', 'the server is overloaded; retry later');
  // A client's error found by another layer, which says so with its statusCode (Fastify's convention for the
  // status of an error's answer; not `status`, which an upstream's answer may carry): @fastify/static under
  // /docs/static (403 for a path that climbs out of its directory, 400 for one with a NUL, 412, 416 for a Range
  // it cannot serve). Its status, in the API's shape; never its message, which no one here wrote.
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && Number.isInteger(status) && status >= 400 && status <= 499) {
    const range = (error as { headers?: Record<string, unknown> }).headers?.['Content-Range'];
    return plain(status, statusCodeName(status), CLIENT_ERROR_MESSAGES[status] ?? statusText(status).toLowerCase(), undefined, typeof range === 'string' ? { 'content-range': range } : {});
  }
  return { status: 500, body: errorBody('INTERNAL', 'internal error'), headers: {}, internal: true };
}

/** The messages of the client errors {@link answerFor} and {@link answerParserError} give without an error of their own. */
const CLIENT_ERROR_MESSAGES: Readonly<Record<number, string>> = {
  400: 'the request is not valid HTTP',
  403: 'this path may not be read',
  404: NOT_FOUND_MESSAGE,
  408: 'the request took longer than the server waits',
  412: 'no version of this file matches the request\'s preconditions',
  413: 'a chunk extension is longer than the server reads',
  416: 'the requested range is not within the file',
  431: 'the request\'s headers are larger than the server reads',
  501: 'the method is not one this server knows: use POST /1.0/{email,device,ip,phone,name} or POST /1.0/hub',
};

/** The reason phrase of `status` (`Range Not Satisfiable`). */
function statusText(status: number): string {
  return STATUS_CODES[status] ?? `status ${status}`;
}

/** The error code of a status, from its reason phrase, as the API's own codes are (`RANGE_NOT_SATISFIABLE`). */
function statusCodeName(status: number): string {
  return statusText(status).toUpperCase().replaceAll(/[^A-Z]+/g, '_');
}

/** A request Node's HTTP parser refused, or timed out, as Node hands it to the server's `clientError` listeners. */
export interface ParserError extends Error {
  readonly code?: string;
  /** Bytes of `rawPacket` parsed before the error. */
  readonly bytesParsed?: number;
  /** The bytes the parser was reading: a Buffer (Fastify's type says otherwise: the Buffer's JSON form). */
  readonly rawPacket?: unknown;
}

/** A method: a token (RFC 9110, section 5.6.2) followed by a space, at the start of a request line. */
const METHOD_THEN_SPACE = /^[\w!#$%&'*+.^`|~-]+ /;

/**
 * The status of a request Node's parser refused: 408 for headers or a request slower than the server's time
 * limits, 431 for headers over Node's limit, 413 for chunk extensions over it, 501 for a well-formed method
 * Node does not know (RFC 9110, section 9.1: `BREW /x HTTP/1.1`, and `post`, since methods are case-sensitive),
 * 400 for anything else; undefined for a connection error that is no request (a reset).
 */
export function parserErrorStatus(error: ParserError): number | undefined {
  switch (error.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return 408;
    case 'HPE_HEADER_OVERFLOW':
      return 431;
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return 413;
    case 'HPE_INVALID_METHOD': {
      const packet = error.rawPacket;
      if (!Buffer.isBuffer(packet)) return 400;
      // The request line that failed starts after the previous request's last line break (pipelined), if any:
      // at most 32 bytes of it are read, enough for any method Node could be missing.
      const at = Math.min(error.bytesParsed ?? 0, packet.length);
      const start = packet.lastIndexOf(0x0a, Math.max(0, at - 1)) + 1;
      return METHOD_THEN_SPACE.test(packet.toString('latin1', start, start + 32)) ? 501 : 400;
    }
    default:
      return error.code?.startsWith('HPE_') === true ? 400 : undefined;
  }
}

/**
 * Fastify's `clientErrorHandler`: the answer to a request Node's HTTP parser refused before Fastify saw it (a
 * NUL in a header, an unknown method, a malformed request line, headers too large or too slow), in the API's
 * error shape with a request id, logged at info with that id (a client's error: no stack). The connection is
 * then closed: nothing after the refused bytes can be parsed.
 */
export function answerParserError(this: FastifyInstance, error: ParserError, socket: Socket): void {
  if (socket.destroyed) return;
  const status = parserErrorStatus(error);
  if (status === undefined) {
    socket.destroy();
    return;
  }
  const id = randomUUID();
  this.log.info({ req_id: id, status, code: error.code }, 'request refused by the HTTP parser');
  // Node's own handler answers unless an answer has begun on the connection. The answer in flight may be the
  // refused request's own (a body that went wrong or too slow: Fastify waits for it), which this one replaces;
  // or that of a request read whole before the refused bytes (pipelined), which must come first: a client reads
  // answers in order. That one then closes the connection, and the refused request gets none.
  const inFlight = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage ?? undefined;
  if (inFlight !== undefined && inFlight.req.complete) {
    if (!inFlight.headersSent) inFlight.shouldKeepAlive = false;
    return;
  }
  if (socket.writable && inFlight?.headersSent !== true) {
    const body = JSON.stringify(errorBody(statusCodeName(status), CLIENT_ERROR_MESSAGES[status] ?? statusText(status).toLowerCase()));
    socket.write(
      `HTTP/1.1 ${status} ${statusText(status)}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
        `x-request-id: ${id}\r\nconnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** True when the client went away before the answer: its request was aborted, not failed. */
export function clientAborted(request: FastifyRequest, reply: FastifyReply): boolean {
  // Not request.raw.destroyed: a request read to its end is destroyed too. The socket tells.
  const socket = request.raw.socket as typeof request.raw.socket | null;
  return (socket === null || socket.destroyed) && !reply.raw.writableFinished;
}
