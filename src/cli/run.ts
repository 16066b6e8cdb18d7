import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { createChecker } from '../checker.js';
import type { Checker, CheckerOptions } from '../checker.js';
import { isIdentitySignalsError } from '../errors.js';
import { PRODUCTS, REQUIRED_FIELDS, isProductName } from '../resolve.js';
import type { ProductName } from '../scoring/index.js';
import { createServer } from '../server/index.js';
import { DEMO_INPUTS, summarise } from './demo.js';

const USAGE = `Usage:
  identity-signals email <address>
  identity-signals device <user-agent> [--header "Sec-CH-UA-Model: SM-S911B"]...
  identity-signals ip <address> [--db <file.mmdb>]...
  identity-signals phone <number> [--country <ISO alpha-2>]
  identity-signals name <first-name> <last-name>
  identity-signals batch <product> <file | -> [options]   one input a line (see below), JSON lines out
  identity-signals demo                                      checks sample inputs of every product
  identity-signals serve [--port 8080] [--host 127.0.0.1]    HTTP server (POST /1.0/<product>); API keys
                                                             from IDENTITY_SIGNALS_API_KEYS (comma-separated)

Options:
  --bands default|scorecard   band table for score_cluster (default: default)
  --compact                   one line of JSON instead of indented output
  -h, --help                  this text

Batch lines: a JSON object with the request fields of the product
({"email": …}, {"user_agent": …, "headers": {…}}, {"ip": …}, {"phone_number": …},
{"first_name": …, "last_name": …}) or a plain value ("First,Last" for names).`;

/** What the CLI writes to: injectable so tests can capture output. */
export interface CliIo {
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
  readonly stdin: NodeJS.ReadableStream;
}

type Product = ProductName;

/**
 * Runs the CLI with `argv` (without `node` and the script) and returns the
 * exit code: 0 success, 1 a data or provider error, 2 misuse.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        bands: { type: 'string' },
        compact: { type: 'boolean', default: false },
        header: { type: 'string', multiple: true },
        db: { type: 'string', multiple: true },
        country: { type: 'string' },
        port: { type: 'string' },
        host: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  if (values.help || command === undefined) {
    (values.help ? io.out : io.err)(USAGE);
    return values.help ? 0 : 2;
  }
  if (values.bands !== undefined && values.bands !== 'default' && values.bands !== 'scorecard') {
    io.err(`--bands must be default or scorecard, got ${values.bands}`);
    return 2;
  }
  const options: CheckerOptions = {
    ...(values.bands === undefined ? {} : { scoring: { bands: values.bands } }),
    ...(values.db === undefined ? {} : { ip: { databases: values.db } }),
    ...(values.country === undefined ? {} : { phone: { defaultCountry: values.country } }),
  };
  const print = (value: unknown) => io.out(values.compact ? JSON.stringify(value) : JSON.stringify(value, null, 2));

  try {
    const checker = createChecker(options);
    const headers = parseHeaders(values.header ?? []);
    switch (command) {
      case 'demo':
        for (const input of DEMO_INPUTS) io.out(summarise(input, checker));
        return 0;
      case 'serve':
        return await serve(checker, values.port ?? '8080', values.host ?? '127.0.0.1', io);
      case 'batch': {
        const [product, file] = rest;
        if (!isProductName(product) || file === undefined) {
          io.err(`batch needs a product (${PRODUCTS.join(', ')}) and a file or -\n\n${USAGE}`);
          return 2;
        }
        return await runBatch(checker, product, file, io);
      }
      default: {
        if (!isProductName(command)) {
          io.err(`unknown command "${command}"\n\n${USAGE}`);
          return 2;
        }
        const needed = command === 'name' ? 2 : 1;
        if (rest.length !== needed) {
          io.err(`${command} takes ${needed === 2 ? 'a first and a last name' : 'one value'} (quote values with spaces)\n\n${USAGE}`);
          return 2;
        }
        print(checkOne(checker, command, rest, { headers }));
        return 0;
      }
    }
  } catch (error) {
    if (isIdentitySignalsError(error)) {
      io.err(`${error.name} ${error.code}: ${error.message}`);
      return error.name === 'InputError' ? 2 : 1;
    }
    throw error;
  }
}

async function serve(checker: Checker, port: string, host: string, io: CliIo): Promise<number> {
  const apiKeys = (process.env.IDENTITY_SIGNALS_API_KEYS ?? '').split(',').map((k) => k.trim()).filter(Boolean);
  if (apiKeys.length === 0) {
    io.err('serve needs at least one API key in IDENTITY_SIGNALS_API_KEYS (comma-separated)');
    return 2;
  }
  const portNumber = Number(port);
  if (!Number.isInteger(portNumber) || portNumber < 0 || portNumber > 65535) {
    io.err(`--port must be 0..65535, got ${port}`);
    return 2;
  }
  checker.preload();
  const server = createServer({ apiKeys, checker });
  await new Promise<void>((ok) => server.listen(portNumber, host, ok));
  io.err(`identity-signals listening on http://${host}:${portNumber}/1.0/<product>`);
  await new Promise<void>((done) => server.on('close', done));
  return 0;
}

function parseHeaders(lines: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** Per-input extras: client-hint headers for device, a default country for phone. */
interface CheckExtras {
  readonly headers?: Record<string, string>;
  readonly defaultCountry?: string;
}

/** The one product → check dispatch of the CLI. Non-string values throw InputError, like the checks. */
function checkOne(checker: Checker, product: Product, values: readonly unknown[], extras: CheckExtras = {}): unknown {
  const [a, b] = values as string[];
  switch (product) {
    case 'email':
      return checker.email(a!);
    case 'device':
      return checker.device(a!, extras.headers !== undefined && Object.keys(extras.headers).length > 0 ? { headers: extras.headers } : undefined);
    case 'ip':
      return checker.ip(a!);
    case 'phone':
      return checker.phone(a!, extras.defaultCountry === undefined ? undefined : { defaultCountry: extras.defaultCountry });
    case 'name':
      return checker.name(a!, b!);
  }
}

/** Reads one input a line and writes one JSON result a line; a bad line gives an error object, not a stop. */
async function runBatch(checker: Checker, product: Product, file: string, io: CliIo): Promise<number> {
  const input = file === '-' ? io.stdin : createReadStream(file);
  const lines = createInterface({ input, crlfDelay: Infinity });
  let lineNo = 0;
  for await (const line of lines) {
    lineNo++;
    if (line.trim() === '') continue;
    try {
      io.out(JSON.stringify(checkLine(checker, product, line)));
    } catch (error) {
      if (!isIdentitySignalsError(error)) throw error;
      io.out(JSON.stringify({ line: lineNo, error: { code: error.code, message: error.message } }));
    }
  }
  return 0;
}

function checkLine(checker: Checker, product: Product, line: string): unknown {
  const trimmed = line.trim();
  if (trimmed.startsWith('{')) {
    let request: Record<string, unknown>;
    try {
      request = JSON.parse(trimmed) as Record<string, unknown>;
    } catch {
      return { error: { code: 'INPUT_TYPE', message: 'line is not valid JSON' } };
    }
    // The request fields of the spec's endpoints, as resolve() reads them.
    return checkOne(checker, product, REQUIRED_FIELDS[product].map((field) => request[field]), {
      headers: request.headers as Record<string, string> | undefined,
      defaultCountry: request.default_country as string | undefined,
    });
  }
  if (product === 'name') {
    const comma = trimmed.indexOf(',');
    return comma < 0 ? checker.name(trimmed, '') : checker.name(trimmed.slice(0, comma), trimmed.slice(comma + 1));
  }
  return checkOne(checker, product, [trimmed]);
}
