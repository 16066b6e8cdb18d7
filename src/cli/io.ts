/** What the CLI reads and writes: injectable so tests can capture output. */
export interface CliIo {
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
  readonly stdin: NodeJS.ReadableStream;
  /** Where `serve` reads its API keys. @default process.env */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /**
   * The process's own stdout and stderr (given by the bin): `batch --input`
   * then writes with backpressure, draws its progress bar on a terminal, and
   * stops cleanly on SIGINT/SIGTERM, as `worker` does.
   */
  readonly stdout?: NodeJS.WritableStream;
  readonly stderr?: NodeJS.WritableStream;
  /** Stops `serve` (which otherwise runs until the process ends). */
  readonly signal?: AbortSignal;
}
