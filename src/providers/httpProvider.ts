import { InputError, ProviderError } from '../errors.js';
import { isPlainObject } from '../common/options.js';
import { quoteInput } from '../common/quoteInput.js';
import { PROVIDER_FIELDS, PROVIDER_PRODUCTS } from './fields.js';
import { readBounded } from './readBounded.js';
import type { Provider, ProviderFields, ProviderProduct } from './types.js';

/** Options of {@link httpProvider}. */
export interface HttpProviderOptions {
  /** Your enrichment service: each lookup POSTs the input there as JSON. */
  readonly url: string;
  /** Headers sent with every request (an API key, a tenant id). @default {} */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * What the service fills: product names (every field of each) or fields by
   * product (`{ email: ['has_linkedin', 'company_name'] }`). Anything else in
   * its answers is ignored.
   */
  readonly products: readonly ProviderProduct[] | ProviderFields;
  /** @default 'http' */
  readonly name?: string;
  /** @default 5000 */
  readonly timeoutMs?: number;
  /** Largest answer read. @default 65536 */
  readonly maxResponseBytes?: number;
  /** @default globalThis.fetch */
  readonly fetch?: typeof fetch;
}

/**
 * A provider that asks your own enrichment service — the way a licensed
 * social-signal, company-data or phone-porting feed is plugged in. Each
 * lookup POSTs the input (`{ "product": "email", "value": …, "email": …,
 * "domain": … }`, see {@link ProviderInput}) and expects `200` with a JSON
 * object of result fields. The answer is validated like any provider's:
 * only declared fields of the right type are merged, a wrong type is a
 * `provider_errors` entry. `404` means "nothing known"; any other status, a
 * body that is not a JSON object or one over `maxResponseBytes` is a failure.
 * Redirects are not followed.
 *
 * @example
 * // not run: calls your service
 * const social = httpProvider({ url: 'https://enrich.internal/lookup', headers: { authorization: 'Bearer …' }, products: { email: ['has_linkedin'] } });
 */
export function httpProvider(options: HttpProviderOptions): Provider {
  let url: URL;
  try {
    url = new URL(options.url);
  } catch {
    throw new InputError('INPUT_OPTION', `httpProvider: url ${quoteInput(options.url)} is not a URL`, 'url');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new InputError('INPUT_OPTION', `httpProvider: url must be http(s), got ${quoteInput(url.protocol)}`, 'url');
  const fields = fieldsOf(options.products);
  const name = options.name ?? 'http';
  const maxBytes = options.maxResponseBytes ?? 65_536;
  const doFetch = options.fetch ?? fetch;
  const headers = { ...options.headers, 'content-type': 'application/json', accept: 'application/json' };
  return {
    name,
    timeoutMs: options.timeoutMs ?? 5000,
    fields,
    async lookup(input, { signal }) {
      const response = await doFetch(url, { method: 'POST', headers, body: JSON.stringify(input), signal, redirect: 'manual' });
      if (response.status === 404) {
        await response.body?.cancel().catch(() => undefined);
        return {};
      }
      if (response.status !== 200) {
        await response.body?.cancel().catch(() => undefined);
        throw new ProviderError('PROVIDER_FAILED', `${name} answered HTTP ${response.status}`, name);
      }
      const text = await readBounded(response, maxBytes);
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new ProviderError('PROVIDER_FAILED', `${name} answered something that is not JSON: ${quoteInput(text)}`, name);
      }
      if (!isPlainObject(body)) throw new ProviderError('PROVIDER_FAILED', `${name} answered JSON that is not an object`, name);
      return body;
    },
  };
}

function fieldsOf(products: HttpProviderOptions['products']): ProviderFields {
  if (Array.isArray(products)) {
    const out: Record<string, readonly string[]> = {};
    for (const product of products as readonly unknown[]) {
      if (!PROVIDER_PRODUCTS.includes(product as ProviderProduct)) throw new InputError('INPUT_OPTION', `httpProvider: ${quoteInput(product)} is not a product`, 'products');
      out[product as string] = Object.keys(PROVIDER_FIELDS[product as ProviderProduct]);
    }
    return out;
  }
  if (!isPlainObject(products)) throw new InputError('INPUT_OPTION', 'httpProvider: products must be a list of products or fields by product', 'products');
  return products;
}
