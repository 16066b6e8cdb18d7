import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { BatchCheckers, checkChunk as checkChunkOn } from '../../src/batch/checkChunk.js';
import { createChecker } from '../../src/checker.js';
import { MappingError, describeMapping, mapColumns, parseMaps } from '../../src/batch/mapColumns.js';
import { createProgress } from '../../src/batch/progress.js';
import { CsvFramer, detectDelimiter, formatOfLine, formatOfPath, parseCsvRecords } from '../../src/batch/read.js';
import { renderReport } from '../../src/batch/report.js';
import { countResult, emptyStats, mergeStats } from '../../src/batch/stats.js';
import type { ChunkTask, Mapping } from '../../src/batch/types.js';
import { checkFields, csvCell, defaultFields } from '../../src/batch/write.js';
import { chunkTask } from '../support/chunkTask.js';

/** One thread's checkers for the file, as a batch thread holds them. */
const checkers = new BatchCheckers();
const checkChunk = (t: Parameters<typeof checkChunkOn>[0]) => checkChunkOn(t, checkers);

/** Frames `text` as the reader does: numbered lines in, records with their first line out. */
function frame(text: string, delimiter = ','): [number, string][] {
  const framer = new CsvFramer(delimiter);
  const records = text.split('\n').flatMap((line, i) => framer.push(i + 1, line));
  return [...records, ...framer.end()].map((r) => [r.line, r.text]);
}

describe('batch: framing CSV records', () => {
  it('a quoted field with line breaks is one record, numbered by its first line', () => {
    expect(frame('a,b\n1,"two\nlines"\n2,x')).toEqual([
      [1, 'a,b'],
      [2, '1,"two\nlines"'],
      [4, '2,x'],
    ]);
  });

  it('an escaped quote ("") does not close the field', () => {
    expect(frame('1,"say ""hi""\nthere",3\n4,5,6')).toEqual([
      [1, '1,"say ""hi""\nthere",3'],
      [3, '4,5,6'],
    ]);
  });

  it('a quote inside an unquoted field opens nothing: the next rows stay rows', () => {
    expect(frame("1,O\"Brien\n2,D'Arcy\n3,x")).toEqual([
      [1, '1,O"Brien'],
      [2, "2,D'Arcy"],
      [3, '3,x'],
    ]);
  });

  it('a quote never closed costs its own line only: the lines after are read again', () => {
    expect(frame('1,"open\n2,b\n3,c')).toEqual([
      [1, '1,"open'],
      [2, '2,b'],
      [3, '3,c'],
    ]);
  });

  // A stray quote that a later row's quote seems to close would make one
  // record of every line between them: csv-parse refuses that record, so only
  // its first line is given up and the lines after it are framed again.
  it('an unbalanced quote that a later quote seems to close costs its own line only', () => {
    const seven = ['h,n', 'a,1', 'b,2', 'c,3', 'd,4', 'e,"5', 'f,6', '"g",7'].join('\n');
    expect(frame(seven)).toEqual([
      [1, 'h,n'],
      [2, 'a,1'],
      [3, 'b,2'],
      [4, 'c,3'],
      [5, 'd,4'],
      [6, 'e,"5'],
      [7, 'f,6'],
      [8, '"g",7'],
    ]);
  });

  it('two broken rows in a row: each costs its own line', () => {
    expect(frame('a,"1\nb,"2\n"c",3\nd,4')).toEqual([
      [1, 'a,"1'],
      [2, 'b,"2'],
      [3, '"c",3'],
      [4, 'd,4'],
    ]);
  });

  it('a broken row followed by a valid multi-line quoted cell: the cell stays one record', () => {
    expect(frame('a,"1\nb,"two\nlines"\nc,3')).toEqual([
      [1, 'a,"1'],
      [2, 'b,"two\nlines"'],
      [4, 'c,3'],
    ]);
  });

  it('a quote opened on the last row is that row alone, and so is a broken row that the last row seems to close', () => {
    expect(frame('a,1\nb,2\nc,"3')).toEqual([
      [1, 'a,1'],
      [2, 'b,2'],
      [3, 'c,"3'],
    ]);
    expect(frame('a,1\nb,"2\nc,3\nd,"4')).toEqual([
      [1, 'a,1'],
      [2, 'b,"2'],
      [3, 'c,3'],
      [4, 'd,"4'],
    ]);
  });

  it('every record it makes of several lines is one csv-parse reads, and no line is lost or repeated (fast-check, fixed seed)', () => {
    const text = fc.array(fc.constantFrom('a', 'b', ',', '"', '""', '\n', ' '), { maxLength: 60 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, (input) => {
        const records = frame(input);
        for (const [, record] of records) if (record.includes('\n')) expect(parseCsvRecords([record], ',')).toBeDefined();
        expect(records.flatMap(([line, record]) => record.split('\n').map((t, i) => [line + i, t]))).toEqual(input.split('\n').map((t, i) => [i + 1, t]));
      }),
      { seed: 28, numRuns: 3000 },
    );
  });

  it('the delimiter decides where a field starts (; files)', () => {
    expect(frame('1;"a;\nb";2\n3;4', ';')).toEqual([
      [1, '1;"a;\nb";2'],
      [3, '3;4'],
    ]);
  });
});

describe('batch: delimiter and format', () => {
  it.each([
    ['Id,Email,Phone', ','],
    ['Id;E-mail;Telefon', ';'],
    ['Id\tEmail\tPhone', '\t'],
    ['Id|Email|Phone', '|'],
    ['"Last, First";Email', ';'],
    ['Email', ','],
  ])('%j → %j', (header, delimiter) => {
    expect(detectDelimiter(header)).toBe(delimiter);
  });

  it('by extension, else by the first line', () => {
    expect(formatOfPath('x.CSV')).toBe('csv');
    expect(formatOfPath('x.jsonl')).toBe('ndjson');
    expect(formatOfPath('x')).toBeUndefined();
    expect(formatOfLine('  {"email":"a@b.co"}')).toBe('ndjson');
    expect(formatOfLine('Email,Phone')).toBe('csv');
  });
});

describe('batch: mapping columns', () => {
  it('maps obvious column names by themselves, whatever their case and punctuation', () => {
    const mapping = mapColumns(['Customer ID', 'E-Mail', 'Mobile Phone', 'First_Name', 'last name', 'Last IP', 'User-Agent'], {});
    expect(mapping).toEqual({ email: ['E-Mail'], phone: ['Mobile Phone'], name: ['First_Name', 'last name'], ip: ['Last IP'], device: ['User-Agent'] });
    expect(describeMapping(mapping)).toBe('email ← "E-Mail", device ← "User-Agent", ip ← "Last IP", phone ← "Mobile Phone", name ← "First_Name" + "last name"');
  });

  it('a whole-name column when there are no first and last columns', () => {
    expect(mapColumns(['Full Name', 'Email'], {})).toEqual({ email: ['Email'], name: ['Full Name'] });
  });

  it('--map wins over the obvious column; product= leaves a product out', () => {
    const given = parseMaps(['email=Work Mail', 'name=Given+Family', 'phone=']);
    expect(given).toEqual({ email: ['Work Mail'], name: ['Given', 'Family'], phone: [] });
    expect(mapColumns(['Email', 'Work Mail', 'Phone', 'Given', 'Family'], given)).toEqual({ email: ['Work Mail'], name: ['Given', 'Family'] });
  });

  it('--map finds a column ignoring case when no column matches exactly', () => {
    expect(mapColumns(['LASTIP'], parseMaps(['ip=LastIP']))).toEqual({ ip: ['LASTIP'] });
  });

  it.each([
    [['email'], '--map takes product=Column, got "email"'],
    [['fax=Fax'], '--map fax=Fax: "fax" is not a product (email, device, ip, phone, name) or country'],
    [['email=A', 'email=B'], '--map email is given twice'],
    [['phone=A+B'], '--map phone=A+B: phone takes one column'],
    [['name=A+B+C'], '--map name=A+B+C: name takes First+Last or one column'],
  ])('parseMaps(%j) → %s', (values, message) => {
    expect(() => parseMaps(values)).toThrow(new MappingError(message));
  });

  it('a mapped column that is not in the file, and a file with nothing to check, are said with the columns there are', () => {
    expect(() => mapColumns(['Id', 'Mail'], parseMaps(['email=Email']))).toThrow('--map email=Email: no column "Email" in the input (columns: "Id", "Mail")');
    expect(() => mapColumns(['Id', 'Notes'], {})).toThrow(/^no column to check: .*\(columns: "Id", "Notes"\); map one with --map email=Column$/);
  });
});

describe('batch: CSV output', () => {
  it('cells are quoted only when they must be; objects are JSON', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(' edge')).toBe('" edge"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(720)).toBe('720');
    expect(csvCell(['Europe/Rome'])).toBe('"[""Europe/Rome""]"');
  });

  it('default fields follow the products checked; --fields must name a product checked', () => {
    const mapping: Mapping = { email: ['Email'] };
    expect(defaultFields(mapping)).toEqual(['line', 'email.value', 'email.score', 'email.score_cluster', 'email.status', 'email.domain', 'email.is_free', 'email.suggestion', 'email.canonical']);
    expect(checkFields(['line', 'email.score'], mapping)).toBeUndefined();
    expect(checkFields(['phone.score'], mapping)).toBe('--fields: "phone.score" names phone, which is not checked');
    expect(checkFields(['score'], mapping)).toBe('--fields: "score" is not line or product.field (email.score, phone.country, …)');
  });
});

function task(records: string[], overrides: Partial<ChunkTask> = {}): ChunkTask {
  return chunkTask(records, {
    columns: ['Email', 'Phone', 'First', 'Last'],
    mapping: { email: ['Email'], phone: ['Phone'], name: ['First', 'Last'] },
    report: true,
    ...overrides,
  });
}

describe('batch: checking a chunk', () => {
  it('one object a row with every mapped product, its line first; an empty cell is null, not a check of ""', () => {
    const result = checkChunk(task(['jane@gmail.com,+393331234567,Jane,Smith', 'bob@mailinator.com,,Bob,Jones']));
    const rows = result.text.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    // Both rows give two or more products, so both also carry `identity`.
    expect(rows.map((r) => Object.keys(r))).toEqual([
      ['line', 'email', 'phone', 'name', 'identity'],
      ['line', 'email', 'phone', 'name', 'identity'],
    ]);
    expect(rows[0]).toMatchObject({ line: 2, email: { value: 'jane@gmail.com' }, phone: { country: 'IT' }, name: { value: 'Jane,Smith' } });
    expect(rows[1]).toMatchObject({ line: 3, email: { status: 'disposable' }, phone: null });
    expect(result).toMatchObject({ checked: 2, rejected: 0, rejects: '' });
    expect(result.stats!.phone!.empty).toBe(1);
    expect(result.stats!.email!.tops.domain).toEqual({ 'gmail.com': 1, 'mailinator.com': 1 });
  });

  it('rejects a blank line, broken quoting and a missing mapped column with their lines and reasons, and goes on', () => {
    const result = checkChunk(task(['a@gmail.com,+393331234567,Ada,Lovelace', '', 'b@gmail.com,"bad"quote,Bo,Li', '  ', 'c@gmail.com,+393331234567', 'd@gmail.com,+393331234567,Di,Ro']));
    expect(result.rejectLines).toEqual([3, 4, 5, 6]);
    expect(result.checked).toBe(2);
    const rejects = result.rejects.trim().split('\n').map((l) => JSON.parse(l) as { line: number; reason: string; record: string });
    expect(rejects.map((r) => [r.line, r.reason])).toEqual([
      [3, 'blank line'],
      [4, 'broken quoting: Invalid Closing Quote: got "q" instead of delimiter, record delimiter, trimable character (if activated) or comment'],
      [5, 'blank line'],
      [6, 'missing column "First" (the row has 2 fields, the header 4)'],
    ]);
    expect(rejects[1]!.record).toBe('b@gmail.com,"bad"quote,Bo,Li');
    expect(result.text.trim().split('\n').map((l) => (JSON.parse(l) as { line: number }).line)).toEqual([2, 7]);
  });

  it('NDJSON rows: fields by name, numbers taken as text, the spec\'s default_country used; bad rows rejected', () => {
    const result = checkChunk(
      task(['{"email":"a@gmail.com","phone":3331234567,"default_country":"IT"}', '{not json', '[1]', '{"email":{"x":1},"phone":"1"}', '{"phone":"+393331234567"}'], {
        format: 'ndjson',
        columns: ['email', 'phone'],
        mapping: { email: ['email'], phone: ['phone'] },
      }),
    );
    expect(result.text.trim().split('\n').map((l) => JSON.parse(l) as Record<string, { country?: string }>)[0]!.phone!.country).toBe('IT');
    expect(result.rejects.trim().split('\n').map((l) => (JSON.parse(l) as { reason: string }).reason)).toEqual([
      'not valid JSON',
      'not a JSON object',
      'field "email" is not text',
      'missing field "email"',
    ]);
  });

  it('CSV output: the chosen fields of each row, in order', () => {
    const result = checkChunk(task(['jane@gmail.com,,Jane,Smith'], { output: 'csv', fields: ['line', 'email.domain', 'phone.score', 'name.value'] }));
    expect(result.text).toBe('2,gmail.com,,"Jane,Smith"\n');
  });

  it('a row with two or more products gets the identity score of those inputs read as one sign-up; a row with one does not', () => {
    const result = checkChunk(
      task(['jane.smith@gmail.com,+393331234567,Jane,Smith', 'x@mailinator.com,,,', 'mario.rossi@gmail.com,+393331234567,Hiroshi,Tanaka'], { report: false }),
    );
    const rows = result.text.trim().split('\n').map((l) => JSON.parse(l) as { identity?: { score: number; score_cluster: string; reasons: { code: string; points: number }[] } });
    const checker = createChecker();
    const expected = checker.identity({ email: 'jane.smith@gmail.com', phone: '+393331234567', firstName: 'Jane', lastName: 'Smith' }).identity;
    expect(rows[0]!.identity).toEqual(JSON.parse(JSON.stringify(expected)));
    expect(rows[0]!.identity!.reasons.map((r) => r.code)).toContain('IDENTITY_NAME_IN_EMAIL');
    expect(rows[1]!.identity).toBeUndefined();
    // another person's name in the local part lowers the identity below the consistent row's
    expect(rows[2]!.identity!.score).toBeLessThan(rows[0]!.identity!.score);
  });

  it('a whole name in one column is split at its last space', () => {
    const result = checkChunk(task(['Mary Ann Smith'], { columns: ['Name'], mapping: { name: ['Name'] } }));
    expect(JSON.parse(result.text)).toMatchObject({ name: { normalized: { first: 'Mary Ann', last: 'Smith' } } });
  });
});

describe('batch: report', () => {
  it('text from the file is escaped: a domain cannot inject markup', () => {
    const stats = emptyStats();
    countResult(stats, 'email', { score: 10, score_cluster: 'poor', reasons: [], domain: '<script>alert(1)</script>' });
    const html = renderReport({ email: stats }, { input: 'a<b>.csv', rows: 1, checked: 1, rejected: 0, mapping: { email: ['E"mail'] } });
    expect(html).not.toContain('<script>');
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(html).toContain('a&#60;b&#62;.csv');
    expect(html).not.toMatch(/<(?:script|img|link)\b/);
  });

  it('a report that shows IP locations or networks credits DB-IP (and Route Views and the NRO) with links, as CC BY 4.0 asks; one without them need not', () => {
    const summary = { input: 'x.csv', rows: 1, checked: 1, rejected: 0, mapping: { email: ['Email'], ip: ['IP'] } };
    const ip = emptyStats();
    countResult(ip, 'ip', { score: 900, score_cluster: 'very_high', reasons: [], country: 'GB', isp: 'Example Net' });
    const email = emptyStats();
    countResult(email, 'email', { score: 900, score_cluster: 'very_high', reasons: [], domain: 'gmail.com' });
    const shown = renderReport({ email, ip }, summary);
    const section = shown.slice(shown.indexOf('<section id="ip">'));
    expect(section).toContain('<a href="https://db-ip.com">IP Geolocation by DB-IP</a>');
    expect(section).toContain('IP to ASN Lite by <a href="https://db-ip.com">DB-IP</a>');
    expect(section).toContain('<a href="https://www.routeviews.org">Route Views</a>');
    expect(section).toContain('<a href="https://www.nro.net">Number Resource Organization</a>');
    expect(section).toContain('<a href="https://creativecommons.org/licenses/by/4.0/">CC BY 4.0</a>');

    // Only the e-mail section, or an IP section with no address located (all invalid): nothing of DB-IP's is shown.
    expect(renderReport({ email }, summary)).not.toMatch(/db-ip|https?:/i);
    const unlocated = emptyStats();
    countResult(unlocated, 'ip', { score: 0, score_cluster: 'very_low', reasons: [], country: null, isp: null });
    expect(renderReport({ email, ip: unlocated }, summary)).not.toMatch(/db-ip|https?:/i);
    // Locations without networks: the location credit alone.
    const countryOnly = emptyStats();
    countResult(countryOnly, 'ip', { score: 900, score_cluster: 'very_high', reasons: [], country: 'GB', isp: null });
    const located = renderReport({ ip: countryOnly }, summary);
    expect(located).toContain('IP Geolocation by DB-IP');
    expect(located).not.toContain('Route Views');
  });

  it('counts merge across chunks; the baseline and zero-point reasons are not counted', () => {
    const a = emptyStats();
    const b = emptyStats();
    countResult(a, 'email', { score: 999, score_cluster: 'good', reasons: [{ code: 'EMAIL_BASELINE', points: 700 }, { code: 'EMAIL_FREE', points: -50 }, { code: 'EMAIL_PROVIDER_ONLY', points: 0 }], domain: 'gmail.com' });
    countResult(b, 'email', { score: 1000, score_cluster: 'good', reasons: [{ code: 'EMAIL_FREE', points: -50 }], domain: 'gmail.com' });
    const merged = mergeStats(mergeStats({}, { email: a }), { email: b });
    expect(merged.email!.histogram[19]).toBe(2);
    expect(merged.email!.reasons).toEqual({ EMAIL_FREE: 2 });
    expect(merged.email!.tops.domain).toEqual({ 'gmail.com': 2 });
  });
});

describe('batch: progress', () => {
  function sink(isTTY: boolean) {
    const written: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        written.push(chunk.toString());
        done();
      },
    });
    return { stream: Object.assign(stream, { isTTY, columns: 100, cursorTo: () => true, clearLine: () => true, moveCursor: () => true }), written };
  }

  it('draws rows/s and ETA on a terminal', () => {
    const { stream, written } = sink(true);
    const progress = createProgress(stream, 1000, false);
    progress.update(500, 1234);
    progress.stop();
    expect(written.join('')).toMatch(/1234 rows \| \d+ rows\/s \| ETA/);
  });

  it('clears the bar before a line said mid-run (the threads chosen), so the line is not written into the bar', () => {
    const { stream, written } = sink(true);
    const progress = createProgress(stream, 1000, false);
    progress.update(500, 10);
    const drawn = written.length;
    progress.clearLine();
    expect(written.slice(drawn)).toEqual(['\r\x1b[2K']);
    progress.stop();
  });

  it('is silent when stderr is not a terminal, and with --quiet', () => {
    for (const [isTTY, quiet] of [
      [false, false],
      [true, true],
    ] as const) {
      const { stream, written } = sink(isTTY);
      const progress = createProgress(stream, 1000, quiet);
      progress.update(500, 10);
      progress.clearLine();
      progress.stop();
      expect(written).toEqual([]);
    }
  });
});
