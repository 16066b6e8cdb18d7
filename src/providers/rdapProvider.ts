import { InputError, ProviderError } from '../errors.js';
import { isPlainObject } from '../common/options.js';
import { quoteInput } from '../common/quoteInput.js';
import { readBounded } from './readBounded.js';
import type { Provider } from './types.js';

/** Options of {@link rdapProvider}. */
export interface RdapProviderOptions {
  /**
   * Where the RDAP server of each TLD is found: the URL of an IANA-format
   * bootstrap file (RFC 9224), read once and kept, or the table itself
   * (`{ com: 'https://rdap.verisign.com/com/v1/' }`).
   * @default 'https://data.iana.org/rdap/dns.json'
   */
  readonly bootstrap?: string | Readonly<Record<string, string>>;
  /** @default 'rdap' */
  readonly name?: string;
  /** @default 5000 */
  readonly timeoutMs?: number;
  /** @default globalThis.fetch */
  readonly fetch?: typeof fetch;
}

const DAY_MS = 86_400_000;
/** A bootstrap file is about 40 kB and a domain record a few kB: far more is not RDAP. */
const MAX_BOOTSTRAP_BYTES = 1_048_576;
const MAX_RECORD_BYTES = 262_144;

/**
 * A provider of `domain_age` for e-mail domains: days since the
 * `registration` event of the domain's RDAP record (RFC 9083), from the
 * registry the bootstrap names for its TLD, up to the checker's clock
 * (`createChecker({ now })`, handed to the lookup as `now`). A domain the registry does not
 * know (`404`) or a TLD without an RDAP server gives nothing; other errors
 * are failures.
 *
 * @example
 * // not run: asks IANA and the registries
 * const checker = createChecker({ providers: [rdapProvider()] });
 * // about 11000 days for a domain registered in the 1990s
 * (await checker.emailAsync('jane@example.com')).domain_age;
 */
export function rdapProvider(options: RdapProviderOptions = {}): Provider {
  const name = options.name ?? 'rdap';
  const doFetch = options.fetch ?? fetch;
  const given = options.bootstrap ?? 'https://data.iana.org/rdap/dns.json';
  if (typeof given === 'string' && !URL.canParse(given)) throw new InputError('INPUT_OPTION', `rdapProvider: bootstrap ${quoteInput(given)} is not a URL`, 'bootstrap');
  let table: Promise<ReadonlyMap<string, string>> | undefined =
    typeof given === 'string' ? undefined : Promise.resolve(new Map(Object.entries(given).map(([tld, base]) => [tld.toLowerCase(), base])));

  const getJson = async (url: string, signal: AbortSignal, maxBytes: number): Promise<unknown> => {
    const response = await doFetch(url, { headers: { accept: 'application/rdap+json, application/json' }, signal });
    if (response.status === 404) {
      await response.body?.cancel().catch(() => undefined);
      return undefined;
    }
    if (response.status !== 200) {
      await response.body?.cancel().catch(() => undefined);
      throw new ProviderError('PROVIDER_FAILED', `${name}: ${url} answered HTTP ${response.status}`, name);
    }
    return JSON.parse(await readBounded(response, maxBytes));
  };

  const bootstrap = (signal: AbortSignal): Promise<ReadonlyMap<string, string>> => {
    table ??= getJson(given as string, signal, MAX_BOOTSTRAP_BYTES).then(parseBootstrap);
    // A failed read is not kept: the next lookup tries again.
    return table.catch((error: unknown) => {
      table = undefined;
      throw error;
    });
  };

  return {
    name,
    timeoutMs: options.timeoutMs ?? 5000,
    fields: { email: ['domain_age'] },
    async lookup(input, { signal, now }) {
      if (input.product !== 'email') return {};
      const tld = input.domain.slice(input.domain.lastIndexOf('.') + 1);
      const base = (await bootstrap(signal)).get(tld);
      if (base === undefined) return {};
      const record = await getJson(`${base.endsWith('/') ? base : `${base}/`}domain/${encodeURIComponent(input.domain)}`, signal, MAX_RECORD_BYTES);
      if (record === undefined) return {};
      const registered = registrationOf(record);
      if (registered === undefined) return {};
      return { domain_age: Math.max(0, Math.floor((now.getTime() - registered) / DAY_MS)) };
    },
  };
}

/** The TLD → base URL table of an RFC 9224 bootstrap file (`services: [[tlds], [urls]]`), preferring https. */
function parseBootstrap(file: unknown): ReadonlyMap<string, string> {
  const map = new Map<string, string>();
  const services = isPlainObject(file) ? file.services : undefined;
  if (!Array.isArray(services)) throw new Error('the RDAP bootstrap file has no services list');
  for (const service of services) {
    if (!Array.isArray(service) || !Array.isArray(service[0]) || !Array.isArray(service[1])) continue;
    const urls = (service[1] as unknown[]).filter((u): u is string => typeof u === 'string');
    const url = urls.find((u) => u.startsWith('https:')) ?? urls[0];
    if (url === undefined) continue;
    for (const tld of service[0] as unknown[]) if (typeof tld === 'string') map.set(tld.toLowerCase(), url);
  }
  return map;
}

/** Time of the `registration` event of an RDAP domain record (RFC 9083 §4.5), or undefined. */
function registrationOf(record: unknown): number | undefined {
  const events = isPlainObject(record) ? record.events : undefined;
  if (!Array.isArray(events)) return undefined;
  for (const event of events) {
    if (isPlainObject(event) && event.eventAction === 'registration' && typeof event.eventDate === 'string') {
      const time = Date.parse(event.eventDate);
      if (!Number.isNaN(time)) return time;
    }
  }
  return undefined;
}
