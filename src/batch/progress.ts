import cliProgress from 'cli-progress';

/** The progress of a batch as a person watching a terminal sees it. */
export interface Progress {
  /** `bytes` of the input read so far, `rows` written so far. */
  update(bytes: number, rows: number): void;
  /** Clears the bar's line, so that a line written to the stream next starts at its left edge (the bar is drawn again below it on the next update). */
  clearLine(): void;
  stop(): void;
}

const SILENT: Progress = Object.freeze({ update: () => {}, clearLine: () => {}, stop: () => {} });

/**
 * A progress bar with rows/s and ETA on `stream` when it is a terminal and
 * `quiet` is off; silent otherwise, so a log file or a pipe gets only the
 * summary. `totalBytes` (the input's size, when it is a file) gives the
 * percentage and ETA; from a pipe only rows and rows/s are shown.
 */
export function createProgress(stream: NodeJS.WritableStream | undefined, totalBytes: number | undefined, quiet: boolean): Progress {
  if (quiet || stream === undefined || (stream as { isTTY?: boolean }).isTTY !== true) return SILENT;
  const started = performance.now();
  const known = totalBytes !== undefined && totalBytes > 0;
  const bar = new cliProgress.SingleBar(
    {
      stream,
      format: known ? 'batch {bar} {percentage}% | {rows} rows | {rate} rows/s | ETA {eta_formatted}' : 'batch {rows} rows | {rate} rows/s',
      hideCursor: false,
      clearOnComplete: false,
      fps: 5,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(known ? totalBytes : 1, 0, { rows: 0, rate: 0 });
  return {
    update(bytes, rows) {
      const seconds = (performance.now() - started) / 1000;
      bar.update(known ? Math.min(bytes, totalBytes) : 0, { rows, rate: seconds > 0 ? Math.round(rows / seconds) : 0 });
    },
    clearLine() {
      stream.write('\r\x1b[2K');
    },
    stop() {
      bar.stop();
    },
  };
}
