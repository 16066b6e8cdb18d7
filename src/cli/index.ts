#!/usr/bin/env node
/**
 * The `identity-signals` command: a thin layer over `createChecker`.
 * @packageDocumentation
 */
import { endOnOutputErrors } from './pipes.js';
import { runCli } from './run.js';

endOnOutputErrors(process.stdout, process.stderr, (code) => process.exit(code));

runCli(process.argv.slice(2), {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`internal error: ${(error as Error).stack ?? String(error)}\n`);
    process.exitCode = 1;
  },
);
