import { parseArgs } from 'node:util';
import { countryHint, readCountry } from '../batch/country.js';
import { quoteInput } from '../common/quoteInput.js';
import { PRODUCTS, isProductName } from '../resolve.js';
import type { ProductName } from '../scoring/index.js';
import { FLAGS, flagsOf, isCommandName } from './usage.js';
import type { CommandName, FlagName } from './usage.js';

/**
 * Misuse of the command line: one line saying what is wrong, then the usage of
 * `usage` (a command, the general usage, or none for a fault such as a missing
 * file where the usage would only bury the line). Exit code 2.
 */
export class UsageError extends Error {
  override readonly name = 'UsageError';

  constructor(
    message: string,
    readonly usage: CommandName | 'general' | 'none',
  ) {
    super(message);
  }
}

/**
 * A flag's whole-number value in `min..max`, or `undefined` when the flag
 * was not given; anything else is a usage fault of `command`.
 */
export function wholeFlag(flags: Flags, name: FlagName, min: number, max: number, command: CommandName): number | undefined {
  const value = flags.given.get(name)?.[0];
  if (value === undefined) return undefined;
  if (!/^\d{1,10}$/.test(value) || Number(value) < min || Number(value) > max) throw new UsageError(`--${name} must be a whole number ${min}..${max}, got ${quoted(value)}`, command);
  return Number(value);
}

/** The values of the flags given, checked against what their command takes. */
export interface Flags {
  readonly bands?: 'default' | 'scorecard';
  readonly compact: boolean;
  readonly header: readonly string[];
  readonly db: readonly string[];
  /** `--country`, checked (see readCountry) and upper-cased. */
  readonly country?: string;
  readonly port: number;
  readonly host: string;
  /** Every flag given, by name: the values of string flags, `[]` for booleans (batch and worker read theirs from here). */
  readonly given: ReadonlyMap<FlagName, readonly string[]>;
}

/** A command line read and checked: the command, its arguments and its flags. */
export interface CommandLine {
  /** `undefined` when only `--help` or `--version` was given. */
  readonly command: CommandName | undefined;
  /** The arguments after the command, their number checked. */
  readonly args: readonly string[];
  /** `--help`, `-h` or `help <command>`: print the usage, whatever else is wrong. */
  readonly help: boolean;
  readonly version: boolean;
  readonly flags: Flags;
}

// Every flag is parsed for every command; which command takes which is
// checked afterwards, so `name Jane Doe --db x.mmdb` can say "name does not
// take --db" instead of being accepted (or failing in node's own words).
const PARSE_OPTIONS = Object.fromEntries(
  Object.entries(FLAGS).map(([name, flag]) => [name, { type: flag.type, ...(name === 'help' ? { short: 'h' } : {}) }]),
) as Record<FlagName, { type: 'string' | 'boolean'; short?: string }>;

/**
 * A value the person typed, in quotes and cut so a pasted blob cannot flood
 * the terminal: {@link quoteInput}, the library's one rule for echoing input
 * (64 characters, then `…` and the length), named for the CLI's call sites.
 */
export function quoted(value: string): string {
  return quoteInput(value);
}

const REPEATABLE: ReadonlySet<FlagName> = new Set(['header', 'db', 'map']);
const PORT = /^\d{1,5}$/;

/**
 * Reads `argv` (without `node` and the script). Throws {@link UsageError} for
 * any misuse: an unknown command or flag, a flag the command does not take, a
 * flag without its value or given twice, a wrong number of arguments.
 */
export function parseCommandLine(argv: readonly string[]): CommandLine {
  const { positionals, tokens } = parseArgs({ args: [...argv], strict: false, allowPositionals: true, tokens: true, options: PARSE_OPTIONS });
  let [first, ...args] = positionals;
  let help = tokens.some((token) => token.kind === 'option' && token.name === 'help');
  if (first === 'help') {
    // `help email` reads as `email --help`.
    help = true;
    [first, ...args] = args;
  }
  if (first !== undefined && !isCommandName(first)) throw new UsageError(`unknown command ${quoted(first)}`, 'general');
  const command = first;
  const empty: Flags = { compact: false, header: [], db: [], port: 8080, host: '127.0.0.1', given: new Map() };
  // Help wins over every other fault: a person asking for it gets it.
  if (help) return { command, args, help, version: false, flags: empty };

  const product = command === 'batch' && isProductName(args[0]) ? args[0] : undefined;
  const allowed: readonly FlagName[] = command === undefined ? ['help', 'version'] : flagsOf(command, product);
  const strings = new Map<FlagName, string[]>();
  const booleans = new Set<FlagName>();
  for (const token of tokens) {
    if (token.kind !== 'option') continue;
    const name = token.name as FlagName;
    if (!Object.hasOwn(FLAGS, name)) throw new UsageError(`unknown option ${quoteInput(token.rawName)}`, command ?? 'general');
    if (!allowed.includes(name)) {
      throw new UsageError(
        command === undefined ? `${token.rawName} goes after a command` : `${command}${product ? ` ${product}` : ''} does not take ${token.rawName}`,
        command ?? 'general',
      );
    }
    if (FLAGS[name].type === 'boolean') {
      if (token.value !== undefined) throw new UsageError(`${token.rawName} takes no value`, command ?? 'general');
      booleans.add(name);
      continue;
    }
    // A value that looks like a flag is the next flag, not this one's value
    // (`--bands --compact`); write `--bands=-x` to mean it. A lone `-` is stdin/stdout (`--input -`).
    if (token.value === undefined || (!token.inlineValue && token.value.startsWith('-') && token.value !== '-')) {
      throw new UsageError(`${token.rawName} needs a value${name === 'bands' ? ': default or scorecard' : ''}`, command ?? 'general');
    }
    const values = strings.get(name) ?? [];
    if (values.length > 0 && !REPEATABLE.has(name)) throw new UsageError(`${token.rawName} is given twice`, command ?? 'general');
    strings.set(name, [...values, token.value]);
  }
  const version = booleans.has('version');
  if (command === undefined) return { command, args, help, version, flags: empty };

  checkArgumentCount(command, args, strings);
  const one = (name: FlagName) => strings.get(name)?.[0];
  const bands = one('bands');
  if (bands !== undefined && bands !== 'default' && bands !== 'scorecard') {
    throw new UsageError(`--bands must be default or scorecard, got ${quoted(bands)}`, command);
  }
  const port = one('port') ?? '8080';
  if (!PORT.test(port) || Number(port) > 65_535) throw new UsageError(`--port must be a whole number 0..65535, got ${quoted(port)}`, command);
  const countryGiven = one('country');
  const country = countryGiven === undefined ? undefined : readCountry(countryGiven);
  if (countryGiven !== undefined && country === undefined) {
    const hint = countryHint(countryGiven);
    throw new UsageError(`--country takes an ISO 3166-1 alpha-2 country code such as GB or IT, got ${quoted(countryGiven)}${hint === undefined ? '' : ` (${hint})`}`, command);
  }
  return {
    command,
    args,
    help,
    version,
    flags: {
      ...(bands === undefined ? {} : { bands }),
      compact: booleans.has('compact'),
      header: strings.get('header') ?? [],
      db: strings.get('db') ?? [],
      ...(country === undefined ? {} : { country }),
      port: Number(port),
      host: one('host') ?? '127.0.0.1',
      given: new Map<FlagName, readonly string[]>([...strings, ...[...booleans].map((name): [FlagName, readonly string[]] => [name, []])]),
    },
  };
}

function checkArgumentCount(command: CommandName, args: readonly string[], strings: ReadonlyMap<FlagName, readonly string[]>): void {
  switch (command) {
    case 'name':
      if (args.length !== 2) throw new UsageError('name takes a first and a last name (quote values with spaces)', command);
      return;
    case 'batch':
      if (strings.has('input')) {
        if (args.length > 0) throw new UsageError(`batch --input takes no other arguments, got ${quoted(args[0]!)} (the products come from the columns)`, command);
        return;
      }
      if (args.length === 0) throw new UsageError('batch needs --input <file | -> (or the one-product form: batch <product> <file | ->)', command);
      if (args.length !== 2 || !isProductName(args[0])) {
        throw new UsageError(`batch takes a product (${PRODUCTS.join(', ')}) and a file or -`, command);
      }
      return;
    case 'evaluate':
    case 'tune':
      if (args.length > 0) throw new UsageError(`${command} takes no arguments, got ${quoted(args[0]!)} (options start with --)`, command);
      if (!strings.has('input')) throw new UsageError(`${command} needs --input <file>: a labelled CSV or NDJSON file`, command);
      if (!strings.has('label')) throw new UsageError(`${command} needs --label <Column>: the column that says abusive (1, true, bad) or genuine (0, false, good)`, command);
      if (command === 'tune' && !strings.has('out')) throw new UsageError('tune needs --out <scoring.json>: where the scoring file goes', command);
      return;
    case 'worker':
      if (!strings.has('queue')) throw new UsageError('worker needs --queue redis://host:port', command);
      if (args.length > 0) throw new UsageError(`worker takes no arguments, got ${quoted(args[0]!)} (options start with --)`, command);
      return;
    case 'data':
    case 'webhooks':
      // Each subcommand checks its own arguments (src/cli/data.ts, src/cli/webhooks.ts).
      return;
    case 'demo':
    case 'serve':
    case 'identity':
      if (args.length > 0) throw new UsageError(`${command} takes no arguments, got ${quoted(args[0]!)} (options start with --)`, command);
      return;
    default:
      if (args.length !== 1) throw new UsageError(`${command} takes one value (quote values with spaces)`, command);
  }
}

/** The product of a checked `batch` command line. */
export function batchProduct(line: CommandLine): ProductName {
  const product = line.args[0];
  if (!isProductName(product)) throw new UsageError(`batch takes a product (${PRODUCTS.join(', ')}) and a file or -`, 'batch');
  return product;
}
