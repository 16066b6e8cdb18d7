import { promises as dnsPromises } from 'node:dns';
import { isIPv4 } from 'node:net';
import { InputError, ProviderError } from '../errors.js';
import { quoteInput } from '../common/quoteInput.js';
import { canaryOptions, resolverCanary } from './dnsCanary.js';
import type { CanaryOptions } from './dnsCanary.js';
import type { Provider, ProviderInput } from './types.js';

/** Options of {@link dnsProvider}. */
export interface DnsProviderOptions extends CanaryOptions {
  /** Name in reasons and errors. @default 'dns' */
  readonly name?: string;
  /** Resolvers to ask (`'192.0.2.53'`, `'[2001:db8::53]:5353'`, `'127.0.0.1:5353'`). @default the system's */
  readonly servers?: readonly string[];
  /**
   * DNSBL zones asked about an IP (`black_list_count` counts the zones that
   * list it). Spamhaus refuses queries from large public resolvers: use your
   * own resolver or your own zones. @default ['zen.spamhaus.org', 'bl.spamcop.net']
   */
  readonly ipBlockLists?: readonly string[];
  /** Domain block lists (RHSBL) asked about an e-mail domain (`domain_black_list_count`). @default [] (not asked) */
  readonly domainBlockLists?: readonly string[];
  /** Look up the IP's reverse-DNS name (PTR, confirmed forward) for `hostname`. @default true */
  readonly reverse?: boolean;
  /** Per query, and the provider's time limit. @default 3000 */
  readonly timeoutMs?: number;
}

/** DNS answers that mean "no such record", as opposed to a failure. */
const NO_RECORD = new Set(['ENODATA', 'ENOTFOUND', 'NXDOMAIN']);
const code = (error: unknown) => (error as NodeJS.ErrnoException).code ?? '';

/**
 * A provider that asks DNS: MX and A/AAAA records of an e-mail domain
 * (`mx`), DNSBL zones for an IP (`black_list_count`) and domain block lists
 * for an e-mail domain (`domain_black_list_count`), and an IP's reverse-DNS
 * name (`hostname`, kept only when it resolves back to the address). It
 * opens sockets to your resolvers, so it runs only when you plug it in.
 *
 * A block-list answer in 127.0.0.0/8 means "listed"; 127.255.255.0/24 is the
 * Spamhaus code for a refused or rate-limited query, and an address outside
 * 127.0.0.0/8 is no block-list answer (a captive portal's resolver answers
 * every name with its own address): both are reported as a failure rather
 * than counted. A failure of any query fails the lookup (a `provider_errors`
 * entry): unknown, never "not listed".
 *
 * A "no such name" is believed only from a resolver that finds names that
 * must resolve (`canaryDomains`, the big mail providers' MX, checked at most
 * once per `canaryTtlMs`): with a resolver that answers NXDOMAIN to every
 * name, a lookup that would say "no mail", "not listed" or "no reverse name"
 * fails instead, so a broken resolver cannot make every address invalid.
 *
 * @example
 * // not run: asks your DNS resolver
 * const checker = createChecker({ providers: [dnsProvider({ domainBlockLists: ['dbl.spamhaus.org'] })] });
 * (await checker.ipAsync('192.0.2.1')).black_list_count;
 */
export function dnsProvider(options: DnsProviderOptions = {}): Provider {
  const name = options.name ?? 'dns';
  const timeoutMs = options.timeoutMs ?? 3000;
  const ipZones = options.ipBlockLists ?? ['zen.spamhaus.org', 'bl.spamcop.net'];
  const domainZones = options.domainBlockLists ?? [];
  const reverse = options.reverse ?? true;
  for (const zone of [...ipZones, ...domainZones]) {
    if (typeof zone !== 'string' || !/^[a-z0-9.-]+$/i.test(zone)) throw new InputError('INPUT_OPTION', `dnsProvider: ${quoteInput(zone)} is not a DNS zone`, 'ipBlockLists');
  }
  const canary = canaryOptions(options, 'dnsProvider');
  const fail = (what: string, error: unknown) =>
    new ProviderError('PROVIDER_FAILED', `${what} failed: ${(error as Error).message}`, name, { cause: error });

  const newResolver = () => {
    const resolver = new dnsPromises.Resolver({ timeout: timeoutMs, tries: 1 });
    if (options.servers !== undefined) resolver.setServers([...options.servers]);
    return resolver;
  };
  /** A resolver for one lookup, so that an abort cancels only its own queries. */
  const resolverFor = (signal: AbortSignal) => {
    const resolver = newResolver();
    signal.addEventListener('abort', () => resolver.cancel(), { once: true });
    return resolver;
  };
  // Shared by every lookup, so on a resolver of its own: one lookup's abort does not cancel the others' check.
  const resolverCheck = resolverCanary(name, canary.domains, canary.ttlMs, (domain) => newResolver().resolveMx(domain));

  /** How many zones list `label` (reversed IP or domain): ENOTFOUND is "not listed", believed only from a resolver that passes its check. */
  const countListings = async (resolver: dnsPromises.Resolver, label: string, zones: readonly string[], now: number) => {
    const listed = await Promise.all(
      zones.map(async (zone) => {
        let answers: string[];
        try {
          answers = await resolver.resolve4(`${label}.${zone}`);
        } catch (error) {
          if (NO_RECORD.has(code(error))) return 0;
          throw fail(`block-list query to ${zone}`, error);
        }
        if (answers.length === 0) return 0;
        if (answers.some((a) => a.startsWith('127.255.255.'))) throw fail(`block-list query to ${zone}`, new Error(`${zone} refused the query (${answers.join(', ')})`));
        // RFC 5782 §2.3: a listing is an address in 127.0.0.0/8; anything else is some other server's answer.
        if (!answers.every((a) => a.startsWith('127.'))) throw fail(`block-list query to ${zone}`, new Error(`${zone} answered ${answers.join(', ')}, not a block-list answer (127.0.0.0/8): a resolver that answers every name?`));
        return 1;
      }),
    );
    if (listed.includes(0)) await resolverCheck.vouch(now);
    return listed.reduce<number>((a, b) => a + b, 0);
  };

  const hasMail = async (resolver: dnsPromises.Resolver, domain: string, now: number): Promise<boolean> => {
    const found = await mailFound(resolver, domain);
    // A null MX is a record the domain published: a fact, whatever the resolver. "No such name" needs a resolver that resolves.
    if (found === 'none') await resolverCheck.vouch(now);
    return found === 'mail';
  };

  const mailFound = async (resolver: dnsPromises.Resolver, domain: string): Promise<'mail' | 'null-mx' | 'none'> => {
    try {
      const records = await resolver.resolveMx(domain);
      // A "null MX" (RFC 7505: one record, exchange ".") says the domain takes no mail.
      if (records.length === 1 && (records[0]!.exchange === '' || records[0]!.exchange === '.')) return 'null-mx';
      if (records.length > 0) return 'mail';
    } catch (error) {
      if (!NO_RECORD.has(code(error))) throw fail(`MX lookup of ${domain}`, error);
    }
    // No MX: an A or AAAA record is the implicit MX (RFC 5321 §5.1).
    const found = await Promise.all(
      [resolver.resolve4(domain), resolver.resolve6(domain)].map((query) =>
        query.then(
          (addresses) => addresses.length > 0,
          (error: unknown) => {
            if (NO_RECORD.has(code(error))) return false;
            throw fail(`address lookup of ${domain}`, error);
          },
        ),
      ),
    );
    return found.includes(true) ? 'mail' : 'none';
  };

  const hostnameOf = async (resolver: dnsPromises.Resolver, ip: string, version: 4 | 6, now: number): Promise<string | undefined> => {
    let names: string[];
    try {
      names = await resolver.reverse(ip);
    } catch (error) {
      if (!NO_RECORD.has(code(error))) throw fail(`reverse lookup of ${ip}`, error);
      await resolverCheck.vouch(now);
      return undefined;
    }
    // Anyone can write any PTR for their own addresses: keep a name only if it points back (forward-confirmed).
    let unanswered = false;
    for (const host of names.slice(0, 5)) {
      try {
        const forward = version === 4 ? await resolver.resolve4(host) : await resolver.resolve6(host);
        if (forward.some((a) => sameAddress(a, ip))) return host.replace(/\.$/, '').toLowerCase();
      } catch (error) {
        if (!NO_RECORD.has(code(error))) throw fail(`forward lookup of ${host}`, error);
        unanswered = true;
      }
    }
    if (unanswered) await resolverCheck.vouch(now);
    return undefined;
  };

  return {
    name,
    timeoutMs,
    fields: { email: domainZones.length > 0 ? ['mx', 'domain_black_list_count'] : ['mx'], ip: reverse ? ['black_list_count', 'hostname'] : ['black_list_count'] },
    async lookup(input: ProviderInput, { signal, now: instant }) {
      const resolver = resolverFor(signal);
      const now = instant.getTime();
      if (input.product === 'email') {
        const [mx, listed] = await Promise.all([
          hasMail(resolver, input.domain, now),
          domainZones.length > 0 ? countListings(resolver, input.domain, domainZones, now) : Promise.resolve(undefined),
        ]);
        return listed === undefined ? { mx } : { mx, domain_black_list_count: listed };
      }
      if (input.product === 'ip') {
        const [count, hostname] = await Promise.all([
          ipZones.length > 0 ? countListings(resolver, reversedLabel(input.ip, input.version), ipZones, now) : Promise.resolve(undefined),
          reverse ? hostnameOf(resolver, input.ip, input.version, now) : Promise.resolve(undefined),
        ]);
        return { ...(count === undefined ? {} : { black_list_count: count }), ...(hostname === undefined ? {} : { hostname }) };
      }
      return {};
    },
  };
}

/** The DNSBL query label of an address: IPv4 octets reversed, IPv6 nibbles reversed (RFC 5782 §2.1, §2.4). */
export function reversedLabel(ip: string, version: 4 | 6): string {
  if (version === 4 || isIPv4(ip)) return ip.split('.').reverse().join('.');
  return expandIpv6(ip).replaceAll(':', '').split('').reverse().join('.');
}

function expandIpv6(ip: string): string {
  const [head = '', tail] = ip.toLowerCase().split('::');
  const h = head === '' ? [] : head.split(':');
  const t = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups = tail === undefined ? h : [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t];
  return groups.map((g) => g.padStart(4, '0')).join(':');
}

function sameAddress(a: string, b: string): boolean {
  return isIPv4(a) ? a === b : expandIpv6(a) === expandIpv6(b);
}
