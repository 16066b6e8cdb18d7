import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { emailCsv, mixedCsv, writeLines } from '../support/batchData.js';
import { BIN, ndjson, runBin, startBin, until } from '../support/batchBin.js';

// `identity-signals batch --input` as a shell runs it: the built bin, a real
// process with its worker threads.

const dir = mkdtempSync(join(tmpdir(), 'identity-signals-batch-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text: string) => {
  writeFileSync(join(dir, name), text);
  return name;
};
const lines = (text: string) => text.trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);

describe('batch --input: the built bin', () => {
  it('has been built', () => {
    expect(existsSync(BIN), 'run `npm run build` first').toBe(true);
  });

  it('CSV with a BOM, ; delimiters and a quoted field with a line break: every row checked for every mapped product, numbered by its line', async () => {
    const input = file('crm.csv', '\uFEFFId;E-mail;Mobile;First Name;Last Name\n1;jane.doe@gmail.com;+393331234567;Jane;"Smith\nJones"\n2;bob@mailinator.com;;Bob;Brown\n');
    const { code, stdout, stderr } = await runBin(['batch', '--input', input, '--workers', '1'], dir);
    expect(code).toBe(0);
    const rows = lines(stdout);
    expect(rows.map((r) => r.line)).toEqual([2, 4]);
    // Two or more products checked, so the row also carries identity.
    expect(Object.keys(rows[0]!)).toEqual(['line', 'email', 'phone', 'name', 'identity']);
    expect(rows[0]).toMatchObject({ email: { value: 'jane.doe@gmail.com' }, phone: { country: 'IT' }, name: { value: 'Jane,Smith\nJones' } });
    expect(rows[1]).toMatchObject({ email: { status: 'disposable' }, phone: null });
    const [mapping, summary, ...rest] = stderr.trimEnd().split('\n');
    expect(mapping).toBe('batch: checking email ← "E-mail", phone ← "Mobile", name ← "First Name" + "Last Name" (CSV, delimiter ";")');
    expect(summary).toMatch(/^batch: 2 rows read, 2 checked, 0 rejected; [\d.]+ s, [\d,]+ rows\/s$/);
    expect(rest).toEqual([]);
  });

  it('tab-separated input and --format csv with --fields', async () => {
    const input = file('tab.tsv', 'email\tip\njane@gmail.com\t81.2.69.142\n');
    const { code, stdout } = await runBin(['batch', '--input', input, '--format', 'csv', '--fields', 'line,email.domain,ip.country', '--workers', '1'], dir);
    expect(code).toBe(0);
    expect(stdout).toBe('line,email.domain,ip.country\n2,gmail.com,GB\n');
  });

  it('NDJSON input from stdin, the fields mapped by name', async () => {
    const { code, stdout, stderr } = await runBin(['batch', '--input', '-', '--workers', '1'], dir, '{"email":"a@gmail.com","ip":"8.8.8.8"}\n{"email":"b@gmail.com","ip":"81.2.69.142"}\n');
    expect(code).toBe(0);
    expect(lines(stdout).map((r) => [r.line, (r.ip as { country: string }).country])).toEqual([
      [1, 'US'],
      [2, 'GB'],
    ]);
    expect(stderr.split('\n')[0]).toBe('batch: checking email ← "email", ip ← "ip" (NDJSON)');
  });

  it('rows that cannot be read go to --rejects with line and reason, the run goes on, exit 1; --allow-rejects exits 0', async () => {
    const input = file('bad.csv', 'Email,Phone\na@gmail.com,+393331234567\n\nb@gmail.com,"+39"333\nc@gmail.com\nd@gmail.com,+393331234567\n');
    const first = await runBin(['batch', '--input', input, '--output', 'bad.ndjson', '--rejects', 'bad.rejects.ndjson', '--workers', '1'], dir);
    expect(first.code).toBe(1);
    expect(ndjson<{ line: number }>(join(dir, 'bad.ndjson')).map((r) => r.line)).toEqual([2, 6]);
    expect(ndjson(join(dir, 'bad.rejects.ndjson'))).toEqual([
      { line: 3, reason: 'blank line', record: '' },
      { line: 4, reason: expect.stringMatching(/^broken quoting: /) as string, record: 'b@gmail.com,"+39"333' },
      { line: 5, reason: 'missing column "Phone" (the row has 1 field, the header 2)', record: 'c@gmail.com' },
    ]);
    expect(first.stderr).toMatch(/\nbatch: 5 rows read, 2 checked, 3 rejected \(lines 3, 4, 5\) → bad\.rejects\.ndjson; /);

    const allowed = await runBin(['batch', '--input', input, '--output', 'bad.ndjson', '--allow-rejects', '--workers', '1'], dir);
    expect(allowed.code).toBe(0);
    expect(allowed.stderr).toMatch(/3 rejected \(lines 3, 4, 5\) \(not kept: give --rejects FILE to keep them\)/);
  });

  it.each([
    [['--map', 'email=Mail'], '--map email=Mail: no column "Mail" in the input (columns: "Email", "Phone")'],
    [['--map', 'fax=Fax'], '--map fax=Fax: "fax" is not a product (email, device, ip, phone, name) or country'],
    [['--format', 'xml'], '--format must be csv or ndjson, got "xml"'],
    [['--workers', '0'], '--workers must be a whole number 1..256, got "0"'],
    [['--fields', 'line'], '--fields chooses the columns of --format csv'],
    [['--output', 'usage.csv'], 'usage.csv is the input: writing there would destroy it'],
    [['--queue', 'http://x'], '--queue takes a Redis URL (redis://host:port), got "http://x"'],
    [['--max-memory', '0'], '--max-memory must be a whole number 1..1000000, got "0"'],
    [['--queue', 'redis://127.0.0.1:1', '--max-memory', '300'], '--max-memory limits the threads of this process; with --queue the chunks are checked by the worker processes'],
  ])('misuse %j → one line, exit 2', async (flags, message) => {
    const input = file('usage.csv', 'Email,Phone\na@gmail.com,+393331234567\n');
    const { code, stdout, stderr } = await runBin(['batch', '--input', input, ...flags], dir);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.split('\n')[0]).toBe(message);
  });

  it('a missing input → "no such file: PATH", exit 2', async () => {
    expect(await runBin(['batch', '--input', 'nope.csv'], dir)).toMatchObject({ code: 2, stdout: '', stderr: 'no such file: nope.csv\n' });
  });

  it('keeps input order with 2 workers and small chunks; no progress bar when stderr is not a terminal', async () => {
    writeLines(join(dir, 'order.csv'), mixedCsv(600, 7));
    const { code, stdout, stderr } = await runBin(['batch', '--input', 'order.csv', '--workers', '2', '--chunk', '7', '--map', 'device=', '--map', 'ip='], dir);
    expect(code).toBe(0);
    expect(lines(stdout).map((r) => r.line)).toEqual(Array.from({ length: 600 }, (_, i) => i + 2));
    // Exactly the mapping and the summary: no bar, no carriage returns, nothing drawn.
    expect(stderr).not.toContain('\r');
    expect(stderr.trimEnd().split('\n')).toHaveLength(2);
  });

  it('without --workers, the threads chosen for the memory budget are said on stderr with the cores and the measured cost; --quiet keeps it silent', async () => {
    writeLines(join(dir, 'budget.csv'), emailCsv(300, 5));
    const cores = availableParallelism();
    const { code, stderr } = await runBin(['batch', '--input', 'budget.csv', '--output', 'budget.ndjson'], dir);
    expect(code).toBe(0);
    const [mapping, choice, summary, ...rest] = stderr.trimEnd().split('\n');
    expect(mapping).toBe('batch: checking email ← "Email" (CSV, delimiter ",")');
    expect(choice).toMatch(new RegExp(`^batch: workers: [1-${Math.min(cores, 9)}] of ${cores} cores? \\(memory budget 500 MB, ~\\d+ MB a thread, expected peak ~\\d+ MB\\)$`));
    expect(summary).toMatch(/^batch: 300 rows read, 300 checked, 0 rejected;/);
    expect(rest).toEqual([]);
    const quiet = await runBin(['batch', '--input', 'budget.csv', '--output', 'budget.ndjson', '--quiet'], dir);
    expect(quiet.stderr).not.toContain('workers:');
    expect(quiet.stderr.trimEnd().split('\n')).toHaveLength(2);
  });

  it('--max-memory too small for a second thread: one thread, whatever the cores, and a warning that --quiet does not silence', async () => {
    writeLines(join(dir, 'small-budget.csv'), emailCsv(300, 6));
    const { code, stdout, stderr } = await runBin(['batch', '--input', 'small-budget.csv', '--max-memory', '1'], dir);
    expect(code).toBe(0);
    expect(lines(stdout)).toHaveLength(300);
    const cores = availableParallelism();
    expect(stderr).toMatch(new RegExp(`\\nbatch: workers: 1 of ${cores} cores? \\(memory budget 1 MB, ~\\d+ MB a thread, expected peak ~\\d+ MB\\)\\n`));
    const warning = /\nbatch: warning: one worker thread is expected to take the process to \d+ MB, over the memory budget of 1 MB \(--max-memory\)\n/;
    expect(stderr).toMatch(warning);
    const quiet = await runBin(['batch', '--input', 'small-budget.csv', '--max-memory', '1', '--quiet'], dir);
    expect(quiet.stderr).toMatch(warning);
    expect(quiet.stderr).not.toContain('workers:');
  });

  it('SIGTERM mid-run writes every row read, says --skip N; the run resumed with it loses and repeats no row', async () => {
    const all = [...emailCsv(3000, 3)];
    // A blank line early on, so the rejects file is resumed too.
    all.splice(40, 0, '');
    writeLines(join(dir, 'stop.csv'), all);
    const text = readFileSync(join(dir, 'stop.csv'), 'utf8');
    const cut = text.indexOf('\n', Math.floor(text.length / 2)) + 1;
    const args = ['batch', '--output', 'stop.ndjson', '--rejects', 'stop.rejects.ndjson', '--workers', '1', '--chunk', '100'];

    // Half the file through a pipe that stays open: the run is mid-way, waiting for more, when the signal comes.
    const running = startBin([...args, '--input', '-'], dir);
    running.child.stdin!.write(text.slice(0, cut));
    await until(() => existsSync(join(dir, 'stop.ndjson')) && statSync(join(dir, 'stop.ndjson')).size > 0, 30_000, 'the first results');
    running.child.kill('SIGTERM');
    const stopped = await running.done;
    running.child.stdin!.destroy();
    expect(stopped.code).toBe(143);
    const skip = Number(/run the same command with --skip (\d+)/.exec(stopped.stderr)?.[1]);
    expect(stopped.stderr).toContain(`batch: stopped by SIGTERM after ${skip.toLocaleString('en-US')} rows`);
    expect(skip).toBeGreaterThan(0);
    expect(skip).toBeLessThan(3001);
    const written = ndjson<{ line: number }>(join(dir, 'stop.ndjson')).length + ndjson(join(dir, 'stop.rejects.ndjson')).length;
    expect(written).toBe(skip);

    const resumed = await runBin([...args, '--input', 'stop.csv', '--skip', String(skip)], dir);
    // The blank line was rejected by the first run (it is early on): nothing left to reject.
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toContain(`${skip.toLocaleString('en-US')} rows skipped (--skip)`);
    const out = ndjson<{ line: number; email: { value: string } }>(join(dir, 'stop.ndjson'));
    const rejects = ndjson<{ line: number }>(join(dir, 'stop.rejects.ndjson'));
    expect(rejects.map((r) => r.line)).toEqual([41]);
    const expected = Array.from({ length: 3001 }, (_, i) => i + 2).filter((line) => line !== 41);
    expect(out.map((r) => r.line)).toEqual(expected);
    // And each line holds its own row's value.
    const source = text.split('\n');
    expect(out.every((r) => source[r.line - 1]!.endsWith(`,${r.email.value}`))).toBe(true);
  });

  it('output into a closed pipe (`| head -1`) ends quietly, exit 0', async () => {
    writeLines(join(dir, 'head.csv'), emailCsv(5000, 5));
    const running = startBin(['batch', '--input', 'head.csv', '--workers', '1'], dir);
    running.child.stdin!.end();
    running.child.stdout!.once('data', () => running.child.stdout!.destroy());
    const { code, stderr } = await running.done;
    expect(code).toBe(0);
    expect(stderr).not.toMatch(/EPIPE|Error/);
  });
});
