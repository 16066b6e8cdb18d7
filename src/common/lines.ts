import { StringDecoder } from 'node:string_decoder';

/** A read of the input failed after it was opened (EIO, a vanished network file). */
export class ReadFailure extends Error {
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
