import type { Writable } from 'node:stream';

/**
 * Makes the process end well when its output cannot be written. A reader
 * that went away (`identity-signals batch … | head -1`) has read all it
 * wanted: exit 0 at once and quietly, as cat and grep do. Node ignores
 * SIGPIPE, so without this the next write fails with an unhandled EPIPE
 * 'error' event and a stack trace. Any other write error (a full disk) is
 * said on the other stream, exit 1.
 */
export function endOnOutputErrors(out: Writable, err: Writable, exit: (code: number) => void): void {
  for (const [stream, other] of [
    [out, err],
    [err, out],
  ] as const) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') {
        exit(0);
        return;
      }
      // The other stream may be broken too; a failed last word changes nothing.
      other.write(`cannot write output: ${error.message}\n`, () => {});
      exit(1);
    });
  }
}
