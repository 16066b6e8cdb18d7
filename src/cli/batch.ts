import { StringDecoder } from 'node:string_decoder';
import type { Checker } from '../checker.js';
import { isIdentitySignalsError } from '../errors.js';
import { REQUIRED_FIELDS } from '../resolve.js';
import type { ProductName } from '../scoring/index.js';
import { checkOne } from './check.js';
import { openFile } from './files.js';
import type { CliIo } from './run.js';

/** How many blank line numbers the closing report lists before it says "…". */
const LISTED_BLANKS = 10;

/** A read of the input failed after it was opened (EIO, a vanished network file). */
class ReadFailure extends Error {
  constructor(readonly reason: unknown) {
    super('read failed');
  }
}

/**
 * The lines of `input`, numbered as editors and `sed -n Np` number them: a
 * line ends at `\n` (a `\r` before it belongs to the break), a lone `\r` is
 * part of its line, a last line without `\n` counts, and a UTF-8 byte order
 * mark is not input. node:readline also breaks at a lone `\r`, so its line
 * numbers drift from the file's.
 */
export async function* numberedLines(input: AsyncIterable<string | Buffer>): AsyncGenerator<readonly [number, string]> {
  const decoder = new StringDecoder('utf8');
  let lineNo = 0;
  let pending = '';
  const finish = (line: string) => {
    lineNo++;
    const text = line.endsWith('\r') ? line.slice(0, -1) : line;
    return [lineNo, lineNo === 1 && text.startsWith('\uFEFF') ? text.slice(1) : text] as const;
  };
  try {
    for await (const chunk of input) {
      // Multi-byte characters split across chunks are joined by the decoder.
      const text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
      let start = 0;
      let newline = text.indexOf('\n');
      while (newline >= 0) {
        yield finish(pending + text.slice(start, newline));
        pending = '';
        start = newline + 1;
        newline = text.indexOf('\n', start);
      }
      pending += text.slice(start);
    }
  } catch (error) {
    throw new ReadFailure(error);
  }
  pending += decoder.end();
  if (pending !== '') yield finish(pending);
}

/**
 * Reads one input a line and writes one JSON line per input, each starting
 * with `line`, the number of its input line, so results join back to the
 * input. A line that cannot be checked gives `{ line, error }` and the batch
 * goes on; blank lines are skipped and counted on stderr at the end.
 */
export async function runBatch(checker: Checker, product: ProductName, file: string, io: CliIo): Promise<number> {
  const input = file === '-' ? io.stdin : (await openFile(file)).createReadStream();
  const blanks: number[] = [];
  let blankCount = 0;
  try {
    for await (const [line, text] of numberedLines(input)) {
      if (text.trim() === '') {
        blankCount++;
        if (blanks.length < LISTED_BLANKS) blanks.push(line);
        continue;
      }
      io.out(JSON.stringify({ line, ...checkLine(checker, product, text) }));
    }
  } catch (error) {
    if (!(error instanceof ReadFailure)) throw error;
    io.err(`cannot read ${file === '-' ? 'stdin' : file}: ${(error.reason as Error).message}`);
    return 1;
  }
  if (blankCount > 0) {
    const listed = `${blanks.join(', ')}${blankCount > blanks.length ? ', …' : ''}`;
    io.err(`batch: ${blankCount} blank line${blankCount === 1 ? '' : 's'} skipped (line${blankCount === 1 ? '' : 's'} ${listed})`);
  }
  return 0;
}

/** One line's result, or its error as `{ error: { code, message } }`. */
function checkLine(checker: Checker, product: ProductName, line: string): object {
  try {
    return checkValue(checker, product, line) as object;
  } catch (error) {
    if (!isIdentitySignalsError(error)) throw error;
    return { error: { code: error.code, message: error.message } };
  }
}

function checkValue(checker: Checker, product: ProductName, line: string): unknown {
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
