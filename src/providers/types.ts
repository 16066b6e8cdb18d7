/**
 * What an e-mail provider may report. Every field is optional: a provider
 * fills what it knows and leaves the rest out. These are the facts that no
 * offline check can know (MX, SMTP, social presence, company data, domain age).
 */
export interface EmailEnrichment {
  /** The domain accepts mail (MX, or an A/AAAA record as implicit MX per RFC 5321 §5.1). */
  readonly mx?: boolean;
  /** The mailbox was verified to exist (SMTP RCPT or a vendor's verdict). */
  readonly deliverable?: boolean;
  /** The server accepts every recipient, so the mailbox cannot be verified. */
  readonly accept_all?: boolean;
  /** The address is a known spam trap. */
  readonly spam_trap?: boolean;
  /** Age of the domain in days (WHOIS/RDAP). */
  readonly domain_age?: number;
  readonly has_twitter?: boolean;
  readonly has_amazon?: boolean;
  readonly has_linkedin?: boolean;
  readonly has_airbnb?: boolean;
  readonly has_instagram?: boolean;
  readonly found_on_serp?: boolean;
  readonly first_name?: string;
  readonly last_name?: string;
  readonly company_name?: string;
  readonly company_description?: string;
  readonly company_industry?: string;
  readonly company_employees?: number;
  readonly company_job_title?: string;
  readonly company_founded?: number;
  readonly company_keywords?: string;
  readonly company_annual_revenue?: number;
  readonly company_logo?: string;
  readonly company_country?: string;
  readonly company_twitter_url?: string;
  readonly company_facebook_url?: string;
  readonly company_linkedin_url?: string;
  readonly company_total_funding?: number;
  readonly company_tech_stack?: string;
  readonly education?: string;
  readonly employment?: string;
  readonly avatar?: string;
}

/** What a provider is handed besides the address. */
export interface ProviderContext {
  /** The address's domain (ASCII, lower case). */
  readonly domain: string;
  /** Aborted when the provider's time is up; pass it to fetch/dns calls. */
  readonly signal: AbortSignal;
}

/**
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

/** Any provider. Only e-mail providers exist today. */
export type Provider = EmailProvider;
