/**
 * `POST /1.0/hub`: one sign-up's inputs in one request. `claims` names the
 * products to check (one to five, each once), the body carries each claimed
 * product's request fields as its own endpoint takes them, and the answer is
 * the spec's envelope with one result object per claim — the same object the
 * product's endpoint returns — plus `identity`, the cross-signal score of
 * those inputs read as one person (src/identity, docs/identity.md).
 */
import { randomUUID } from 'node:crypto';
import type { Checker } from '../checker.js';
import { quoteInput } from '../common/quoteInput.js';
import { InputError } from '../errors.js';
import type { IdentityInput, IdentityResult } from '../identity/index.js';
import { PRODUCTS, REQUIRED_FIELDS, isProductName } from '../resolve.js';
import type { ProductName } from '../scoring/index.js';

/** A hub request once read: its claims and the identity input built from the claimed products' fields. */
export interface HubRequest {
  readonly customerId: string;
  readonly claims: readonly ProductName[];
  readonly input: IdentityInput;
  readonly webhookUrl: string | undefined;
  readonly requestTime: string | undefined;
}

/** The answer of `POST /1.0/hub`: the envelope, one result per claim, and `identity`. */
export type HubResponse = {
  readonly resolution_id: string;
  readonly customer_id: string;
  readonly device_request_time: string;
  readonly claims: readonly ProductName[];
  readonly webhook_url?: string;
} & IdentityResult;

/** The identity input's names of the checks' fields, on the wire. */
const WIRE: Readonly<Record<string, string>> = Object.freeze({
  phone: 'phone_number',
  userAgent: 'user_agent',
  firstName: 'first_name',
  lastName: 'last_name',
});

/**
 * The claims of a hub body when they are a list of product names, else
 * null: what the permission check reads before the body's schema is judged
 * (a key must not learn, from a 400, how to shape a request for a product it
 * may not use).
 */
export function hubClaims(body: unknown): readonly ProductName[] | null {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return null;
  const claims = (body as { claims?: unknown }).claims;
  return Array.isArray(claims) && claims.every(isProductName) ? claims : null;
}

/**
 * Reads a hub request body in a fixed order — `customer_id`, `claims`, then
 * each claimed product's fields in the order of `claims`, then `country`,
 * `webhook_url`, `device_request_time` — and refuses the first thing wrong
 * with an {@link InputError} naming the field by its wire name (`claims[2]`,
 * `phone_number`). Fields of products not claimed are ignored.
 *
 * @throws InputError `INPUT_TYPE`, `INPUT_MISSING`, `INPUT_UNKNOWN_CLAIM`, or
 * `INPUT_OPTION` for `default_country` (the hub reads `country` instead)
 */
export function readHubRequest(body: unknown): HubRequest {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new InputError('INPUT_TYPE', 'the request must be a JSON object', 'body');
  }
  const request = body as Record<string, unknown>;
  const customerId = requireString(request, 'customer_id');
  const claims = request.claims;
  if (!Array.isArray(claims)) {
    throw new InputError(claims === undefined ? 'INPUT_MISSING' : 'INPUT_TYPE', 'claims must be an array of one to five product names', 'claims');
  }
  if (claims.length === 0 || claims.length > PRODUCTS.length) {
    throw new InputError('INPUT_TYPE', `claims must name one to five products, got ${claims.length}`, 'claims');
  }
  const seen = new Set<ProductName>();
  for (const [i, claim] of claims.entries()) {
    if (!isProductName(claim)) {
      throw new InputError('INPUT_UNKNOWN_CLAIM', `claims[${i}] must be one of ${PRODUCTS.join(', ')}; got ${quoteInput(claim)}`, `claims[${i}]`);
    }
    if (seen.has(claim)) throw new InputError('INPUT_TYPE', `claims[${i}] names ${claim} a second time`, `claims[${i}]`);
    seen.add(claim);
  }
  const input: { -readonly [K in keyof IdentityInput]: IdentityInput[K] } = {};
  for (const claim of claims as ProductName[]) {
    const [first, second] = REQUIRED_FIELDS[claim].map((field) => requireString(request, field));
    if (claim === 'email') input.email = first;
    else if (claim === 'phone') input.phone = first;
    else if (claim === 'ip') input.ip = first;
    else if (claim === 'name') [input.firstName, input.lastName] = [first, second];
    else {
      input.userAgent = first;
      const headers = request.headers;
      if (headers !== undefined && headers !== null) {
        if (typeof headers !== 'object' || Array.isArray(headers)) throw new InputError('INPUT_TYPE', 'headers must be an object of header name → value', 'headers');
        input.headers = headers as Record<string, string | readonly string[]>;
      }
    }
  }
  if (request.default_country !== undefined && request.default_country !== null) {
    throw new InputError(
      'INPUT_OPTION',
      'default_country is not read by /1.0/hub: send country, the declared country, which is also the phone\'s default country',
      'default_country',
    );
  }
  const country = optionalString(request, 'country');
  if (country !== undefined) input.country = country;
  return {
    customerId,
    claims: claims as ProductName[],
    input,
    webhookUrl: optionalString(request, 'webhook_url'),
    requestTime: optionalString(request, 'device_request_time'),
  };
}

/**
 * Answers a hub request already read: the checker's identity check over the
 * claimed inputs, in the spec's envelope. An {@link InputError} a check
 * raises names the request's field (`first_name`, not `firstName`).
 *
 * @throws InputError from the checks (`country` not two letters), under the wire name
 */
export function answerHub(request: HubRequest, checker: Checker): HubResponse {
  // One reading of the checker's clock dates the envelope and the identity (the IP's local time, stale lists).
  const now = checker.now();
  let result: IdentityResult;
  try {
    result = checker.identity(request.input, { now });
  } catch (error) {
    if (!(error instanceof InputError) || error.field === undefined) throw error;
    const key = /^[a-z]+/i.exec(error.field)?.[0] ?? '';
    const wire = WIRE[key];
    if (wire === undefined) throw error;
    const field = `${wire}${error.field.slice(key.length)}`;
    throw new InputError(error.code, error.message.startsWith(key) ? `${wire}${error.message.slice(key.length)}` : `${field}: ${error.message}`, field);
  }
  return {
    resolution_id: randomUUID(),
    customer_id: request.customerId,
    device_request_time: request.requestTime ?? now.toISOString(),
    claims: request.claims,
    ...(request.webhookUrl === undefined ? {} : { webhook_url: request.webhookUrl }),
    ...result,
  };
}

function requireString(body: Record<string, unknown>, field: string): string {
  const value = body[field];
  if (value === undefined || value === null) throw new InputError('INPUT_MISSING', `${field} is required`, field);
  if (typeof value !== 'string') throw new InputError('INPUT_TYPE', `${field} must be a string, got ${Array.isArray(value) ? 'an array' : typeof value}`, field);
  return value;
}

function optionalString(body: Record<string, unknown>, field: string): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new InputError('INPUT_TYPE', `${field} must be a string, got ${Array.isArray(value) ? 'an array' : typeof value}`, field);
  return value;
}
