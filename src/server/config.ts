/**
 * The settings of `identity-signals serve`: a JSON file (`--config FILE`),
 * environment variables over it, command-line flags over both. The file's
 * schema is TypeBox, so the same text checks it and documents it
 * (docs/server.md, configuration reference).
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve as resolvePath } from 'node:path';
import { Type } from 'typebox';
import type { Static, TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { ProviderSpecSchema } from '../providers/fromConfig.js';
import { PRODUCTS } from '../resolve.js';
import type { SERVE_ENVIRONMENT } from './environment.js';

const product = Type.Enum(PRODUCTS as readonly string[] as ['email', 'device', 'ip', 'phone', 'name']);
const RateLimitSchema = Type.Object(
  { perSecond: Type.Number({ minimum: 0 }), burst: Type.Optional(Type.Number({ minimum: 1 })) },
  { additionalProperties: false },
);
const KeySchema = Type.Object(
  {
    key: Type.String({ minLength: 1 }),
    name: Type.Optional(Type.String({ minLength: 1 })),
    webhookSecret: Type.Optional(Type.String({ minLength: 1 })),
    rateLimit: Type.Optional(RateLimitSchema),
    products: Type.Optional(Type.Array(product)),
  },
  { additionalProperties: false },
);
const whole = (minimum = 0) => Type.Integer({ minimum });

/** The keys file: an array of keys, or `{ "keys": [...] }`. */
const KeysFileSchema = Type.Union([Type.Array(KeySchema), Type.Object({ keys: Type.Array(KeySchema) }, { additionalProperties: false })]);

/** The config file. Every setting is optional. */
export const ServeConfigSchema = Type.Object(
  {
    port: Type.Optional(Type.Integer({ minimum: 0, maximum: 65_535 })),
    host: Type.Optional(Type.String({ minLength: 1 })),
    keys: Type.Optional(Type.Array(KeySchema)),
    keysFile: Type.Optional(Type.String({ minLength: 1 })),
    rateLimit: Type.Optional(RateLimitSchema),
    maxBodyBytes: Type.Optional(whole(1)),
    data: Type.Optional(Type.String({ minLength: 1 })),
    maxmind: Type.Optional(Type.Array(Type.String({ minLength: 1 }))),
    defaultCountry: Type.Optional(Type.String({ minLength: 2, maxLength: 2 })),
    bands: Type.Optional(Type.Enum(['default', 'scorecard'])),
    // A scoring file (as `tune` writes it), by path: read and checked at start and again on SIGHUP.
    scoring: Type.Optional(Type.String({ minLength: 1 })),
    timeouts: Type.Optional(
      Type.Object(
        { requestMs: Type.Optional(whole()), headersMs: Type.Optional(whole()), keepAliveMs: Type.Optional(whole()), shutdownMs: Type.Optional(whole()) },
        { additionalProperties: false },
      ),
    ),
    maxConnections: Type.Optional(whole(1)),
    pressure: Type.Optional(
      Type.Union([
        Type.Literal(false),
        Type.Object(
          {
            maxEventLoopDelayMs: Type.Optional(whole()),
            maxHeapUsedBytes: Type.Optional(whole()),
            maxRssBytes: Type.Optional(whole()),
            retryAfterSeconds: Type.Optional(whole(1)),
          },
          { additionalProperties: false },
        ),
      ]),
    ),
    logLevel: Type.Optional(Type.Enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])),
    redisUrl: Type.Optional(Type.String({ minLength: 1 })),
    trustProxy: Type.Optional(Type.Union([Type.Boolean(), Type.String(), Type.Integer({ minimum: 0 })])),
    webhook: Type.Optional(
      Type.Object(
        {
          secret: Type.Optional(Type.String({ minLength: 1 })),
          allowPrivateTargets: Type.Optional(Type.Boolean()),
          retries: Type.Optional(whole()),
          baseDelayMs: Type.Optional(whole()),
          timeoutMs: Type.Optional(whole(1)),
          // Durable delivery: the journal's directory, the retry window, bounds on the receiver's answer.
          dir: Type.Optional(Type.String({ minLength: 1 })),
          windowMs: Type.Optional(whole(1)),
          maxDelayMs: Type.Optional(whole(1)),
          maxResponseBytes: Type.Optional(whole(1)),
          concurrency: Type.Optional(whole(1)),
          // Fair delivery and a journal that is compacted while running.
          keyConcurrency: Type.Optional(whole(1)),
          hostConcurrency: Type.Optional(whole(1)),
          compactBytes: Type.Optional(whole(4096)),
          lockMs: Type.Optional(whole(1000)),
        },
        { additionalProperties: false },
      ),
    ),
    // A list of providers (docs/providers.md), or the first form: { "dnsMx": true }.
    providers: Type.Optional(
      Type.Union([Type.Array(ProviderSpecSchema), Type.Object({ dnsMx: Type.Optional(Type.Boolean()) }, { additionalProperties: false })]),
    ),
  },
  { additionalProperties: false },
);

/** The config file as a TypeScript type, read from its schema. */
export type ServeConfig = Static<typeof ServeConfigSchema>;
/** One key of the config or keys file. */
export type ServeKey = Static<typeof KeySchema>;

/** A setting that cannot be used: where it came from and why. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** The first schema error, in words: `timeouts.headersMs must be integer`, `unknown setting "prot"`. */
function firstProblem(schema: TSchema, value: unknown, at = ''): string | null {
  for (const error of Value.Errors(schema, value)) {
    if (error.keyword === 'boolean') continue;
    const path = [at, ...error.instancePath.slice(1).split('/')].filter((part) => part !== '').join('.');
    if (error.keyword === 'additionalProperties') {
      const names = (error.params as { additionalProperties?: string[] }).additionalProperties ?? [];
      return `unknown setting ${JSON.stringify(path === '' ? names[0] : `${path}.${names[0]}`)}`;
    }
    return `${path === '' ? 'the file' : path} ${error.message}`;
  }
  return null;
}

function readJson(file: string, what: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigError(`cannot read the ${what} ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ConfigError(`the ${what} ${file} is not JSON: ${(error as Error).message}`);
  }
}

/** The provider types a config file may list, each with its own object schema (the branches of {@link ProviderSpecSchema}). */
const PROVIDER_SCHEMAS: ReadonlyMap<string, TSchema> = new Map(
  ProviderSpecSchema.anyOf.map((branch) => [String((branch.properties.type as { const: unknown }).const), branch]),
);

/**
 * The first fault of a `providers` list, each entry checked against the
 * schema of its own `type`. The whole-file check alone would report the
 * first complaint of the union's first branch (`dns`) for any bad entry,
 * naming a setting that is not at fault.
 */
function providersProblem(value: unknown): string | null {
  const entries = value !== null && typeof value === 'object' ? (value as { providers?: unknown }).providers : undefined;
  if (!Array.isArray(entries)) return null;
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i];
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) return `providers.${i} must be an object`;
    const type = (entry as { type?: unknown }).type;
    const schema = typeof type === 'string' ? PROVIDER_SCHEMAS.get(type) : undefined;
    if (schema === undefined) return `providers.${i}.type must be one of ${[...PROVIDER_SCHEMAS.keys()].join(', ')}`;
    const problem = firstProblem(schema, entry, `providers.${i}`);
    if (problem !== null) return problem;
  }
  return null;
}

/** Reads and checks a config file; relative paths in it are taken from the file's folder. */
export function readConfigFile(file: string): ServeConfig {
  const value = readJson(file, 'config file');
  const problem = providersProblem(value) ?? firstProblem(ServeConfigSchema, value);
  if (problem !== null) throw new ConfigError(`config file ${file}: ${problem}`);
  const config = value as ServeConfig;
  const base = dirname(resolvePath(file));
  const at = (path: string) => resolvePath(base, path);
  return {
    ...config,
    ...(config.keysFile === undefined ? {} : { keysFile: at(config.keysFile) }),
    ...(config.data === undefined ? {} : { data: at(config.data) }),
    ...(config.scoring === undefined ? {} : { scoring: at(config.scoring) }),
    ...(config.maxmind === undefined ? {} : { maxmind: config.maxmind.map(at) }),
    ...(config.webhook?.dir === undefined ? {} : { webhook: { ...config.webhook, dir: at(config.webhook.dir) } }),
    ...(Array.isArray(config.providers) ? { providers: config.providers.map((p) => (p.type === 'table' ? { ...p, file: at(p.file) } : p)) } : {}),
  };
}

/** Reads and checks a keys file (read again on SIGHUP). */
export function readKeysFile(file: string): readonly ServeKey[] {
  const value = readJson(file, 'keys file');
  const problem = firstProblem(KeysFileSchema, value);
  if (problem !== null) throw new ConfigError(`keys file ${file}: ${problem}`);
  return Array.isArray(value) ? (value as ServeKey[]) : (value as { keys: ServeKey[] }).keys;
}

type Env = Readonly<Record<string, string | undefined>>;

function envWhole(env: Env, name: keyof typeof SERVE_ENVIRONMENT, min = 0): number | undefined {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d{1,15}$/.test(raw) || Number(raw) < min) throw new ConfigError(`${name} must be a whole number ≥ ${min}, got ${JSON.stringify(raw.slice(0, 64))}`);
  return Number(raw);
}

function envString(env: Env, name: keyof typeof SERVE_ENVIRONMENT): string | undefined {
  const raw = env[name]?.trim();
  return raw === undefined || raw === '' ? undefined : raw;
}

const list = (raw: string | undefined) => (raw ?? '').split(',').map((s) => s.trim()).filter((s) => s !== '');

/**
 * The config with the environment over it. The keys of
 * `IDENTITY_SIGNALS_API_KEYS` are added to the file's; other variables
 * replace the file's setting.
 */
export function withEnvironment(config: ServeConfig, env: Env): ServeConfig {
  const port = envWhole(env, 'IDENTITY_SIGNALS_PORT');
  if (port !== undefined && port > 65_535) throw new ConfigError(`IDENTITY_SIGNALS_PORT must be 0..65535, got ${port}`);
  const logLevel = envString(env, 'IDENTITY_SIGNALS_LOG_LEVEL');
  if (logLevel !== undefined && !['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    throw new ConfigError(`IDENTITY_SIGNALS_LOG_LEVEL must be fatal, error, warn, info, debug, trace or silent, got ${JSON.stringify(logLevel.slice(0, 64))}`);
  }
  const perSecond = envWhole(env, 'IDENTITY_SIGNALS_RATE_LIMIT');
  const timeouts = {
    ...config.timeouts,
    ...defined({
      requestMs: envWhole(env, 'IDENTITY_SIGNALS_REQUEST_TIMEOUT_MS'),
      headersMs: envWhole(env, 'IDENTITY_SIGNALS_HEADERS_TIMEOUT_MS'),
      keepAliveMs: envWhole(env, 'IDENTITY_SIGNALS_KEEP_ALIVE_TIMEOUT_MS'),
      shutdownMs: envWhole(env, 'IDENTITY_SIGNALS_SHUTDOWN_TIMEOUT_MS'),
    }),
  };
  const secret = envString(env, 'IDENTITY_SIGNALS_WEBHOOK_SECRET');
  const webhookDir = envString(env, 'IDENTITY_SIGNALS_WEBHOOK_DIR');
  const dnsMx = envString(env, 'IDENTITY_SIGNALS_DNS_MX');
  const maxmind = list(env.IDENTITY_SIGNALS_MAXMIND);
  return {
    ...config,
    keys: [...(config.keys ?? []), ...list(env.IDENTITY_SIGNALS_API_KEYS).map((key) => ({ key }))],
    ...defined({
      port,
      host: envString(env, 'IDENTITY_SIGNALS_HOST'),
      keysFile: envString(env, 'IDENTITY_SIGNALS_KEYS_FILE'),
      data: envString(env, 'IDENTITY_SIGNALS_DATA'),
      logLevel: logLevel as ServeConfig['logLevel'],
      maxConnections: envWhole(env, 'IDENTITY_SIGNALS_MAX_CONNECTIONS', 1),
      redisUrl: envString(env, 'REDIS_URL'),
    }),
    ...(maxmind.length === 0 ? {} : { maxmind }),
    ...(perSecond === undefined ? {} : { rateLimit: { perSecond } }),
    timeouts,
    ...(secret === undefined && webhookDir === undefined
      ? {}
      : { webhook: { ...config.webhook, ...(secret === undefined ? {} : { secret }), ...(webhookDir === undefined ? {} : { dir: webhookDir }) } }),
    ...(dnsMx === undefined || Array.isArray(config.providers) ? {} : { providers: { ...config.providers, dnsMx: dnsMx === '1' || dnsMx === 'true' } }),
  };
}

function defined<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
}
