import { randomUUID } from 'node:crypto';
import { createCheckerOn } from './checker.js';
import type { Checker, CheckerOptions } from './checker.js';
import { sharedChecker } from './data/sharedChecker.js';
import type { DeviceResult } from './device/index.js';
import type { EmailResult } from './email/index.js';
import { quoteInput } from './common/quoteInput.js';
import { InputError } from './errors.js';
import type { IpResult } from './ip/index.js';
import type { NameResult } from './name/index.js';
import type { PhoneResult } from './phone/index.js';
import type { ProductName } from './scoring/index.js';

/**
 * The request body of the spec (`POST /1.0/<product>`). `Claim` is the
 * product named in `claims`; when it is known where the request is written,
 * {@link resolve} returns that product's envelope, with no narrowing needed.
 *
 * @example
 * const request: ResolveRequest<'ip'> = { customer_id: '2f1c4f5e-8b9a-4c6d-9e0f-1a2b3c4d5e6f', claims: ['ip'], ip: '8.8.8.8' };
 */
export interface ResolveRequest<Claim extends ProductName = ProductName> {
  /** Customer identifier (a UUID in the spec), echoed back. */
  readonly customer_id: string;
  /** One element: the product requested. */
  readonly claims: readonly [Claim];
  readonly email?: string;
  readonly webhook_url?: string;
  readonly user_agent?: string;
  /** Extension: request headers carrying client hints, for `device`. */
  readonly headers?: Record<string, string | readonly string[] | undefined>;
  readonly ip?: string;
  readonly phone_number?: string;
  /** Extension: ISO alpha-2 country for national phone numbers. */
  readonly default_country?: string;
  readonly first_name?: string;
  readonly last_name?: string;
  /** Extension: ISO alpha-2 country the name is from (given names whose sex differs by country), for `name`. */
  readonly country?: string;
  /** Echoed when given; otherwise the time of resolution (ISO 8601 UTC). */
  readonly device_request_time?: string;
}

/**
 * The result object of each product, under its claim's name.
 *
 * @example
 * const result: ResultsByClaim['email'] = checkEmail('jane@acme.com');
 */
export interface ResultsByClaim {
  readonly email: EmailResult;
  readonly device: DeviceResult;
  readonly ip: IpResult;
  readonly phone: PhoneResult;
  readonly name: NameResult;
}

/**
 * The spec's response envelope with its one result object, named after the
 * claim. For a union of claims (the default) it is a union with one member
 * per claim, discriminated by which result key it has: `'email' in res`
 * narrows `res` to the email envelope, where `res.email` and
 * `res.claims[0] === 'email'` are typed. (TypeScript does not narrow a
 * union through `res.claims[0]` itself: it discriminates on direct
 * properties only.)
 *
 * @example
 * const body = '{"customer_id":"9b1d…","claims":["email"],"email":"jane@acme.com"}'; // a request body
 * const res: ResolveResponse = await resolve(JSON.parse(body));
 * if ('email' in res) res.email.status; // 'undetermined' (typed EmailStatus)
 */
export type ResolveResponse<Claim extends ProductName = ProductName> = Claim extends ProductName
  ? {
      readonly resolution_id: string;
      readonly customer_id: string;
      readonly device_request_time: string;
      readonly claims: readonly [Claim];
      /** Echo of the request's `webhook_url`: email and name only. */
      readonly webhook_url?: Claim extends 'email' | 'name' ? string : never;
    } & { readonly [Result in Claim]: ResultsByClaim[Result] }
  : never;

/** Options of {@link resolve}. */
export interface ResolveOptions {
  /**
   * The checker to use. Its clock (`createChecker({ now })`) stamps
   * `device_request_time` when the request has none, as it dates every
   * time-dependent field of the result.
   * @default a shared checker on the one-call functions' bundle (`configureDefaults`, else IDENTITY_SIGNALS_DATA, else the package's), default bands and the system clock
   */
  readonly checker?: Checker;
}

/** The five products, named as the spec's claims. */
export const PRODUCTS: readonly ProductName[] = Object.freeze(['email', 'device', 'ip', 'phone', 'name']);

/** True when `value` names one of the five products. */
export function isProductName(value: unknown): value is ProductName {
  return typeof value === 'string' && (PRODUCTS as readonly string[]).includes(value);
}

/** The request fields each product requires, as in the spec's endpoints table. */
export const REQUIRED_FIELDS: Readonly<Record<ProductName, readonly string[]>> = Object.freeze({
  email: ['email'],
  device: ['user_agent'],
  ip: ['ip'],
  phone: ['phone_number'],
  name: ['first_name', 'last_name'],
});

const defaultChecker = sharedChecker<CheckerOptions, Checker>(createCheckerOn);

/**
 * Resolves one spec request into the spec's envelope: `resolution_id` (UUID
 * v4), `customer_id`, `device_request_time`, `claims`, `webhook_url` (email
 * and name) and the `<claim>` result object.
 *
 * Misuse (not an object, an unknown claim, a missing or non-string field)
 * throws {@link InputError} naming the request's field (`default_country`,
 * never a check's option name), with at most 64 characters of any input in
 * its message; a bad *value* (an unparsable e-mail, a reserved IP) is a
 * result, as for the checks.
 *
 * Typing: a request written with its claim (`claims: ['email']`) gives that
 * claim's envelope, so `res.email` type-checks directly; any other value
 * (parsed JSON) gives the union {@link ResolveResponse}, narrowed by
 * `'email' in res`.
 *
 * @example
 * const res = await resolve({ customer_id: '9b1d…', claims: ['email'], email: 'jane@gmial.com' });
 * res.email.status; // 'syntax', with res.email.suggestion === 'gmail.com'
 */
export function resolve<Claim extends ProductName>(request: ResolveRequest<Claim>, options?: ResolveOptions): Promise<ResolveResponse<Claim>>;
/**
 * Resolves a request read from the wire (parsed JSON, of no known type):
 * the envelope of whichever claim it names, as the union
 * {@link ResolveResponse}; narrow it with `'email' in res`. Misuse throws
 * {@link InputError} as for a typed request.
 *
 * @example
 * const res = await resolve(JSON.parse('{"customer_id":"9b1d…","claims":["ip"],"ip":"10.0.0.1"}'));
 * if ('ip' in res) res.ip.connection_type; // 'RSV'
 */
export function resolve(request: unknown, options?: ResolveOptions): Promise<ResolveResponse>;
export async function resolve(request: unknown, options: ResolveOptions = {}): Promise<ResolveResponse> {
  const body = asObject(request);
  const customerId = requireString(body, 'customer_id');
  const claims = body.claims;
  if (!Array.isArray(claims)) {
    throw new InputError(claims === undefined ? 'INPUT_MISSING' : 'INPUT_TYPE', 'claims must be an array with one product name', 'claims');
  }
  if (claims.length !== 1) {
    throw new InputError('INPUT_TYPE', `claims must name exactly one product, got ${claims.length}`, 'claims');
  }
  const claim = claims[0];
  if (!isProductName(claim)) {
    throw new InputError(
      'INPUT_UNKNOWN_CLAIM',
      `claims[0] must be one of ${PRODUCTS.join(', ')}; got ${quoteInput(claim)}`,
      'claims[0]',
    );
  }
  const product = claim;
  const fields = REQUIRED_FIELDS[product].map((field) => requireString(body, field));
  const webhookUrl = optionalString(body, 'webhook_url');
  const requestTime = optionalString(body, 'device_request_time');
  const checker = options.checker ?? defaultChecker(undefined);
  // One reading of the checker's clock: the envelope's time and the IP's request_time agree.
  const now = checker.now();

  const envelope = {
    resolution_id: randomUUID(),
    customer_id: customerId,
    device_request_time: requestTime ?? now.toISOString(),
  };
  // webhook_url is echoed on email and name only (docs/design.md, envelope).
  const webhook = webhookUrl === undefined ? {} : { webhook_url: webhookUrl };
  switch (product) {
    case 'email':
      return { ...envelope, ...webhook, claims: [product], email: inWireNames(() => checker.email(fields[0]!)) };
    case 'device': {
      const headers = body.headers;
      if (headers !== undefined && (headers === null || typeof headers !== 'object' || Array.isArray(headers))) {
        throw new InputError('INPUT_TYPE', 'headers must be an object of header name → value', 'headers');
      }
      const device = inWireNames(() => checker.device(fields[0]!, headers === undefined ? undefined : { headers: headers as Record<string, string> }));
      return { ...envelope, claims: [product], device };
    }
    case 'ip':
      return { ...envelope, claims: [product], ip: inWireNames(() => checker.ip(fields[0]!, { now })) };
    case 'phone': {
      const defaultCountry = optionalString(body, 'default_country');
      return { ...envelope, claims: [product], phone: inWireNames(() => checker.phone(fields[0]!, defaultCountry === undefined ? undefined : { defaultCountry })) };
    }
    case 'name': {
      const country = optionalString(body, 'country');
      return { ...envelope, ...webhook, claims: [product], name: inWireNames(() => checker.name(fields[0]!, fields[1]!, country === undefined ? undefined : { country })) };
    }
  }
}

/**
 * The checks name their arguments and options in camelCase (`defaultCountry`,
 * `userAgent`); a request names the same things in the spec's snake_case.
 * An error raised by a check while answering a request must name the field
 * the client sent, or the client is told to fix a field it does not have.
 */
const WIRE_NAMES: Readonly<Record<string, string>> = Object.freeze({
  defaultCountry: 'default_country',
  userAgent: 'user_agent',
  phoneNumber: 'phone_number',
  firstName: 'first_name',
  lastName: 'last_name',
});

/** Runs a check, re-throwing its {@link InputError} under the request's field name. */
function inWireNames<T>(check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (!(error instanceof InputError) || error.field === undefined || !Object.hasOwn(WIRE_NAMES, error.field)) throw error;
    const { field, message } = error;
    const wire = WIRE_NAMES[field]!;
    throw new InputError(error.code, message.startsWith(field) ? `${wire}${message.slice(field.length)}` : `${wire}: ${message}`, wire);
  }
}

function asObject(request: unknown): Record<string, unknown> {
  if (request === null || typeof request !== 'object' || Array.isArray(request)) {
    throw new InputError('INPUT_TYPE', 'the request must be a JSON object', 'body');
  }
  return request as Record<string, unknown>;
}

function requireString(body: Record<string, unknown>, field: string): string {
  const value = body[field];
  if (value === undefined || value === null) throw new InputError('INPUT_MISSING', `${field} is required`, field);
  if (typeof value !== 'string') throw new InputError('INPUT_TYPE', `${field} must be a string, got ${typeof value}`, field);
  return value;
}

function optionalString(body: Record<string, unknown>, field: string): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new InputError('INPUT_TYPE', `${field} must be a string, got ${typeof value}`, field);
  return value;
}
