/**
 * One error hierarchy for the whole library. Bad *input values* are results,
 * never exceptions; these are thrown only for misuse (a non-string where a
 * string is required, an unknown option), for broken data files, and for
 * failing providers.
 */

/**
 * Machine-readable error codes. Stable across minor versions.
 *
 * - `INPUT_TYPE`: a value that must be a string (or an object) is not one.
 * - `INPUT_MISSING`: a required request field is absent.
 * - `INPUT_UNKNOWN_CLAIM`: a claim that is not one of the five products.
 * - `INPUT_OPTION`: a bad option of `createChecker`, a `create*Check`, a
 *   `check*` function or a per-call options object: not an object, an
 *   unknown key, or a value of the wrong type or out of range
 *   (`device.cacheSize`, `ip.databases[1]`, `phone.defaultCountry`).
 * - `SCORING_CONFIG`: anything wrong in `scoring`: not an object, an unknown
 *   key, bands that are not a preset or contiguous integer bands over
 *   0..1000, a weight code that is no product's signal
 *   (`scoring.weights.EMAILFREE`), a weight outside its range (0..10 nats; 0..1 for a carried damping) or on an info signal.
 * - `NOT_IMPLEMENTED`: reserved for a feature this version does not implement.
 * - `DATA_MISSING`, `DATA_CORRUPT`, `DATA_VERSION`: a bundled or supplied data
 *   file is absent, unreadable or of the wrong version.
 * - `PROVIDER_FAILED`, `PROVIDER_TIMEOUT`: a caller-supplied provider failed;
 *   `PROVIDER_INVALID`: it answered a field with a value of the wrong type.
 * - `DEPENDENCY_MISSING`: a feature needs an optional package that is not
 *   installed (the HTTP server, the Redis queues); see
 *   {@link MissingDependencyError}.
 * - `INTERNAL`: a bug in this library.
 *
 * For `INPUT_*` and `SCORING_CONFIG` errors, {@link InputError.field} holds
 * the path of the field or option at fault.
 */
export type IdentitySignalsErrorCode =
  | 'INPUT_TYPE'
  | 'INPUT_MISSING'
  | 'INPUT_UNKNOWN_CLAIM'
  | 'INPUT_OPTION'
  | 'NOT_IMPLEMENTED'
  | 'DATA_MISSING'
  | 'DATA_CORRUPT'
  | 'DATA_VERSION'
  | 'PROVIDER_FAILED'
  | 'PROVIDER_TIMEOUT'
  | 'PROVIDER_INVALID'
  | 'SCORING_CONFIG'
  | 'DEPENDENCY_MISSING'
  | 'INTERNAL';

/** Base class of every error this library throws. */
export class IdentitySignalsError extends Error {
  override readonly name: string = 'IdentitySignalsError';
  /** Stable, machine-readable code. */
  readonly code: IdentitySignalsErrorCode;

  constructor(code: IdentitySignalsErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/**
 * The caller used the API wrongly: a wrong type, a missing field, an unknown
 * claim or option. `field` names the offending field where there is one.
 */
export class InputError extends IdentitySignalsError {
  override readonly name = 'InputError';
  /** Stable, machine-readable code: one of the codes of misuse. */
  declare readonly code: Extract<IdentitySignalsErrorCode, `INPUT_${string}` | 'NOT_IMPLEMENTED' | 'SCORING_CONFIG'>;
  /**
   * The request field or option at fault, as a path into what the caller
   * passed: `"email"`, `"claims[0]"`, `"scoring.weights.EMAILFREE"`,
   * `"ip.databases[1]"`; `"options"` when the options argument itself is wrong.
   */
  readonly field: string | undefined;

  constructor(
    code: Extract<IdentitySignalsErrorCode, `INPUT_${string}` | 'NOT_IMPLEMENTED' | 'SCORING_CONFIG'>,
    message: string,
    field?: string,
  ) {
    super(code, message);
    this.field = field;
  }
}

/** A bundled or caller-supplied data file is missing, corrupt or of the wrong version. */
export class DataError extends IdentitySignalsError {
  override readonly name = 'DataError';
  /** Path or description of the data source at fault. */
  readonly source: string;

  constructor(
    code: Extract<IdentitySignalsErrorCode, `DATA_${string}`>,
    message: string,
    source: string,
    options?: { cause?: unknown },
  ) {
    super(code, message, options);
    this.source = source;
  }
}

/** A caller-supplied provider failed or timed out. */
export class ProviderError extends IdentitySignalsError {
  override readonly name = 'ProviderError';
  /** Name of the provider that failed. */
  readonly provider: string;

  constructor(
    code: Extract<IdentitySignalsErrorCode, `PROVIDER_${string}`>,
    message: string,
    provider: string,
    options?: { cause?: unknown },
  ) {
    super(code, message, options);
    this.provider = provider;
  }
}

/**
 * A feature needs optional packages that are not installed. The server
 * (`identity-signals serve`, `identity-signals/server`) and the Redis queues
 * (`worker`, `batch --queue`) run on packages a default install leaves out,
 * to keep it small; they are optional peer dependencies. `command` is the
 * `npm install` line that adds them, at the versions this release is tested
 * with.
 */
export class MissingDependencyError extends IdentitySignalsError {
  override readonly name = 'MissingDependencyError';
  declare readonly code: 'DEPENDENCY_MISSING';
  /** What needs them: `"identity-signals serve"`, `"identity-signals/server"`, `"worker"`. */
  readonly feature: string;
  /** The packages that could not be found. */
  readonly missing: readonly string[];
  /** The install command for all the packages the feature needs (`npm install fastify@5.12.8 …`). */
  readonly command: string;

  constructor(feature: string, missing: readonly string[], command: string) {
    super('DEPENDENCY_MISSING', `${feature} needs ${missing.length === 1 ? 'a package that is' : 'packages that are'} not installed (${missing.join(', ')}); install them with: ${command}`);
    this.feature = feature;
    this.missing = Object.freeze([...missing]);
    this.command = command;
  }
}

/** True when `error` is any error thrown by this library. */
export function isIdentitySignalsError(error: unknown): error is IdentitySignalsError {
  return error instanceof IdentitySignalsError;
}

/** True when `error` is an {@link InputError}. */
export function isInputError(error: unknown): error is InputError {
  return error instanceof InputError;
}

/** True when `error` is a {@link DataError}. */
export function isDataError(error: unknown): error is DataError {
  return error instanceof DataError;
}

/** True when `error` is a {@link ProviderError}. */
export function isProviderError(error: unknown): error is ProviderError {
  return error instanceof ProviderError;
}

/** True when `error` is a {@link MissingDependencyError}. */
export function isMissingDependencyError(error: unknown): error is MissingDependencyError {
  return error instanceof MissingDependencyError;
}
