import { createChecker } from '../checker.js';
import type { CheckerOptions } from '../checker.js';
import { loadOptional } from '../common/optionalPackages.js';
import { isIdentitySignalsError } from '../errors.js';
import type { IdentityInput } from '../identity/index.js';
import { UsageError, batchProduct, parseCommandLine, quoted } from './args.js';
import type { CommandLine } from './args.js';
import { runBatch, runBatchFiles, runWorker } from './batch.js';
import { checkOne } from './check.js';
import { dataDirOf, runData } from './data.js';
import { DEMO_INPUTS, summarise } from './demo.js';
import { FileProblem, requireFile } from '../common/files.js';
import { scoringOfFlags } from './scoring.js';
import { commandUsage, generalUsage } from './usage.js';
import type { CommandName } from './usage.js';
import { packageVersion } from '../common/version.js';
import type { CliIo } from './io.js';

export type { CliIo } from './io.js';


/**
 * Runs the CLI with `argv` (without `node` and the script) and returns the
 * exit code: 0 done, 1 failed (a data file, a provider, a port that cannot be
 * listened on), 2 usage (a wrong command, flag, value or file; `serve`
 * without API keys).
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    const line = parseCommandLine(argv);
    if (line.help) {
      io.out(line.command === undefined ? generalUsage() : commandUsage(line.command));
      return 0;
    }
    if (line.command === undefined) {
      if (line.version) {
        io.out(packageVersion());
        return 0;
      }
      io.err(generalUsage());
      return 2;
    }
    return await runCommand(line.command, line, io);
  } catch (error) {
    if (error instanceof FileProblem) {
      io.err(error.message);
      return 2;
    }
    if (error instanceof UsageError) {
      const usage = error.usage === 'none' ? '' : `\n\n${error.usage === 'general' ? generalUsage() : commandUsage(error.usage)}`;
      io.err(`${error.message}${usage}`);
      return 2;
    }
    if (isIdentitySignalsError(error)) {
      io.err(`${error.name} ${error.code}: ${error.message}`);
      return error.name === 'InputError' ? 2 : 1;
    }
    throw error;
  }
}

async function runCommand(command: CommandName, line: CommandLine, io: CliIo): Promise<number> {
  const { args, flags } = line;
  if (command === 'data') return runData(args, flags, io);
  // serve and webhooks run on the optional server packages (Fastify, TypeBox, BullMQ…): loaded
  // only here, so the other commands work without them and these two say what to install.
  if (command === 'webhooks') return (await loadOptional('identity-signals webhooks', 'server', () => import('./webhooks.js'))).runWebhooks(args, flags, io);
  // A missing database is the person's typo, said in their words, before the
  // checker turns it into a DataError about MaxMind.
  for (const path of flags.db) await requireFile(path);
  const dataDir = dataDirOf(flags, io.env ?? process.env);
  // serve reads its own settings (config file, environment, flags) and refuses to start without a key, before any data.
  if (command === 'serve') return await (await loadOptional('identity-signals serve', 'server', () => import('./serve.js'))).serveCommand(flags, io);
  const scoring = scoringOfFlags(flags, command);
  const options: CheckerOptions = {
    ...(flags.bands === undefined ? {} : { scoring: { bands: flags.bands } }),
    ...(scoring === undefined ? {} : { scoring }),
    ...(flags.db.length === 0 ? {} : { ip: { databases: flags.db } }),
    // One country for the command: the phone's for national numbers, the name's hint (where the name is from).
    ...(flags.country === undefined ? {} : { phone: { defaultCountry: flags.country }, name: { country: flags.country } }),
    ...(dataDir === undefined ? {} : { data: dataDir }),
  };
  const checker = createChecker(options);
  switch (command) {
    case 'evaluate':
      return await (await import('./tuning.js')).runEvaluate(flags, scoring, io);
    case 'tune':
      // The provenance's date is the checker's clock, the CLI's one.
      return await (await import('./tuning.js')).runTune(flags, () => checker.now(), io);
    case 'demo':
      for (const input of DEMO_INPUTS) io.out(summarise(input, checker));
      return 0;
    case 'batch':
      if (flags.given.has('input')) return await runBatchFiles(flags, io);
      return await runBatch(checker, batchProduct(line), args[1]!, io);
    case 'worker':
      return await runWorker(flags, io);
    case 'identity': {
      const result = checker.identity(identityInput(flags));
      io.out(flags.compact ? JSON.stringify(result) : JSON.stringify(result, null, 2));
      return 0;
    }
    default: {
      const result = checkOne(checker, command, args, { headers: parseHeaders(flags.header, command) });
      io.out(flags.compact ? JSON.stringify(result) : JSON.stringify(result, null, 2));
      return 0;
    }
  }
}

/** The identity input from its flags: only those given (`--ua` is `userAgent`, `--first`/`--last` the names, `--country` the declared country). */
function identityInput(flags: CommandLine['flags']): IdentityInput {
  const one = (name: 'email' | 'phone' | 'ip' | 'ua' | 'first' | 'last'): string | undefined => flags.given.get(name)?.[0];
  const headers = parseHeaders(flags.header, 'identity');
  const input: Record<string, unknown> = {
    email: one('email'),
    phone: one('phone'),
    ip: one('ip'),
    userAgent: one('ua'),
    firstName: one('first'),
    lastName: one('last'),
    country: flags.country,
    headers: Object.keys(headers).length > 0 ? headers : undefined,
  };
  for (const key of Object.keys(input)) if (input[key] === undefined) delete input[key];
  return input as IdentityInput;
}

function parseHeaders(lines: readonly string[], command: 'email' | 'device' | 'ip' | 'phone' | 'name' | 'identity'): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new UsageError(`--header takes "Name: value", got ${quoted(line)}`, command);
    headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return headers;
}
