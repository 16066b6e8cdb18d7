import fastJson from 'fast-json-stringify';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { compileSerializer } from '../../src/server/serializer.js';

// The server's own response serialiser takes the schema keywords that change
// nothing on the wire (bounds, lengths, patterns) and writes what
// fast-json-stringify writes; it refuses, when the route is built, the
// string formats fast-json-stringify writes differently (dates from Date
// objects), and an array without one items schema, naming where.

describe('compileSerializer: keywords', () => {
  it.each([
    ['exclusiveMaximum', Type.Number({ exclusiveMaximum: 10 }), 9.5],
    ['exclusiveMinimum', Type.Number({ exclusiveMinimum: 0 }), 0.5],
    ['multipleOf', Type.Integer({ multipleOf: 5 }), 15],
    ['pattern', Type.String({ pattern: '^a' }), 'abc'],
    ['uniqueItems', Type.Array(Type.String(), { uniqueItems: true }), ['a', 'b']],
  ])('%s: taken, written as fast-json-stringify writes it', (_keyword, schema, value) => {
    const object = Type.Object({ v: schema }, { additionalProperties: false });
    expect(compileSerializer(object)({ v: value })).toBe(fastJson(object)({ v: value }));
  });

  it.each(['date-time', 'date', 'time', 'unsafe'])('format %s: refused when compiled, naming the place', (format) => {
    expect(() => compileSerializer(Type.Object({ at: Type.String({ format }) }, { additionalProperties: false }))).toThrow(new RegExp(`format "${format}"`));
  });

  it('format uuid (no special writing): taken', () => {
    const schema = Type.Object({ id: Type.String({ format: 'uuid' }) }, { additionalProperties: false });
    expect(compileSerializer(schema)({ id: '2f1c4f5e-8b9a-4c6d-9e0f-1a2b3c4d5e6f' })).toBe('{"id":"2f1c4f5e-8b9a-4c6d-9e0f-1a2b3c4d5e6f"}');
  });

  it('an array with a list of item schemas: refused, naming the place', () => {
    const schema = Type.Object({ pair: Type.Unsafe({ type: 'array', items: [{ type: 'string' }, { type: 'number' }] }) }, { additionalProperties: false });
    expect(() => compileSerializer(schema)).toThrow(/pair.*items/);
  });
});
