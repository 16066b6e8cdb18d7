import { describe, expect, it } from 'vitest';
import { createChecker } from '../../src/index.js';
import { httpProvider, PROVIDER_FIELDS, PROVIDER_PRODUCTS, runProviders } from '../../src/providers/index.js';
import type { FieldType, Provider, ProviderInput, ProviderProduct } from '../../src/providers/index.js';

// Every field a provider may fill, with the JSON type the spec gives it,
// written out here rather than read from PROVIDER_FIELDS: the table under
// test must not be the one the expectations come from. A provider's answer
// of the right type is merged (runProviders, which every async check uses);
// of any other type it is refused (a provider_errors entry naming the field
// and the type it must have), never merged.

const EXPECTED: { readonly [P in ProviderProduct]: Readonly<Record<string, FieldType>> } = {
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
  name: { gender: 'gender' },
};

/** A value of each type a provider may answer, one that is not of it, and the words the refusal uses for the type. */
const VALUES: Readonly<Record<FieldType, { good: (field: string) => unknown; bad: unknown; says: RegExp }>> = {
  boolean: { good: () => true, bad: 'yes', says: /a boolean/ },
  number: { good: () => 1234.5, bad: 'many', says: /a finite number/ },
  count: { good: () => 7, bad: -1, says: /a whole number/ },
  string: { good: (field) => `${field} text`, bad: 42, says: /a string/ },
  day: { good: () => '2021-03-04', bad: '04/03/2021', says: /a date/ },
  gender: { good: () => 'M', bad: 'X', says: /"M" or "F"/ },
};

/** An input of each product, as the checks hand it to providers. */
const INPUTS: { readonly [P in ProviderProduct]: ProviderInput } = {
  email: { product: 'email', value: 'jane@acme-widgets.com', email: 'jane@acme-widgets.com', domain: 'acme-widgets.com' },
  ip: { product: 'ip', value: '8.8.8.8', ip: '8.8.8.8', version: 4 },
  phone: { product: 'phone', value: '+39 333 123 4567', e164: '+393331234567', country: 'IT' },
  device: { product: 'device', value: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)' },
  name: { product: 'name', value: 'Jane,Doe', firstName: 'Jane', lastName: 'Doe' },
};

const answering = (product: ProviderProduct, facts: Record<string, unknown>): Provider => ({
  name: 'feed',
  fields: { [product]: Object.keys(facts) },
  lookup: async () => facts,
});

describe('the type of every field a provider may fill', () => {
  it('lists the products in the documented order, and the fields of each', () => {
    expect(PROVIDER_PRODUCTS).toEqual(['email', 'device', 'ip', 'phone', 'name']);
    for (const product of PROVIDER_PRODUCTS) expect(Object.keys(PROVIDER_FIELDS[product]).sort()).toEqual(Object.keys(EXPECTED[product]).sort());
  });

  it.each(Object.keys(EXPECTED) as ProviderProduct[])('%s: merges every field answered with its type', async (product) => {
    const facts = Object.fromEntries(Object.entries(EXPECTED[product]).map(([field, type]) => [field, VALUES[type].good(field)]));
    const out = await runProviders(INPUTS[product], [answering(product, facts)]);
    expect(out.errors).toEqual([]);
    expect(out.facts).toEqual(facts);
  });

  it.each(Object.keys(EXPECTED) as ProviderProduct[])('%s: refuses every field answered with another type, naming the field and its type', async (product) => {
    const facts = Object.fromEntries(Object.entries(EXPECTED[product]).map(([field, type]) => [field, VALUES[type].bad]));
    const out = await runProviders(INPUTS[product], [answering(product, facts)]);
    expect(out.facts).toEqual({});
    expect(out.errors.map((e) => [e.provider, e.code])).toEqual([['feed', 'PROVIDER_INVALID']]);
    for (const [field, type] of Object.entries(EXPECTED[product])) {
      expect(out.errors[0]!.message).toMatch(new RegExp(`\\b${field} must be ${VALUES[type].says.source}`));
    }
  });

  it('merges a well-typed answer into the async result of the product', async () => {
    const checker = createChecker({ providers: [answering('phone', { is_roaming: true, first_ported: '2021-03-04' }), answering('ip', { hostname: 'dns.google' })] });
    const phone = await checker.phoneAsync('+39 333 123 4567');
    expect([phone.is_roaming, phone.first_ported, phone.provider_errors]).toEqual([true, '2021-03-04', []]);
    expect((await checker.ipAsync('8.8.8.8')).hostname).toBe('dns.google');
  });
});

describe('what a provider declares', () => {
  const lookup = async () => ({});
  const build = (fields: unknown) => () => createChecker({ providers: [{ name: 'feed', fields, lookup } as unknown as Provider] });

  it('may declare fields of every product', async () => {
    const everything = Object.fromEntries(Object.entries(EXPECTED).map(([product, fields]) => [product, Object.keys(fields)]));
    expect(build(everything)).not.toThrow();
    const http = httpProvider({ url: 'http://127.0.0.1:1/', products: ['email', 'device', 'ip', 'phone', 'name'] });
    expect(Object.keys(http.fields).sort()).toEqual(['device', 'email', 'ip', 'name', 'phone']);
  });

  it('refuses a field list that is not an array, with its path in field', () => {
    expect(build({ ip: 'black_list_count' })).toThrow(expect.objectContaining({ code: 'INPUT_OPTION', field: 'providers[0].fields.ip' }));
  });

  it('refuses a field no provider may fill, quoting its name', () => {
    expect(build({ ip: ['black_list_count', 'country'] })).toThrow(expect.objectContaining({ field: 'providers[0].fields.ip[1]', message: expect.stringMatching(/got "country"/) }));
  });
});
