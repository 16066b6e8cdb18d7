import type { EmailEnrichment } from '../email/index.js';

export type { EmailEnrichment } from '../email/index.js';
export type { ProviderFailure } from '../common/providerFailure.js';

/** What a provider is handed besides the address. */
export interface ProviderContext {
  /** The address's domain (ASCII, lower case). */
  readonly domain: string;
  /** Aborted when the provider's time is up; pass it to fetch/dns calls. */
  readonly signal: AbortSignal;
  /**
   * The instant of the check (the checker's clock), as {@link LookupContext.now}.
   * Absent when a caller calls `enrichEmail` itself without one.
   */
  readonly now?: Date;
}

/**
 * The first provider interface, for e-mail only: kept working, but new
 * providers implement {@link Provider} (any product, declared fields).
 *
 * @deprecated implement {@link Provider} with `fields: { email: [...] }` and `lookup`;
 * a checker still accepts this shape. See CHANGELOG.md.
 *
 * An asynchronous source of e-mail facts, plugged into a checker by the
 * caller. The library never opens a socket except through a provider the
 * caller plugged in.
 *
 * @example
 * const social: EmailProvider = {
 *   name: 'my-social-lookup',
 *   async enrichEmail(email, { signal }) {
 *     const r = await fetch(`https://social.internal/lookup?e=${encodeURIComponent(email)}`, { signal });
 *     return (await r.json()) as EmailEnrichment;
 *   },
 * };
 */
export interface EmailProvider {
  /** Name shown in reasons and errors. */
  readonly name: string;
  /** Time allowed before the call is aborted. @default 5000 */
  readonly timeoutMs?: number;
  enrichEmail(email: string, context: ProviderContext): Promise<EmailEnrichment>;
}

/** The five products a provider may serve. */
export type ProviderProduct = 'email' | 'device' | 'ip' | 'phone' | 'name';

/** What a provider may report about an IP address. */
export interface IpEnrichment {
  /** How many of the queried DNS block lists list the address. */
  readonly black_list_count?: number;
  /** The reverse-DNS (PTR) name, checked forward: it resolves back to the address. */
  readonly hostname?: string;
  readonly company_domain?: string;
  readonly company_name?: string;
  readonly company_description?: string;
  readonly company_country?: string;
  readonly company_facebook_url?: string;
  readonly company_linkedin_url?: string;
  readonly company_twitter_url?: string;
  readonly company_industry?: string;
  readonly company_employees?: number;
  readonly company_founded?: number;
  readonly company_annual_revenue?: number;
  readonly company_total_funding?: number;
  readonly company_tech_stack?: string;
  readonly company_keywords?: string;
  readonly company_logo?: string;
}

/** What a provider may report about a phone number (HLR, number portability, messaging apps). */
export interface PhoneEnrichment {
  readonly is_ported?: boolean;
  readonly ported_times?: number;
  readonly first_ported?: string;
  readonly last_ported?: string;
  /** The network that serves the number now (replaces the offline range owner). */
  readonly current_network?: string;
  readonly is_roaming?: boolean;
  readonly has_whatsapp?: boolean;
  readonly whatsapp_privacy_status?: string;
  readonly whatsapp_image?: string;
}

/** What a provider may report about a device (facts a user agent does not reveal). */
export interface DeviceEnrichment {
  readonly display_color_depth?: number;
  readonly jqm?: boolean;
  readonly supports_client_side?: boolean;
  readonly v_card_download?: boolean;
}

/** What a provider may report about a name. */
export interface NameEnrichment {
  /** Only where the offline check found none (`null`): the offline reading is never overridden. */
  readonly gender?: 'M' | 'F';
}

/** The facts a provider may report, by product. */
export interface ProviderFacts {
  readonly email: EmailEnrichment;
  readonly ip: IpEnrichment;
  readonly phone: PhoneEnrichment;
  readonly device: DeviceEnrichment;
  readonly name: NameEnrichment;
}

/**
 * What a provider is asked about: the caller's value and what the offline
 * check already read from it (normalised, so a provider does not parse again).
 */
export type ProviderInput =
  | { readonly product: 'email'; readonly value: string; readonly email: string; readonly domain: string }
  | { readonly product: 'ip'; readonly value: string; readonly ip: string; readonly version: 4 | 6 }
  | { readonly product: 'phone'; readonly value: string; readonly e164: string; readonly country: string | null }
  | { readonly product: 'device'; readonly value: string }
  | { readonly product: 'name'; readonly value: string; readonly firstName: string; readonly lastName: string };

/** What {@link Provider.lookup} is handed besides the input. */
export interface LookupContext {
  /**
   * Aborted when the provider's time is up, the overall deadline passes or
   * the caller cancels: pass it to every socket, fetch and DNS call.
   */
  readonly signal: AbortSignal;
  /**
   * The instant of the check: the checker's clock (`createChecker({ now })`)
   * read when the call began. Measure anything time-dependent (a domain's
   * age) on it, not on the wall clock, so a pinned checker gives the same
   * answer on any day.
   */
  readonly now: Date;
}

/** Which fields of which products a provider fills: the products are the keys. */
export type ProviderFields = { readonly [P in ProviderProduct]?: readonly (keyof ProviderFacts[P] & string)[] };

/**
 * An asynchronous source of late facts for any of the five products,
 * plugged into a checker by the caller (`createChecker({ providers })`,
 * then `checker.emailAsync` … `checker.nameAsync`). The library never opens
 * a socket except through a provider the caller plugged in.
 *
 * A provider declares the fields it fills, by product; it is asked only
 * about those products, and only the declared fields of its answer are
 * merged (each checked against the field's type: a wrong type is reported
 * in `provider_errors`, never merged).
 *
 * @example
 * const hlr: Provider = {
 *   name: 'my-hlr',
 *   fields: { phone: ['is_ported', 'current_network'] },
 *   async lookup(input, { signal }) {
 *     if (input.product !== 'phone') return {};
 *     const r = await fetch(`https://hlr.internal/${input.e164}`, { signal });
 *     return (await r.json()) as PhoneEnrichment;
 *   },
 * };
 */
export interface Provider {
  /** Name shown in reasons, `provider_errors` and logs. */
  readonly name: string;
  /** The fields it fills, by product (`{ email: ['mx'], ip: ['black_list_count'] }`). */
  readonly fields: ProviderFields;
  /** Time allowed before the call is aborted. @default 5000 */
  readonly timeoutMs?: number;
  /** Facts about one input; leave out what you do not know (never `false` for "unknown"). */
  lookup(input: ProviderInput, context: LookupContext): Promise<ProviderAnswer>;
}

/** What {@link Provider.lookup} resolves to: the facts of one product's enrichment type, or a parsed JSON object (checked when merged). */
export type ProviderAnswer = EmailEnrichment | IpEnrichment | PhoneEnrichment | DeviceEnrichment | NameEnrichment | Readonly<Record<string, unknown>>;

