/**
 * The JSON schemas of the HTTP API, written once in TypeBox: Fastify
 * validates request bodies and serialises responses with them, the OpenAPI
 * document (`GET /openapi.json`) is generated from them, and
 * `test/package/types/server-schemas.test-d.ts` proves that every result type of the
 * library fits its schema with exactly the same keys, so a field added to a
 * result and forgotten here fails the type check instead of vanishing from
 * the wire.
 */
import { Type } from 'typebox';
import type { Static, TSchema } from 'typebox';
import { QUALITY_CLUSTERS, RISK_CLUSTERS } from '../scoring/bands.js';
import type { ProductName } from '../scoring/index.js';

/**
 * `T | null`, written as `"type": [T, "null"]` (with `null` among the values
 * of an enum) rather than `anyOf`: Fastify's serialiser writes a type list
 * directly but has to try each branch of an `anyOf` with a validator, which
 * made a device answer (a hundred nullable fields) cost as much to write as
 * to compute.
 */
function nullable<T extends TSchema>(schema: T) {
  const plain = schema as unknown as { type?: string; enum?: readonly unknown[] };
  const type = plain.type ?? (plain.enum !== undefined && plain.enum.every((v) => typeof v === 'string') ? 'string' : 'integer');
  return Type.Unsafe<Static<T> | null>({ ...schema, type: [type, 'null'], ...(plain.enum === undefined ? {} : { enum: [...plain.enum, null] }) } as unknown as TSchema);
}
const nullableString = () => nullable(Type.String());
const nullableNumber = () => nullable(Type.Number());
const nullableBoolean = () => nullable(Type.Boolean());
const literals = <const T extends readonly string[]>(values: T) => Type.Enum(values);

/** `{ a: s, b: s, … }` for a list of field names sharing one schema. */
function fields<const K extends string, S extends TSchema>(names: readonly K[], schema: () => S): { [P in K]: S } {
  return Object.fromEntries(names.map((name) => [name, schema()])) as { [P in K]: S };
}

/** One reason of a score: its code, signed points and an optional detail. */
export const ReasonSchema = Type.Object(
  {
    code: Type.String({ description: 'Stable code, e.g. EMAIL_DISPOSABLE' }),
    points: Type.Number({ description: 'Signed points; the points of all reasons add up to the score' }),
    detail: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);

const qualityCluster = () => literals(QUALITY_CLUSTERS);
const riskCluster = () => literals(RISK_CLUSTERS);
const reasons = () => Type.Array(ReasonSchema);
const score = () => Type.Integer({ minimum: 0, maximum: 1000 });

const COMPANY_STRINGS = [
  'company_name', 'company_description', 'company_industry', 'company_keywords', 'company_logo', 'company_country',
  'company_twitter_url', 'company_facebook_url', 'company_linkedin_url', 'company_tech_stack',
] as const;
const COMPANY_NUMBERS = ['company_employees', 'company_founded', 'company_annual_revenue', 'company_total_funding'] as const;

/** `EmailResult` on the wire. */
export const EmailResultSchema = Type.Object(
  {
    value: Type.String(),
    status: literals(['deliverable', 'invalid', 'undetermined', 'syntax', 'role', 'accept-all', 'disposable', 'spam-trap']),
    is_valid: nullableBoolean(),
    is_free: nullableBoolean(),
    domain: Type.String(),
    ...fields(['has_twitter', 'has_amazon', 'has_linkedin', 'has_airbnb', 'has_instagram', 'found_on_serp'], nullableBoolean),
    ...fields(['first_name', 'last_name', 'company_job_title', 'education', 'employment', 'avatar', ...COMPANY_STRINGS], nullableString),
    ...fields([...COMPANY_NUMBERS, 'domain_age'], nullableNumber),
    score: score(),
    score_cluster: qualityCluster(),
    suggestion: nullableString(),
    canonical: nullableString(),
    reasons: reasons(),
  },
  { additionalProperties: false },
);

const DEVICE_FEATURES = [
  'cookie_support', 'css_animations', 'css_transforms', 'css_transitions', 'flash_capable', 'html_audio', 'html_canvas',
  'html_inlinesvg', 'html_svg', 'html_video', 'https', 'image_gif87', 'image_jpg', 'image_png', 'jqm', 'supports_client_side',
  'uri_scheme_sms', 'uri_scheme_tel', 'v_card_download', 'markup_xhtml_basic10', 'markup_xhtml_mp10', 'markup_xhtml_mp11',
  'markup_xhtml_mp12', 'js_application_cache', 'js_device_motion', 'js_device_orientation', 'js_geo_location', 'js_indexed_d_b',
  'js_json', 'js_local_storage', 'js_modify_css', 'js_modify_dom', 'js_query_selector', 'js_session_storage',
  'js_support_basic_java_script', 'js_support_console_log', 'js_support_event_listener', 'js_support_events', 'js_touch_events',
  'js_web_gl', 'js_web_sockets', 'js_web_sql_database', 'js_web_workers', 'js_xhr', 'edge', 'gprs', 'hsdpa', 'hspa_evolved', 'lte',
  'lte_advanced', 'umts', 'nfc', 'touch_screen', 'is_recent',
] as const;
const DEVICE_KINDS = [
  'is_app', 'is_browser', 'is_checker', 'is_downloader', 'is_e_reader', 'is_feed_reader', 'is_filter', 'is_games_console',
  'is_media_player', 'is_mobile_phone', 'is_set_top_box', 'is_spam', 'is_t_v', 'is_tablet', 'os_android', 'os_bada', 'os_rim',
  'os_symbian', 'os_web_os', 'os_windows_mobile', 'os_windows_phone', 'os_windows_rt', 'osi_os', 'is_robot',
] as const;

/** `DeviceResult` on the wire. */
export const DeviceResultSchema = Type.Object(
  {
    value: Type.String(),
    ...fields(['brand', 'browser_name', 'browser_version', 'model', 'operating_system', 'browser_rendering_engine', 'manufacturer', 'os_version'], nullableString),
    ...fields(
      ['age', 'screen_size_height', 'screen_size_width', 'camera', 'diagonal_screen_size', 'display_color_depth', 'display_ppi', 'id',
        'memory_limit_embedded_media', 'memory_limit_markup', 'memory_limit_download'],
      nullableNumber,
    ),
    price_cluster: nullable(literals(['very_low', 'low', 'medium', 'high', 'very_high'])),
    category: literals([
      'desktop', 'smartphone', 'phablet', 'tablet', 'feature_phone', 'tv', 'console', 'car', 'wearable', 'media_player',
      'smart_speaker', 'smart_display', 'camera', 'peripheral', 'robot', 'unknown',
    ]),
    mobile_device: nullable(Type.Enum([0, 1])),
    ...fields(DEVICE_FEATURES, nullableBoolean),
    ...fields(DEVICE_KINDS, () => Type.Boolean()),
    score: score(),
    score_cluster: qualityCluster(),
    reasons: reasons(),
  },
  { additionalProperties: false },
);

/** `IpResult` on the wire. */
export const IpResultSchema = Type.Object(
  {
    value: Type.String(),
    ...fields(['city', 'country', 'isp', 'timezone', 'zip', 'vpn_name', 'company_domain', 'region', 'network', 'reserved_range', 'embedded_ipv4', ...COMPANY_STRINGS], nullableString),
    connection_type: nullable(literals(['COM', 'ORG', 'GOV', 'MIL', 'EDU', 'LIB', 'CDN', 'ISP', 'MOB', 'DCH', 'SES', 'RSV'])),
    connection_speed: nullable(literals(['dial up', 'broadband/cable/fiber/mobile', 'company/T1'])),
    request_time: nullable(literals(['morning', 'afternoon', 'evening', 'night'])),
    ...fields(['is_mobile', 'is_vpn', 'is_proxy', 'is_tor', 'is_relay', 'is_hosting', 'is_valid'], () => Type.Boolean()),
    ...fields(['black_list_count', 'asn', 'latitude', 'longitude', ...COMPANY_NUMBERS], nullableNumber),
    ip_version: nullable(Type.Enum([4, 6])),
    score: score(),
    score_cluster: riskCluster(),
    reasons: reasons(),
  },
  { additionalProperties: false },
);

/** `PhoneResult` on the wire. */
export const PhoneResultSchema = Type.Object(
  {
    value: Type.String(),
    type: literals([
      'mobile', 'fixed_line', 'fixed_line_or_mobile', 'toll_free', 'premium_rate', 'shared_cost', 'voip', 'personal_number', 'pager',
      'uan', 'voicemail', 'unknown',
    ]),
    status: literals(['connected', 'syntax', 'invalid', 'undetermined']),
    ...fields(['is_valid', 'is_ported', 'is_roaming', 'has_whatsapp'], nullableBoolean),
    ...fields(
      ['country', 'country_code', 'first_ported', 'last_ported', 'original_network', 'current_network', 'whatsapp_privacy_status',
        'whatsapp_image', 'e164', 'national_format', 'international_format', 'geographic_area'],
      nullableString,
    ),
    ported_times: nullableNumber(),
    time_zones: nullable(Type.Array(Type.String())),
    score: score(),
    score_cluster: riskCluster(),
    reasons: reasons(),
  },
  { additionalProperties: false },
);

/** `NameResult` on the wire. */
export const NameResultSchema = Type.Object(
  {
    value: Type.String(),
    gender: nullable(literals(['M', 'F'])),
    is_valid: Type.Boolean(),
    risk_type: nullable(literals(['INVALID', 'PLACEHOLDER', 'PLACEHOLDER_TITLE', 'FICTIONAL', 'FAMOUS', 'HUMOROUS', 'STRING_SIMILARITY', 'RANDOM_TYPING', 'OTHER'])),
    score: score(),
    score_cluster: riskCluster(),
    reasons: reasons(),
    normalized: Type.Object({ first: nullableString(), last: nullableString() }, { additionalProperties: false }),
  },
  { additionalProperties: false },
);

/** One provider that failed, in an async result's `provider_errors`. */
export const ProviderFailureSchema = Type.Object(
  {
    provider: Type.String({ description: 'The provider\'s name' }),
    code: literals(['PROVIDER_FAILED', 'PROVIDER_TIMEOUT', 'PROVIDER_INVALID']),
    message: Type.String(),
  },
  { additionalProperties: false },
);

const providerErrors = () =>
  Type.Array(ProviderFailureSchema, {
    description: 'Providers that failed, timed out or answered a field with the wrong type (their fields stay as offline); always present, empty when none failed',
  });

/** `EmailAsyncResult` on the wire: the body of an `email.enriched` webhook. */
export const EmailAsyncResultSchema = Type.Object(
  {
    ...EmailResultSchema.properties,
    domain_black_list_count: Type.Optional(Type.Integer({ minimum: 0, description: 'Domain block lists listing the domain, when a provider looked' })),
    provider_errors: providerErrors(),
  },
  { additionalProperties: false },
);

/** `NameAsyncResult` on the wire: the body of a `name.enriched` webhook. */
export const NameAsyncResultSchema = Type.Object({ ...NameResultSchema.properties, provider_errors: providerErrors() }, { additionalProperties: false });

/** The events the server POSTs to a request's `webhook_url` (docs/webhooks.md), by the product they carry. */
export const WEBHOOK_EVENTS = Object.freeze({ 'email.enriched': 'email', 'name.enriched': 'name' } as const);

/** The body of an `email.enriched` or `name.enriched` webhook: the resolution's ids and the product's async result. */
export function webhookSchema<E extends keyof typeof WEBHOOK_EVENTS>(event: E) {
  const product = WEBHOOK_EVENTS[event];
  return Type.Object(
    {
      event: Type.Literal(event),
      delivery_id: Type.Optional(Type.String({ format: 'uuid', description: 'The same on every attempt of this delivery (also in x-delivery-id); sent by the durable queues' })),
      resolution_id: Type.String({ format: 'uuid', description: 'The resolution_id of the answer this enriches' }),
      customer_id: Type.String(),
      claims: Type.Array(Type.Literal(product), { minItems: 1, maxItems: 1 }),
      [product]: product === 'email' ? EmailAsyncResultSchema : NameAsyncResultSchema,
    },
    { additionalProperties: false },
  );
}

/** The result schema of each product. */
export const RESULT_SCHEMAS = Object.freeze({
  email: EmailResultSchema,
  device: DeviceResultSchema,
  ip: IpResultSchema,
  phone: PhoneResultSchema,
  name: NameResultSchema,
});

/** The fields each product's request reads, beside `customer_id` and `claims`; `true` when required. */
const REQUEST_FIELDS = {
  email: { email: true, webhook_url: false },
  device: { user_agent: true, headers: false },
  ip: { ip: true },
  phone: { phone_number: true, default_country: false },
  name: { first_name: true, last_name: true, webhook_url: false, country: false },
} as const satisfies Record<ProductName, Record<string, boolean>>;

const FIELD_DOCS: Readonly<Record<string, { readonly description: string; readonly example: unknown }>> = {
  customer_id: { description: 'Your identifier for the customer (a UUID in the spec), echoed back', example: '2f1c4f5e-8b9a-4c6d-9e0f-1a2b3c4d5e6f' },
  email: { description: 'The e-mail address to check', example: 'jane@gmial.com' },
  webhook_url: { description: 'Where late (provider) fields are POSTed, signed; echoed back', example: 'https://hooks.example.org/identity' },
  user_agent: { description: 'The User-Agent header to check', example: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1' },
  headers: { description: 'Extension: client-hint request headers (Sec-CH-UA-*)', example: { 'sec-ch-ua-platform': '"iOS"' } },
  ip: { description: 'The IPv4 or IPv6 address to check', example: '81.2.69.142' },
  phone_number: { description: 'The number to check, international (+…) or national with default_country', example: '+393331234567' },
  default_country: { description: 'Extension: ISO 3166 alpha-2 country of a national number', example: 'IT' },
  first_name: { description: 'Given name', example: 'Jane' },
  last_name: { description: 'Family name', example: 'Doe' },
  country: { description: 'Extension: ISO 3166 alpha-2 country the name is from (a given name whose sex differs by country: Andrea, Nikita)', example: 'IT' },
  device_request_time: { description: 'Echoed when given; otherwise the time of resolution (ISO 8601 UTC)', example: '2026-01-01T12:00:00.000Z' },
};

function requestField(name: string, required: boolean): TSchema {
  const doc = FIELD_DOCS[name]!;
  const base =
    name === 'headers'
      ? Type.Record(Type.String(), Type.Union([Type.String(), Type.Array(Type.String())]), { description: doc.description, examples: [doc.example] })
      : Type.String({ description: doc.description, examples: [doc.example] });
  // resolve() reads a null optional field as absent, so the schema does too.
  return required ? base : Type.Optional(nullable(base));
}

/**
 * The request body of `POST /1.0/<product>`. Unknown fields are allowed
 * (and ignored), as resolve() does; a string is never coerced from a number.
 */
export function requestSchema(product: ProductName): TSchema {
  const own = REQUEST_FIELDS[product] as Readonly<Record<string, boolean>>;
  return Type.Object(
    {
      customer_id: requestField('customer_id', true),
      claims: Type.Array(Type.Literal(product), { minItems: 1, maxItems: 1, description: 'One element: the product requested, the same as the path', examples: [[product]] }),
      ...Object.fromEntries(Object.entries(own).map(([name, required]) => [name, requestField(name, required)])),
      device_request_time: requestField('device_request_time', false),
    },
    { additionalProperties: true, examples: [exampleRequest(product)] },
  );
}

/** A request of `product` built from the fields' examples. */
export function exampleRequest(product: ProductName): Record<string, unknown> {
  const own = REQUEST_FIELDS[product] as Readonly<Record<string, boolean>>;
  return {
    customer_id: FIELD_DOCS.customer_id!.example,
    claims: [product],
    ...Object.fromEntries(Object.keys(own).filter((name) => own[name]).map((name) => [name, FIELD_DOCS[name]!.example])),
  };
}

/** The 200 answer of `POST /1.0/<product>`: the spec's envelope around the product's result. */
export function responseSchema<P extends ProductName>(product: P) {
  return Type.Object(
    {
      resolution_id: Type.String({ format: 'uuid', description: 'A UUID v4 for this resolution' }),
      customer_id: Type.String(),
      device_request_time: Type.String({ description: 'ISO 8601 UTC' }),
      claims: Type.Array(Type.Literal(product), { minItems: 1, maxItems: 1 }),
      ...(product === 'email' || product === 'name' ? { webhook_url: Type.Optional(Type.String()) } : {}),
      [product]: RESULT_SCHEMAS[product],
    },
    { additionalProperties: false },
  );
}

/** `IdentityScore` on the wire: the cross-signal score of `POST /1.0/hub`. */
export const IdentityScoreSchema = Type.Object(
  {
    score: score(),
    score_cluster: riskCluster(),
    reasons: Type.Array(ReasonSchema, { description: 'One per product carried in (IDENTITY_EMAIL for a product scoring 500 or more, IDENTITY_EMAIL_RISK below, …), IDENTITY_INPUT_GATED when an input was gated into its block bands, and one per cross-signal finding; the points add up to the score' }),
    confidence: Type.Number({ minimum: 0, maximum: 1, description: 'Share of the five inputs given and readable (0 to 1, steps of 0.2): missing inputs lower it, not the score' }),
  },
  { additionalProperties: false, description: 'How likely the claimed inputs are one real person acting in good faith (docs/identity.md)' },
);

/** The request fields of `POST /1.0/hub`, in the order it checks them: each product's, then the shared ones. */
export const HUB_FIELDS = ['email', 'webhook_url', 'user_agent', 'headers', 'ip', 'phone_number', 'first_name', 'last_name', 'country'] as const;

/** A hub request built from the fields' examples: one consistent sign-up, all five products. */
export const HUB_EXAMPLE = Object.freeze({
  customer_id: FIELD_DOCS.customer_id!.example as string,
  claims: ['email', 'phone', 'ip', 'device', 'name'],
  email: 'giulia.rossi@libero.it',
  phone_number: '+393471234567',
  ip: '79.0.0.1',
  user_agent: 'Mozilla/5.0 (Linux; Android 14; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.82 Mobile Safari/537.36',
  first_name: 'Giulia',
  last_name: 'Rossi',
  country: 'IT',
});

const HUB_FIELD_DOCS: Readonly<Record<string, string>> = {
  country: 'Extension: the country the person declares (ISO 3166 alpha-2): the phone\'s default country, the name\'s hint, and compared with the phone\'s and the IP\'s',
};

/**
 * The request body of `POST /1.0/hub`: `claims` names one to five distinct
 * products, and the body carries each claimed product's request fields as
 * its own endpoint takes them. Which fields a claim requires is checked by
 * the route, in this order (the schema cannot say "email when claims holds
 * email" in a way that names the field); fields of products not claimed are
 * ignored, as unknown fields are.
 */
export function hubRequestSchema(): TSchema {
  const field = (name: string) => {
    const own = HUB_FIELD_DOCS[name];
    return own === undefined ? requestField(name, false) : Type.Optional(nullable(Type.String({ description: own, examples: [FIELD_DOCS[name]!.example] })));
  };
  return Type.Object(
    {
      customer_id: requestField('customer_id', true),
      claims: Type.Array(literals(['email', 'device', 'ip', 'phone', 'name']), {
        minItems: 1,
        maxItems: 5,
        uniqueItems: true,
        description: 'The products to check, each once; the answer has one object per claim plus identity',
        examples: [HUB_EXAMPLE.claims],
      }),
      ...Object.fromEntries(HUB_FIELDS.map((name) => [name, field(name)])),
      device_request_time: requestField('device_request_time', false),
    },
    { additionalProperties: true, examples: [HUB_EXAMPLE] },
  );
}

/** The 200 answer of `POST /1.0/hub`: the spec's envelope with one object per claim, plus `identity`. */
export const HubResponseSchema = Type.Object(
  {
    resolution_id: Type.String({ format: 'uuid', description: 'A UUID v4 for this resolution' }),
    customer_id: Type.String(),
    device_request_time: Type.String({ description: 'ISO 8601 UTC' }),
    claims: Type.Array(literals(['email', 'device', 'ip', 'phone', 'name'])),
    webhook_url: Type.Optional(Type.String()),
    email: Type.Optional(EmailResultSchema),
    device: Type.Optional(DeviceResultSchema),
    ip: Type.Optional(IpResultSchema),
    phone: Type.Optional(PhoneResultSchema),
    name: Type.Optional(NameResultSchema),
    identity: IdentityScoreSchema,
  },
  { additionalProperties: false },
);

/** The body of every error answer (docs/design.md, HTTP errors). */
export const ErrorSchema = Type.Object(
  {
    error: Type.Object(
      {
        code: Type.String({ description: 'Stable code: INPUT_MISSING, UNAUTHORIZED, RATE_LIMITED, …' }),
        message: Type.String({ description: 'What is wrong, quoting at most 64 characters of any input' }),
        field: Type.Optional(Type.String({ description: 'The request field at fault, by its wire name (claims[0], default_country)' })),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

/** The error body as a TypeScript type, read from its schema. */
export type ErrorBody = Static<typeof ErrorSchema>;

/** `GET /health`. */
export const HealthSchema = Type.Object({ status: Type.Literal('ok') }, { additionalProperties: false });

/** One dataset in `GET /ready`. */
export const DatasetStatusSchema = Type.Object(
  {
    product: Type.String(),
    name: Type.String(),
    retrieved: Type.String({ description: 'Day the upstream data was retrieved (YYYY-MM-DD)' }),
    age_days: Type.Number(),
    verified: Type.Boolean(),
    stale: Type.Boolean(),
  },
  { additionalProperties: false },
);

/** `GET /ready`: 200 when the data is loaded and verified, 503 otherwise. */
export const ReadySchema = Type.Object(
  {
    status: literals(['ready', 'not_ready']),
    reason: Type.Optional(Type.String()),
    data: Type.Array(DatasetStatusSchema),
  },
  { additionalProperties: false },
);

/** The ready answer as a TypeScript type. */
export type ReadyBody = Static<typeof ReadySchema>;
