import { Readable } from 'node:stream';
import { runCli } from '../../src/cli/run.js';

/** What an in-process run of the CLI gives: exit code and the lines written to stdout and stderr. */
export interface CliLines {
  readonly code: number;
  readonly out: string[];
  readonly err: string[];
}

/** Options of {@link runCliLines}: stdin's text, the environment (empty unless given), an abort signal, a live view of stderr. */
export interface CliRunOptions {
  readonly stdin?: string;
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly signal?: AbortSignal;
  readonly onErr?: (line: string) => void;
}

/** Runs the bin's entry function `runCli` in process (so mutation testing sees it) and collects its lines. */
export async function runCliLines(argv: readonly string[], options: CliRunOptions = {}): Promise<CliLines> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, {
    out: (line) => out.push(line),
    err: (line) => {
      err.push(line);
      options.onErr?.(line);
    },
    stdin: Readable.from([options.stdin ?? '']),
    env: options.env ?? {},
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });
  return { code, out, err };
}

/** {@link runCliLines} with stdout and stderr each joined into one string, for assertions on whole outputs. */
export async function runCliText(
  argv: readonly string[],
  options: CliRunOptions = {},
): Promise<{ readonly code: number; readonly out: string; readonly err: string }> {
  const { code, out, err } = await runCliLines(argv, options);
  return { code, out: out.join('\n'), err: err.join('\n') };
}
