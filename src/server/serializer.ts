/**
 * The response serialiser of the server (Fastify's `serializerCompiler`):
 * each route's response schema, the same TypeBox schema the OpenAPI
 * document shows, is compiled once into a function that copies the answer
 * into a fresh object holding exactly the schema's properties, in the
 * order fast-json-stringify (Fastify's default serialiser) writes them
 * (required first), each value as it writes it; the copy is then written by
 * the native `JSON.stringify`.
 *
 * Why not fast-json-stringify itself: on this Node (V8 before 13.8) it
 * escapes every string shorter than 42 characters in a JavaScript loop and
 * builds the answer by string concatenation, which the socket write then has
 * to flatten; an answer is a few hundred short strings, and in the load test
 * that cost more CPU per request than the native writer (docs/perf.md)
 * (fast-json-stringify itself switches to this copy-and-stringify method,
 * "projection", on V8 13.8 and later). The output is the same, byte for
 * byte (test/server/serializer.test.ts compares the two on every
 * route's examples): what the schema does not declare is left out, a
 * missing required property throws, `undefined` is left out, a `const` is
 * written as the schema says, and a value of another type is coerced as
 * fast-json-stringify coerces it.
 *
 * The API routes' 200 answers (the library's results) do not go through
 * it: {@link resultSerializerCompiler} writes them as they are.
 *
 * The schema vocabulary is the one the server's schemas use (object,
 * array, string, number, integer, boolean, `[type, "null"]`, `enum`,
 * `const`, annotations); a schema using anything else is refused when the
 * route is registered, not answered wrong.
 */

/** A JSON schema as the compiler reads it. */
type Schema = Readonly<Record<string, unknown>>;

/** Keywords that change nothing on the wire: annotations, and checks only a validator makes. */
const IGNORED = new Set([
  'title',
  'description',
  'examples',
  'example',
  '$comment',
  'deprecated',
  'readOnly',
  'writeOnly',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
  'uniqueItems',
  'enum',
  '$id',
  '$schema',
]);
/** The string formats fast-json-stringify writes differently (dates from Date objects): not supported here. */
const DATE_FORMATS = new Set(['date-time', 'date', 'time', 'unsafe']);

/** Helpers the generated code calls: the coercions of fast-json-stringify's serializer, for values not of the declared type. */
const helpers = {
  string(value: unknown): string {
    if (value === null) return '';
    if (value instanceof Date) return value.toISOString();
    if (value instanceof RegExp) return value.source;
    return (value as { toString(): string }).toString();
  },
  number(value: unknown): number | null {
    const n = Number(value);
    if (Number.isNaN(n)) throw new Error(`The value "${String(value)}" cannot be converted to a number.`);
    return Number.isFinite(n) ? n : null;
  },
  integer(value: unknown): number {
    if (typeof value === 'bigint') throw new Error(`The value "${String(value)}" is a bigint: not supported by this serializer.`);
    const n = Math.trunc(value as number);
    if (!Number.isFinite(n)) throw new Error(`The value "${String(value)}" cannot be converted to an integer.`);
    return n;
  },
  required(name: string): never {
    throw new Error(`"${name}" is required!`);
  },
  /** A value none of a type list's types fits, or a non-array where the schema says array. */
  mismatch(where: string): never {
    throw new TypeError(`The value of '${where}' does not match schema definition.`);
  },
};

/** Refuses a schema with a keyword this compiler does not implement. */
function supported(schema: Schema, where: string, allowed: readonly string[]): void {
  for (const key of Object.keys(schema)) {
    if (IGNORED.has(key) || allowed.includes(key)) continue;
    throw new Error(`response schema at ${where}: keyword "${key}" is not supported by the server's serializer`);
  }
  if (typeof schema.format === 'string' && DATE_FORMATS.has(schema.format)) {
    throw new Error(`response schema at ${where}: format "${schema.format}" is not supported by the server's serializer`);
  }
}

/** Generates the source of the functions that copy values of `root`'s shape; returns the name of the root's function. */
function generate(root: Schema): string {
  const functions: string[] = [];
  let counter = 0;

  /** An expression for the value `input` written as `schema` says. */
  function value(schema: Schema, input: string, where: string): string {
    if (schema.const !== undefined) {
      supported(schema, where, ['const', 'type']);
      const literal = JSON.stringify(schema.const);
      return Array.isArray(schema.type) && schema.type.includes('null') ? `(${input} === null ? null : ${literal})` : literal;
    }
    const type = schema.type;
    if (type === undefined) {
      // No type (a bare enum): fast-json-stringify writes the value as JSON.stringify would.
      supported(schema, where, []);
      return input;
    }
    if (Array.isArray(type)) return multiType(schema, type as readonly string[], input, where);
    return single(schema, type as string, input, where);
  }

  /** `checked`: the schema's keywords were checked against every type of its type list already. */
  function single(schema: Schema, type: string, input: string, where: string, checked = false): string {
    const own = (allowed: readonly string[]) => checked || supported(schema, where, allowed);
    switch (type) {
      case 'string':
        own(['type']);
        return `(typeof ${input} === 'string' ? ${input} : h.string(${input}))`;
      case 'number':
        own(['type']);
        return `(typeof ${input} === 'number' && Number.isFinite(${input}) ? ${input} : h.number(${input}))`;
      case 'integer':
        own(['type']);
        return `(Number.isInteger(${input}) ? ${input} : h.integer(${input}))`;
      case 'boolean':
        own(['type']);
        return `(typeof ${input} === 'boolean' ? ${input} : Boolean(${input}))`;
      case 'null':
        own(['type']);
        return 'null';
      case 'object':
        return `${object(schema, where, checked)}(${input})`;
      case 'array':
        return `${array(schema, where, checked)}(${input})`;
      default:
        throw new Error(`response schema at ${where}: type "${type}" is not supported by the server's serializer`);
    }
  }

  /** `[T, "null"]` and other type lists: the first type whose test the value passes, null first (fast-json-stringify's order). */
  function multiType(schema: Schema, types: readonly string[], input: string, where: string): string {
    const ordered = [...types].sort((a) => (a === 'null' ? -1 : 1));
    const tests: Record<string, string> = {
      null: `${input} === null`,
      string: `(typeof ${input} === 'string' || ${input} instanceof Date || ${input} instanceof RegExp || (typeof ${input} === 'object' && typeof ${input}.toString === 'function' && ${input}.toString !== Object.prototype.toString))`,
      array: `Array.isArray(${input})`,
      integer: `Number.isInteger(${input})`,
      object: `(typeof ${input} === 'object' && !Array.isArray(${input}))`,
      number: `typeof ${input} === 'number'`,
      boolean: `typeof ${input} === 'boolean'`,
    };
    supported(schema, where, ['type', 'properties', 'required', 'additionalProperties', 'items']);
    let expression = `h.mismatch(${JSON.stringify(where)})`;
    for (const type of ordered.reverse()) {
      const test = tests[type];
      if (test === undefined) throw new Error(`response schema at ${where}: type "${type}" is not supported by the server's serializer`);
      expression = `(${test} ? ${single(schema, type, input, where, true)} : ${expression})`;
    }
    return expression;
  }

  function object(schema: Schema, where: string, checked = false): string {
    if (!checked) supported(schema, where, ['type', 'properties', 'required', 'additionalProperties']);
    if (schema.additionalProperties !== undefined && schema.additionalProperties !== false) {
      throw new Error(`response schema at ${where}: additionalProperties other than false is not supported by the server's serializer`);
    }
    const name = `o${counter++}`;
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    const required = new Set((schema.required ?? []) as readonly string[]);
    const lines: string[] = [];
    const fields: string[] = [];
    // fast-json-stringify's order: the required properties first, each group in the schema's order;
    // a required name the schema does not describe is only checked for.
    const keys = Object.keys(properties).sort((a, b) => Number(required.has(b)) - Number(required.has(a)));
    for (const key of required) if (!Object.hasOwn(properties, key)) lines.push(`if (o[${JSON.stringify(key)}] === undefined) h.required(${JSON.stringify(key)});`);
    let i = 0;
    for (const key of keys) {
      const child = properties[key]!;
      const v = `v${i++}`;
      lines.push(`const ${v} = o[${JSON.stringify(key)}];`);
      if (required.has(key)) lines.push(`if (${v} === undefined) h.required(${JSON.stringify(key)});`);
      // An absent (undefined) value stays undefined, which JSON.stringify leaves out, as fast-json-stringify does.
      fields.push(`${JSON.stringify(key)}: ${v} === undefined ? undefined : ${value(child, v, `${where}/properties/${key}`)}`);
    }
    functions.push(
      `function ${name}(input) {
        const o = input !== null && typeof input === 'object' && typeof input.toJSON === 'function' ? input.toJSON() : input;
        if (o === null) return {};
        ${lines.join('\n')}
        return { ${fields.join(', ')} };
      }`,
    );
    return name;
  }

  function array(schema: Schema, where: string, checked = false): string {
    if (!checked) supported(schema, where, ['type', 'items']);
    const items = schema.items as Schema | undefined;
    if (items === undefined || Array.isArray(items)) throw new Error(`response schema at ${where}: an array needs one items schema for the server's serializer`);
    const name = `a${counter++}`;
    functions.push(
      `function ${name}(input) {
        if (input === null) return [];
        if (!Array.isArray(input)) h.mismatch(${JSON.stringify(where)});
        const out = new Array(input.length);
        for (let i = 0; i < input.length; i++) { const item = input[i]; out[i] = ${value(items, 'item', `${where}/items`)}; }
        return out;
      }`,
    );
    return name;
  }

  const top = value(root, 'input', '#');
  return `${functions.join('\n')}\nreturn function serialize(input) { return JSON.stringify(${top}); };`;
}

/**
 * The serialiser of each schema object compiled so far: every route shares the same error schemas (the API
 * server's 54 route and status pairs hold 3 schema objects), so each is generated and compiled once.
 */
const compiled = new WeakMap<object, (data: unknown) => string>();

/**
 * Compiles a response schema into its serialiser: `(data) => JSON text`,
 * the same function again for the same schema object. Throws for a schema
 * outside the supported vocabulary (see the module's description).
 */
export function compileSerializer(schema: object): (data: unknown) => string {
  let serialize = compiled.get(schema);
  if (serialize === undefined) {
    // The code is generated from the server's own schemas (property names and consts are quoted with
    // JSON.stringify), as fast-json-stringify and Ajv generate theirs: straight-line property reads.
    serialize = new Function('h', generate(schema as Schema))(helpers) as (data: unknown) => string;
    compiled.set(schema, serialize);
  }
  return serialize;
}

/** Fastify's `serializerCompiler` option: called per route and status, one serialiser per schema object. */
export function serializerCompiler({ schema }: { schema: object }): (data: unknown) => string {
  return compileSerializer(schema);
}

/** Writes a result object as it is: the native writer, nothing copied. */
const writeResult = (data: unknown): string => JSON.stringify(data);

/**
 * The `serializerCompiler` of the API's routes (`POST /1.0/<product>`,
 * `POST /1.0/hub`): a 200 is written by the native `JSON.stringify` of the
 * result object itself, every other status by {@link compileSerializer}.
 *
 * Why the result is not copied through its schema: the result objects are
 * the library's own, built to the TypeBox types of the very schemas the
 * routes declare (test/package/types/server-schemas.test-d.ts checks the types), so
 * the copy removed nothing and changed nothing; it only cost CPU on every
 * answer (docs/perf.md). Written as they are, the answers are
 * again byte for byte what the hand-written server wrote (its fields in the
 * library's order, where the copy put required fields first). What keeps
 * this honest is a test, not the types alone: test/server/answers.test.ts
 * sends a corpus of real inputs through every API route and validates each
 * answer against its response schema (every object closed to undeclared
 * fields) with the server's own Ajv, and checks the schema's copy of each
 * answer has the same content.
 */
export function resultSerializerCompiler(route: { schema: object; httpStatus?: string }): (data: unknown) => string {
  return route.httpStatus === '200' ? writeResult : compileSerializer(route.schema);
}
