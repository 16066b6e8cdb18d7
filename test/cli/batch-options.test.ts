import { describe, expect, it } from 'vitest';
import { UsageError, parseCommandLine } from '../../src/cli/args.js';
import { batchFileOptions } from '../../src/cli/batch.js';

// `batch --input`'s command line read into the options of a run, in process,
// so that mutation testing sees it (test/cli/batch-bin.test.ts runs the built bin,
// where Stryker cannot switch mutants on). Every fault is a UsageError before
// a file is opened: its message and which usage follows it are asserted.

/** The options of `batch --input in.csv <flags>`, with the environment given. */
const optionsOf = (flags: readonly string[], env: Record<string, string> = {}) => batchFileOptions(parseCommandLine(['batch', '--input', 'in.csv', ...flags]).flags, env);

/** The UsageError `batch --input in.csv <flags>` throws: message and usage. */
function faultOf(flags: readonly string[], argv: readonly string[] = ['batch', '--input', 'in.csv']): { message: string; usage: string } {
  try {
    batchFileOptions(parseCommandLine([...argv, ...flags]).flags, {});
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return { message: (error as UsageError).message, usage: (error as UsageError).usage };
  }
  throw new Error(`no UsageError for ${flags.join(' ')}`);
}

describe('batch --input: the options of a run', () => {
  it('the defaults: stdout, NDJSON, no map, not quiet, nothing skipped, no chunk size, the package\'s checker', () => {
    expect(optionsOf([])).toStrictEqual({ input: 'in.csv', output: '-', outputFormat: 'ndjson', maps: {}, quiet: false, allowRejects: false, skip: 0, checker: {} });
  });

  it('every flag lands in its option', () => {
    const options = optionsOf([
      '--output', 'out.csv', '--format', 'csv', '--delimiter', 'tab', '--fields', ' line, email.score ,,phone.country ',
      '--map', 'email=Mail', '--map', 'name=First+Last', '--map', 'phone=', '--quiet', '--rejects', 'bad.ndjson', '--allow-rejects',
      '--report', 'r.html', '--skip', '12', '--chunk', '50', '--bands', 'scorecard', '--country', 'IT', '--db', 'a.mmdb', '--db', 'b.mmdb', '--data', 'bundle',
    ]);
    expect(options).toStrictEqual({
      input: 'in.csv',
      output: 'out.csv',
      delimiter: '\t',
      outputFormat: 'csv',
      fields: ['line', 'email.score', 'phone.country'],
      maps: { email: ['Mail'], name: ['First', 'Last'], phone: [] },
      quiet: true,
      rejects: 'bad.ndjson',
      allowRejects: true,
      report: 'r.html',
      skip: 12,
      chunkRows: 50,
      checker: { bands: 'scorecard', country: 'IT', databases: ['a.mmdb', 'b.mmdb'], data: 'bundle' },
    });
  });

  it.each([
    [',', ','],
    [';', ';'],
    ['tab', '\t'],
    ['\t', '\t'],
    ['|', '|'],
  ])('--delimiter %j is %j', (name, delimiter) => {
    expect(optionsOf(['--delimiter', name]).delimiter).toBe(delimiter);
  });

  it('--format ndjson is accepted as written', () => {
    expect(optionsOf(['--format', 'ndjson']).outputFormat).toBe('ndjson');
  });

  it('the data bundle: --data, else IDENTITY_SIGNALS_DATA; an empty variable is none', () => {
    expect(optionsOf([], { IDENTITY_SIGNALS_DATA: '/srv/bundle' }).checker).toEqual({ data: '/srv/bundle' });
    expect(optionsOf(['--data', 'mine'], { IDENTITY_SIGNALS_DATA: '/srv/bundle' }).checker).toEqual({ data: 'mine' });
    expect(optionsOf([], { IDENTITY_SIGNALS_DATA: '' }).checker).toStrictEqual({});
    // Without the environment argument: none.
    expect(batchFileOptions(parseCommandLine(['batch', '--input', 'in.csv']).flags).checker).toEqual({});
  });

  it('with --queue the bundle is each worker\'s: IDENTITY_SIGNALS_DATA is not passed on', () => {
    const options = optionsOf(['--queue', 'redis://127.0.0.1:1'], { IDENTITY_SIGNALS_DATA: '/srv/bundle' });
    expect(options.checker).toEqual({});
    expect(optionsOf(['--queue', 'rediss://cache.example:6380/2']).input).toBe('in.csv');
  });

  it('--skip and --chunk at their bounds', () => {
    expect(optionsOf(['--skip', '0']).skip).toBe(0);
    expect(optionsOf(['--skip', '999999999']).skip).toBe(999_999_999);
    expect(optionsOf(['--chunk', '1']).chunkRows).toBe(1);
    expect(optionsOf(['--chunk', '100000']).chunkRows).toBe(100_000);
  });

  it('stdin in, files out; - for --output is stdout', () => {
    const options = batchFileOptions(parseCommandLine(['batch', '--input', '-', '--output', '-', '--rejects', 'r.ndjson']).flags, {});
    expect(options).toMatchObject({ input: '-', output: '-', rejects: 'r.ndjson' });
  });

  it.each([
    [['--format', 'xml'], '--format must be csv or ndjson, got "xml"'],
    [['--delimiter', ':'], '--delimiter must be , ; tab or |, got ":"'],
    [['--map', 'email'], '--map takes product=Column, got "email"'],
    [['--map', 'fax=Fax'], '--map fax=Fax: "fax" is not a product (email, device, ip, phone, name) or country'],
    [['--fields', 'line'], '--fields chooses the columns of --format csv'],
    [['--format', 'ndjson', '--fields', 'line'], '--fields chooses the columns of --format csv'],
    [['--format', 'csv', '--fields', ' , ,'], '--fields needs at least one column'],
    [['--queue', 'http://x'], '--queue takes a Redis URL (redis://host:port), got "http://x"'],
    [['--queue', 'xredis://x'], '--queue takes a Redis URL (redis://host:port), got "xredis://x"'],
    [['--queue', 'redis://x', '--workers', '2'], '--workers is for the worker processes when the chunks go to --queue'],
    [['--queue', 'redis://x', '--db', 'a.mmdb'], 'with --queue, give --db to each worker (the databases are on their machines)'],
    [['--queue', 'redis://x', '--data', 'bundle'], 'with --queue, give --data to each worker (the data bundle is on their machines)'],
    [['--output', 'in.csv'], 'in.csv is the input: writing there would destroy it'],
    [['--rejects', 'in.csv'], 'in.csv is the input: writing there would destroy it'],
    [['--report', 'in.csv'], 'in.csv is the input: writing there would destroy it'],
    // Neither exists here: the same folder and name is the same file all the same.
    [['--output', './in.csv'], './in.csv is the input (in.csv): writing there would destroy it'],
    [['--rejects', 'no-such-folder/../in.csv'], 'no-such-folder/../in.csv is the input (in.csv): writing there would destroy it'],
    [['--output', 'a', '--rejects', 'a'], '--output, --rejects and --report must be different files'],
    [['--output', 'a', '--report', 'a'], '--output, --rejects and --report must be different files'],
    [['--rejects', 'a', '--report', 'a'], '--output, --rejects and --report must be different files'],
    [['--output', 'a', '--rejects', './a'], '--output, --rejects and --report must be different files'],
    [['--rejects', '-'], '--rejects and --report take a file (stdout is for the results)'],
    [['--report', '-'], '--rejects and --report take a file (stdout is for the results)'],
    [['--skip', '-1'], '--skip needs a value'],
    [['--skip=-1'], '--skip must be a whole number 0..999999999, got "-1"'],
    [['--skip', '1000000000'], '--skip must be a whole number 0..999999999, got "1000000000"'],
    [['--skip', '1.5'], '--skip must be a whole number 0..999999999, got "1.5"'],
    [['--skip', ' 3'], '--skip must be a whole number 0..999999999, got " 3"'],
    [['--skip', '3 '], '--skip must be a whole number 0..999999999, got "3 "'],
    [['--chunk', '0'], '--chunk must be a whole number 1..100000, got "0"'],
    [['--chunk', '100001'], '--chunk must be a whole number 1..100000, got "100001"'],
  ])('%j → %s (then the batch usage)', (flags, message) => {
    const fault = faultOf(flags);
    expect(fault.message).toBe(message);
    expect(fault.usage).toBe('batch');
  });

  it('the input itself may be - with --output -: stdin is not a file that could be destroyed', () => {
    expect(() => batchFileOptions(parseCommandLine(['batch', '--input', '-', '--output', '-']).flags, {})).not.toThrow();
    expect(() => batchFileOptions(parseCommandLine(['batch', '--input', '-', '--rejects', 'r', '--report', 'p']).flags, {})).not.toThrow();
  });
});

describe('batch: the command line itself', () => {
  it.each([
    [['batch'], 'batch needs --input <file | -> (or the one-product form: batch <product> <file | ->)'],
    [['batch', '--input', 'in.csv', 'extra'], 'batch --input takes no other arguments, got "extra" (the products come from the columns)'],
    [['batch', '--input', 'in.csv', '--header', 'X: y'], 'batch does not take --header'],
    [['batch', 'phone', '-', '--db', 'a.mmdb'], 'batch phone does not take --db'],
    [['batch', 'ip', '-', '--country', 'IT'], 'batch ip does not take --country'],
    [['batch', 'email', '-', '--input', 'x'], 'batch email does not take --input'],
    [['worker'], 'worker needs --queue redis://host:port'],
    [['worker', '--queue', 'redis://x', 'more'], 'worker takes no arguments, got "more" (options start with --)'],
    [['worker', '--queue', 'redis://x', '--bands', 'default'], 'worker does not take --bands'],
  ])('%j → %s', (argv, message) => {
    expect(() => parseCommandLine(argv)).toThrow(new UsageError(message, argv[0] as 'batch'));
    try {
      parseCommandLine(argv);
    } catch (error) {
      expect((error as UsageError).usage).toBe(argv[0]);
    }
  });

  it('the flags each batch form takes are read, repeatable ones in order', () => {
    const line = parseCommandLine(['batch', 'ip', '-', '--db', 'a.mmdb', '--db', 'b.mmdb', '--bands', 'scorecard', '--data', 'd']);
    expect(line.args).toEqual(['ip', '-']);
    expect(line.flags.db).toEqual(['a.mmdb', 'b.mmdb']);
    expect(line.flags.bands).toBe('scorecard');
    const phone = parseCommandLine(['batch', 'phone', '-', '--country', 'IT']);
    expect(phone.flags.country).toBe('IT');
    const worker = parseCommandLine(['worker', '--queue', 'redis://h:1', '--workers', '3', '--db', 'x.mmdb']);
    expect(worker.flags.given.get('queue')).toEqual(['redis://h:1']);
    expect(worker.flags.given.get('workers')).toEqual(['3']);
    expect(worker.flags.db).toEqual(['x.mmdb']);
    // Booleans are in `given` with no values; --map keeps every value.
    const file = parseCommandLine(['batch', '--input', '-', '--quiet', '--map', 'email=A', '--map', 'ip=B']);
    expect(file.flags.given.get('quiet')).toEqual([]);
    expect(file.flags.given.get('map')).toEqual(['email=A', 'ip=B']);
  });

  it('--input given twice is refused; a value starting with - is the next flag, except - itself', () => {
    expect(() => parseCommandLine(['batch', '--input', 'a', '--input', 'b'])).toThrow('--input is given twice');
    expect(() => parseCommandLine(['batch', '--input', '--quiet'])).toThrow('--input needs a value');
    expect(parseCommandLine(['batch', '--input', '-']).flags.given.get('input')).toEqual(['-']);
    expect(parseCommandLine(['batch', '--input=-x']).flags.given.get('input')).toEqual(['-x']);
  });
});
