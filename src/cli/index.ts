#!/usr/bin/env node
/**
 * The `identity-signals` command: a thin layer over `createChecker`.
 * @packageDocumentation
 */
import { runCli } from './run.js';

// The reader of our output went away (`identity-signals batch … | head -1`):
// what it read is all it wanted, so stop at once and quietly, as cat and grep
// do. Node ignores SIGPIPE, so without this the write fails with an
// unhandled EPIPE 'error' event and a stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    // Any other write error (a full disk): say it on the other stream if it can.
    (stream === process.stdout ? process.stderr : process.stdout).write(`cannot write output: ${error.message}\n`);
    process.exit(1);
  });
}

runCli(process.argv.slice(2), {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  stdin: process.stdin,
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`internal error: ${(error as Error).stack ?? String(error)}\n`);
    process.exitCode = 1;
  },
);
