import { DATASETS } from '../registry.js';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import type { Logger } from 'pino';
import { createCheckerOn } from '../checker.js';
import { systemTime } from '../common/clock.js';
import { DataError, InputError } from '../errors.js';
import type { Checker, CheckerOptions } from '../checker.js';
import { dnsMx, fromEmailProvider } from '../providers/index.js';
import { providersFromConfig } from '../providers/fromConfig.js';
import { openWebhookQueue } from '../server/openWebhookQueue.js';
import type { Provider } from '../providers/index.js';
import { ConfigError, readConfigFile, readKeysFile, withEnvironment } from '../server/config.js';
import type { ServeConfig, ServeKey } from '../server/config.js';
import type { SERVE_ENVIRONMENT } from '../server/environment.js';
import { createApiServer } from '../server/index.js';
import type { ApiKey, ApiServer } from '../server/index.js';
import { readScoringFile } from '../tuning/scoringFile.js';
import { UsageError } from './args.js';
import { openData } from '../data/context.js';
import type { DataContext } from '../data/context.js';
import { openVerified, verifyOpenedBundle } from '../data/info.js';
import type { BundleProblem } from '../data/info.js';
import { staleWarning } from './data.js';
import type { Flags } from './args.js';
import type { CliIo } from './io.js';

/**
 * The environment variable that holds the server's API keys, comma-separated.
 * Typed as one of SERVE_ENVIRONMENT's names (a type-only import, so the CLI
 * loads nothing more) so that renaming it there breaks the build here.
 */
export const API_KEYS_VARIABLE: keyof typeof SERVE_ENVIRONMENT = 'IDENTITY_SIGNALS_API_KEYS';

/** Said when no key is configured anywhere. */
const NO_KEYS = `serve needs at least one API key in ${API_KEYS_VARIABLE} (comma-separated); refusing to start an open server`;

/** One line that says why listening failed and what to do, for the errors a person can cause. */
function listenProblem(error: NodeJS.ErrnoException, host: string, port: number): string {
  switch (error.code) {
    case 'EADDRINUSE':
      return `port ${port} is in use on ${host}: another program is listening there; stop it or choose another port with --port`;
    case 'EACCES':
      return `no permission to listen on port ${port} (ports below 1024 need privileges); choose another with --port`;
    case 'EADDRNOTAVAIL':
      return `cannot listen on ${host}: it is not an address of this machine (--host)`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `cannot listen on ${host}: no such host (--host)`;
    default:
      return `cannot listen on ${host}:${port}: ${error.message}`;
  }
}

function listen(api: ApiServer, port: number, host: string): Promise<void> {
  const { server } = api;
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => {
      server.off('error', fail);
      ok();
    });
  });
}

/** What `serve` runs with beyond the checker, keys and address: the config file and environment, merged. */
export interface ServeSettings {
  readonly config: ServeConfig;
  /** Reads the keys again (config file, keys file, environment), for SIGHUP. */
  readonly reloadKeys?: () => readonly ApiKey[];
  /**
   * Reads the data again for SIGHUP: the `--data` bundle is verified first,
   * every file, and a bundle with problems is refused before the swap (no
   * checker; the old data stays); else a new checker over it.
   */
  readonly reloadChecker?: () => ReloadedData;
  /**
   * Verifies every file of the starting checker's `--data` bundle, at start:
   * the problems found, none when it verifies.
   */
  readonly verifyData?: () => readonly BundleProblem[];
  /**
   * Send webhooks for email requests with `webhook_url`: on when the checker
   * has providers (what a webhook carries), and a secret signs them.
   */
  readonly webhooks?: boolean;
}

/** The data read again for SIGHUP: the problems of the `--data` bundle, or none and a checker over it. */
export interface ReloadedData {
  readonly problems: readonly BundleProblem[];
  readonly checker?: Checker;
}

/** "the data bundle fails verification (N bad files)": said at start and by a refused reload. */
function failsVerification(problems: readonly BundleProblem[]): string {
  return `the data bundle fails verification (${problems.length} bad file${problems.length === 1 ? '' : 's'})`;
}

/** The DataError `serve` stops with when its --data bundle fails verification at start: the first three problems, and how many more. */
function bundleRefused(problems: readonly BundleProblem[], source: string): DataError {
  const shown = problems.slice(0, 3).map((p) => `${p.file}: ${p.message}`);
  if (problems.length > 3) shown.push(`and ${problems.length - 3} more`);
  return new DataError('DATA_CORRUPT', `${failsVerification(problems)}: ${shown.join('; ')}`, source);
}

/** A pino logger writing one JSON line per entry through `io.out` (stdout from the bin). */
function loggerFor(io: CliIo, level: string): Logger {
  return pino({ level, base: { service: 'identity-signals' } }, { write: (line: string) => io.out(line.replace(/\n$/, '')) });
}

/**
 * Runs the HTTP server until `io.signal` aborts or, from the bin, SIGTERM or
 * SIGINT: then it stops accepting, lets the requests in flight finish,
 * hands the webhooks it could not send over, and returns 0 within
 * `timeouts.shutdownMs`. SIGHUP reads the keys and the data again. Returns
 * 1 when it cannot listen.
 */
export async function serve(
  checker: Checker,
  apiKeys: readonly (string | ApiKey)[],
  port: number,
  host: string,
  io: CliIo,
  settings: ServeSettings = { config: {} },
): Promise<number> {
  const { config } = settings;
  const logger = loggerFor(io, config.logLevel ?? 'info');
  const webhooksOn = settings.webhooks === true && (config.webhook?.secret !== undefined || apiKeys.some((k) => typeof k !== 'string' && k.webhookSecret !== undefined));
  let current = checker;
  // Durable: a journal on this machine, or BullMQ on Redis with REDIS_URL; replayed (or picked up) at start.
  const webhookQueue = webhooksOn ? await openWebhookQueue(config, () => current, logger) : undefined;
  // Webhooks off (no provider, so nothing to add): the keys' secrets are not handed over, so the server opens no queue.
  const served = (keys: readonly (string | ApiKey)[]) => (webhooksOn ? keys : keys.map((k) => (typeof k === 'string' ? k : { ...k, webhookSecret: undefined })));
  const api = createApiServer({
    apiKeys: served(apiKeys),
    checker,
    logger,
    onError: () => {}, // logged by the server with the request id
    ...(config.maxBodyBytes === undefined ? {} : { maxBodyBytes: config.maxBodyBytes }),
    ...(config.rateLimit === undefined ? {} : { rateLimitPerSecond: config.rateLimit.perSecond, ...(config.rateLimit.burst === undefined ? {} : { rateLimitBurst: config.rateLimit.burst }) }),
    ...(config.redisUrl === undefined ? {} : { redis: config.redisUrl }),
    timeouts: { ...config.timeouts },
    ...(config.maxConnections === undefined ? {} : { maxConnections: config.maxConnections }),
    pressure: config.pressure ?? {},
    ...(config.trustProxy === undefined ? {} : { trustProxy: config.trustProxy }),
    ...(webhooksOn ? { webhook: { ...config.webhook } } : {}),
    ...(webhookQueue === undefined ? {} : { webhookQueue }),
  });
  // Shedding waits for the data: loading it stalls the event loop once, which is not load.
  api.shedLoad(false);
  // Listen before loading the data, so a port in use is said at once.
  try {
    await listen(api, port, host);
  } catch (error) {
    io.err(listenProblem(error as NodeJS.ErrnoException, host, port));
    await api.shutdown(systemTime());
    return 1;
  }
  const shutdownMs = config.timeouts?.shutdownMs ?? 10_000;
  let stopping: Promise<void> | undefined;
  const stop = (why: string) =>
    (stopping ??= (async () => {
      logger.info({ signal: why, deadlineMs: shutdownMs }, 'shutting down: finishing requests in flight');
      const report = await api.shutdown(systemTime() + shutdownMs);
      if (report.pendingWebhooks.length > 0) {
        // No durable queue in this process: the jobs are logged (ids and targets, never the e-mail) for replay.
        logger.warn({ count: report.pendingWebhooks.length, webhooks: report.pendingWebhooks.map((j) => ({ resolution_id: j.resolution_id, url: j.url })) }, 'webhooks not sent before the deadline');
      }
      logger.info({ forced: report.forced }, 'stopped');
    })());
  const reload = () => {
    try {
      // Everything is read and checked before anything is swapped: a bad keys file or data bundle leaves both as they were.
      const keys = settings.reloadKeys?.();
      if (keys !== undefined && keys.length === 0) throw new ConfigError('the reloaded configuration has no API key; keeping the old keys');
      const reloaded = settings.reloadChecker?.();
      const problems = reloaded?.problems ?? [];
      if (problems.length > 0) {
        logger.error({ problems }, `reload refused: ${failsVerification(problems)}; still serving with the previous keys and data`);
        return;
      }
      const fresh = reloaded?.checker;
      if (fresh !== undefined) {
        // Loaded whole before it is swapped in, so its first requests are as fast as the old one's; the load stalls
        // the event loop (hundreds of ms for a new bundle), which is not load: shedding waits.
        api.shedLoad(false);
        try {
          fresh.preload();
        } finally {
          setTimeout(() => api.shedLoad(true), 2_000).unref();
        }
      }
      if (keys !== undefined) api.reload({ apiKeys: served(keys) });
      if (fresh !== undefined) {
        // Requests in flight keep the checker they started with; new ones get this one.
        current = fresh;
        api.reload({ checker: fresh });
      }
      logger.info({ keys: keys?.length }, 'reloaded keys and data');
    } catch (error) {
      logger.error({ err: error }, 'reload failed; still serving with the previous keys and data');
    }
  };
  const onAbort = () => void stop('abort');
  io.signal?.addEventListener('abort', onAbort, { once: true });
  const fromBin = io.stdout !== undefined;
  const onTerm = () => void stop('SIGTERM');
  const onInt = () => void stop('SIGINT');
  if (fromBin) {
    process.on('SIGTERM', onTerm);
    process.on('SIGINT', onInt);
    process.on('SIGHUP', reload);
  }
  const done = () => {
    io.signal?.removeEventListener('abort', onAbort);
    process.off('SIGTERM', onTerm);
    process.off('SIGINT', onInt);
    process.off('SIGHUP', reload);
  };
  try {
    // A --data bundle is verified whole at start, as a reload verifies it: every file it lists, those of no
    // product this version reads included, with every problem named (the preload stops at the first).
    const problems = settings.verifyData?.() ?? [];
    if (problems.length > 0) throw bundleRefused(problems, config.data ?? 'the data bundle');
    // The server loads every product's data (preload, a product at a time, /health answering meanwhile);
    // /ready answers 503 until it is done, and a file that fails stops the start here.
    await api.warm;
  } catch (error) {
    // A broken data file: say so (runCli does) and stop listening, or the
    // process would stay up serving nothing.
    done();
    await api.shutdown(systemTime());
    throw error;
  }
  // One sample of the event loop after the load, then shedding is live.
  setTimeout(() => api.shedLoad(true), 2_000).unref();
  // Once per process, at start, never per request: a line on every call is a line nobody reads.
  const staleLine = staleWarning(checker.dataInfo(), io.env ?? process.env);
  if (staleLine !== null) io.err(staleLine);
  const actual = (api.server.address() as AddressInfo).port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  io.err(`identity-signals listening on http://${shownHost}:${actual}/1.0/<product> with ${apiKeys.length} API key${apiKeys.length === 1 ? '' : 's'}`);
  if (io.signal?.aborted) void stop('abort');
  await new Promise<void>((ok) => api.server.once('close', ok));
  await stopping;
  done();
  return 0;
}

/** A key of the config as the server takes it. */
const asApiKey = (key: ServeKey): ApiKey => key as ApiKey;

/** All keys: the config file's, the keys file's and the environment's. */
function keysOf(config: ServeConfig): readonly ApiKey[] {
  return [...(config.keys ?? []), ...(config.keysFile === undefined ? [] : readKeysFile(config.keysFile))].map(asApiKey);
}

/**
 * `identity-signals serve`: settings from `--config FILE`, the environment
 * over it and the flags over both; refuses to start without a key.
 */
export async function serveCommand(flags: Flags, io: CliIo): Promise<number> {
  const env = io.env ?? process.env;
  const file = flags.given.get('config')?.[0];
  const load = (): ServeConfig => {
    try {
      return withEnvironment(file === undefined ? {} : readConfigFile(file), env);
    } catch (error) {
      if (error instanceof ConfigError) throw new UsageError(error.message, 'serve');
      throw error;
    }
  };
  // --data comes with the data bundles; read by name so this works with or without that flag declared.
  const dataFlag = (flags.given as ReadonlyMap<string, readonly string[]>).get('data')?.[0];
  const config = { ...load(), ...(dataFlag === undefined ? {} : { data: dataFlag }) };
  let keys: readonly ApiKey[];
  try {
    keys = keysOf(config);
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(error.message, 'serve');
    throw error;
  }
  if (keys.length === 0) throw new UsageError(NO_KEYS, 'none');
  const maxmind = [...(config.maxmind ?? []), ...flags.db];
  for (const path of config.maxmind ?? []) {
    if (!existsSync(path)) throw new UsageError(`config: no such MaxMind database ${path}`, 'serve');
  }
  const bands = flags.bands ?? config.bands;
  const country = flags.country ?? config.defaultCountry;
  let providers: readonly Provider[];
  try {
    providers = Array.isArray(config.providers) ? providersFromConfig(config.providers) : config.providers?.dnsMx === true ? [fromEmailProvider(dnsMx())] : [];
  } catch (error) {
    if (error instanceof InputError || error instanceof DataError) throw new UsageError(`config: providers: ${error.message}`, 'serve');
    throw error;
  }
  // --scoring over the config file's `scoring`; either beside a `bands` (flag or file) is refused: the file holds its own.
  const scoringFile = flags.given.get('scoring')?.[0] ?? config.scoring;
  if (scoringFile !== undefined && bands !== undefined) {
    throw new UsageError(`${flags.given.has('bands') ? '--bands' : 'config: bands'} and ${flags.given.has('scoring') ? '--scoring' : 'config: scoring'} both set the bands (a scoring file holds its own): give one of them`, 'serve');
  }
  // Read at start (a bad file stops serve: exit 2 naming the file and field) and again by SIGHUP with the data.
  const checkerOptions = (): CheckerOptions => ({
    ...(bands === undefined ? {} : { scoring: { bands } }),
    ...(scoringFile === undefined ? {} : { scoring: readScoringFile(scoringFile) }),
    ...(maxmind.length === 0 ? {} : { ip: { databases: maxmind } }),
    ...(country === undefined ? {} : { phone: { defaultCountry: country } }),
    ...(providers.length === 0 ? {} : { providers }),
  });
  const startOptions = checkerOptions();
  // The --data bundle verified (at start, and by a reload) is the checker's own opened bundle: verifying a
  // second copy read and hashed every file twice, and a file changed between the two reads was served unverified.
  const checkerOn = (context: DataContext | undefined, options = checkerOptions()) => createCheckerOn(options, context);
  const started = config.data === undefined ? undefined : openData(config.data);
  const checker = checkerOn(started, startOptions);
  const data = config.data;
  const reloadChecker = (): ReloadedData => {
    if (data === undefined) return { problems: [], checker: checkerOn(undefined) };
    // A manifest that cannot be read is refused as a bad file is (`data verify` reports it so).
    const { problems, opened } = openVerified(DATASETS, () => openData(data));
    return opened === undefined || problems.length > 0 ? { problems } : { problems, checker: checkerOn(opened) };
  };
  const port = flags.given.has('port') ? flags.port : (config.port ?? flags.port);
  const host = flags.given.has('host') ? flags.host : (config.host ?? flags.host);
  return serve(checker, keys, port, host, io, {
    config,
    reloadKeys: () => keysOf(load()),
    reloadChecker,
    ...(started === undefined ? {} : { verifyData: () => verifyOpenedBundle(started.bundle, DATASETS).problems }),
    webhooks: providers.length > 0,
  });
}
