import type { ProviderFacts, ProviderProduct } from './types.js';

/** The JSON type a late field must have; `count` is a whole number ≥ 0, `day` an ISO date `YYYY-MM-DD`. */
export type FieldType = 'boolean' | 'number' | 'count' | 'string' | 'day' | 'gender';

/**
 * Every field a provider may fill, by product, with its type: the one list
 * both the merge (which drops anything else) and the config checks read.
 * A field of a sync result that a check always knows (a score, a parsed
 * format) is not here: providers add facts, they never replace a parse.
 */
export const PROVIDER_FIELDS: { readonly [P in ProviderProduct]: { readonly [F in keyof ProviderFacts[P]]-?: FieldType } } = {
  email: {
    mx: 'boolean',
    deliverable: 'boolean',
    accept_all: 'boolean',
    spam_trap: 'boolean',
    domain_age: 'count',
    domain_black_list_count: 'count',
    has_twitter: 'boolean',
    has_amazon: 'boolean',
    has_linkedin: 'boolean',
    has_airbnb: 'boolean',
    has_instagram: 'boolean',
    found_on_serp: 'boolean',
    first_name: 'string',
    last_name: 'string',
    company_name: 'string',
    company_description: 'string',
    company_industry: 'string',
    company_employees: 'count',
    company_job_title: 'string',
    company_founded: 'count',
    company_keywords: 'string',
    company_annual_revenue: 'number',
    company_logo: 'string',
    company_country: 'string',
    company_twitter_url: 'string',
    company_facebook_url: 'string',
    company_linkedin_url: 'string',
    company_total_funding: 'number',
    company_tech_stack: 'string',
    education: 'string',
    employment: 'string',
    avatar: 'string',
  },
  ip: {
    black_list_count: 'count',
    hostname: 'string',
    company_domain: 'string',
    company_name: 'string',
    company_description: 'string',
    company_country: 'string',
    company_facebook_url: 'string',
    company_linkedin_url: 'string',
    company_twitter_url: 'string',
    company_industry: 'string',
    company_employees: 'count',
    company_founded: 'count',
    company_annual_revenue: 'number',
    company_total_funding: 'number',
    company_tech_stack: 'string',
    company_keywords: 'string',
    company_logo: 'string',
  },
  phone: {
    is_ported: 'boolean',
    ported_times: 'count',
    first_ported: 'day',
    last_ported: 'day',
    current_network: 'string',
    is_roaming: 'boolean',
    has_whatsapp: 'boolean',
    whatsapp_privacy_status: 'string',
    whatsapp_image: 'string',
  },
  device: {
    display_color_depth: 'count',
    jqm: 'boolean',
    supports_client_side: 'boolean',
    v_card_download: 'boolean',
  },
  name: {
    gender: 'gender',
  },
};

/** The products, in the order results and docs list them. */
export const PROVIDER_PRODUCTS: readonly ProviderProduct[] = ['email', 'device', 'ip', 'phone', 'name'];

/** Bounds a provider's strings: a result field is not a place for a megabyte. */
const MAX_STRING = 2048;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Checks one value against its field type; returns why it is refused, or
 * `null`. Strings are bounded, numbers finite, counts whole and ≥ 0.
 */
export function fieldProblem(type: FieldType, value: unknown): string | null {
  switch (type) {
    case 'boolean':
      return typeof value === 'boolean' ? null : 'a boolean';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : 'a finite number';
    case 'count':
      return Number.isSafeInteger(value) && (value as number) >= 0 ? null : 'a whole number ≥ 0';
    case 'string':
      return typeof value === 'string' && value.length > 0 && value.length <= MAX_STRING ? null : `a string of 1 to ${MAX_STRING} characters`;
    case 'day':
      return typeof value === 'string' && DAY.test(value) && !Number.isNaN(Date.parse(value)) ? null : 'a date YYYY-MM-DD';
    case 'gender':
      return value === 'M' || value === 'F' ? null : '"M" or "F"';
  }
}

/** The type of `field` of `product`, or `undefined` when providers may not fill it. */
export function fieldType(product: ProviderProduct, field: string): FieldType | undefined {
  const table = PROVIDER_FIELDS[product] as Readonly<Record<string, FieldType>>;
  return Object.hasOwn(table, field) ? table[field] : undefined;
}
