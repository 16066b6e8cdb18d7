/**
 * The server's `application/json` body parser: Fastify's own answers,
 * cheaper for the bodies this API gets.
 *
 * Fastify's default parser runs secure-json-parse, which is `JSON.parse`
 * plus a refusal of `__proto__` and `constructor` keys, and refuses a body
 * that is not JSON with a `FST_ERR_CTP_INVALID_JSON_BODY` error. Both errors
 * it makes on the way (the SyntaxError of `JSON.parse`, then Fastify's)
 * capture a stack trace, though neither is ever logged: a malformed body is
 * an answer (400), not a fault. In bench/server-cpu.ts a malformed body
 * cost much more CPU than in the hand-written server, most of it those two
 * stacks under Fastify's deep call chain (docs/perf.md).
 *
 * This parser parses with the stack capture off and refuses with the same
 * Fastify error, made without a stack. A body that could hold one of the
 * forbidden keys — the text contains `__proto__` or `constructor`, or a
 * backslash (a key can be spelt with `\u` escapes) — and an empty body or
 * one starting with a byte-order mark go to Fastify's own parser, so those
 * are answered exactly as before; for every other text secure-json-parse's
 * checks cannot match, and it returns what `JSON.parse` returns.
 * test/server/json-body.test.ts compares both parsers on such bodies.
 */
import { errorCodes } from 'fastify';
import type { FastifyBodyParser, FastifyInstance } from 'fastify';

/** What may make secure-json-parse act (a forbidden key, perhaps escaped) or JSON.parse differ from it (a BOM). */
function needsDefaultParser(text: string): boolean {
  return text.length === 0 || text.charCodeAt(0) === 0xfeff || text.includes('\\') || text.includes('__proto__') || text.includes('constructor');
}

/**
 * Replaces the `application/json` parser of `app` (and its child scopes)
 * with the one described in the module's documentation.
 */
export function useJsonBodyParser(app: FastifyInstance): void {
  const fallback = app.getDefaultJsonParser('error', 'error') as FastifyBodyParser<string>;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (needsDefaultParser(text)) {
      fallback.call(app, request, text, done);
      return;
    }
    // Stack traces off while parsing: the errors made are answers, and their stacks are never read.
    // Inline, not a helper taking a closure: this runs on every request with a JSON body.
    let value: unknown;
    let malformed: Error | null = null;
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      value = JSON.parse(text);
    } catch {
      malformed = new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY();
    } finally {
      Error.stackTraceLimit = limit;
    }
    done(malformed, value);
  });
}
