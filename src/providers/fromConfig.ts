import { Type } from 'typebox';
import type { Static } from 'typebox';
import { dnsProvider } from './dnsProvider.js';
import { httpProvider } from './httpProvider.js';
import { rdapProvider } from './rdapProvider.js';
import { smtpProvider } from './smtpProvider.js';
import { tableProvider } from './tableProvider.js';
import type { Provider, ProviderProduct } from './types.js';

const ms = () => Type.Integer({ minimum: 1 });
const names = () => Type.Array(Type.String({ minLength: 1 }));
const productName = Type.Enum(['email', 'device', 'ip', 'phone', 'name']);

/**
 * One provider of a config file (`providers: [{ "type": "dns", … }]`): the
 * JSON form of each reference provider's options. TypeBox, so the same text
 * checks the file and documents it (docs/providers.md).
 */
export const ProviderSpecSchema = Type.Union([
  Type.Object(
    {
      type: Type.Literal('dns'),
      name: Type.Optional(Type.String({ minLength: 1 })),
      servers: Type.Optional(names()),
      ipBlockLists: Type.Optional(names()),
      domainBlockLists: Type.Optional(names()),
      reverse: Type.Optional(Type.Boolean()),
      timeoutMs: Type.Optional(ms()),
      canaryDomains: Type.Optional(Type.Array(Type.String({ minLength: 1 }))),
      canaryTtlMs: Type.Optional(Type.Integer({ minimum: 0 })),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      type: Type.Literal('rdap'),
      name: Type.Optional(Type.String({ minLength: 1 })),
      bootstrap: Type.Optional(Type.Union([Type.String({ minLength: 1 }), Type.Record(Type.String(), Type.String())])),
      timeoutMs: Type.Optional(ms()),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      type: Type.Literal('http'),
      name: Type.Optional(Type.String({ minLength: 1 })),
      url: Type.String({ minLength: 1 }),
      headers: Type.Optional(Type.Record(Type.String(), Type.String())),
      products: Type.Union([Type.Array(productName, { minItems: 1 }), Type.Record(Type.String(), names())]),
      timeoutMs: Type.Optional(ms()),
      maxResponseBytes: Type.Optional(ms()),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      type: Type.Literal('smtp'),
      name: Type.Optional(Type.String({ minLength: 1 })),
      heloName: Type.String({ minLength: 1 }),
      from: Type.String({ minLength: 3 }),
      port: Type.Optional(Type.Integer({ minimum: 1, maximum: 65535 })),
      timeoutMs: Type.Optional(ms()),
      servers: Type.Optional(names()),
      perDomainConcurrency: Type.Optional(ms()),
      cacheTtlMs: Type.Optional(ms()),
      canaryDomains: Type.Optional(Type.Array(Type.String({ minLength: 1 }))),
      canaryTtlMs: Type.Optional(Type.Integer({ minimum: 0 })),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      type: Type.Literal('table'),
      name: Type.Optional(Type.String({ minLength: 1 })),
      file: Type.String({ minLength: 1 }),
      format: Type.Optional(Type.Enum(['csv', 'ndjson'])),
    },
    { additionalProperties: false },
  ),
]);

/** One provider of a config file, as a TypeScript type read from its schema. */
export type ProviderSpec = Static<typeof ProviderSpecSchema>;

/**
 * Builds the providers a config file lists, in its order (which is the merge
 * precedence). The specs are checked against {@link ProviderSpecSchema} by
 * the config reader first; each factory then checks its own values.
 *
 * @param specs the `providers` list of a config file
 * @param at resolves a table's relative `file` (the config file's folder) @default as given
 * @throws InputError or DataError from a factory (an unreadable table, a bad URL)
 * @example
 * // not run: reads crm.csv
 * providersFromConfig([{ type: 'dns', domainBlockLists: ['dbl.spamhaus.org'] }, { type: 'table', file: 'crm.csv' }]);
 */
export function providersFromConfig(specs: readonly ProviderSpec[], at: (path: string) => string = (p) => p): Provider[] {
  return specs.map((spec) => {
    const { type, ...rest } = spec;
    switch (type) {
      case 'dns':
        return dnsProvider(rest as Parameters<typeof dnsProvider>[0]);
      case 'rdap':
        return rdapProvider(rest as Parameters<typeof rdapProvider>[0]);
      case 'http': {
        const http = rest as Extract<ProviderSpec, { type: 'http' }>;
        return httpProvider({ ...http, products: http.products as readonly ProviderProduct[] });
      }
      case 'smtp':
        return smtpProvider(rest as Parameters<typeof smtpProvider>[0]);
      case 'table': {
        const table = rest as Extract<ProviderSpec, { type: 'table' }>;
        return tableProvider(at(table.file), { ...(table.name === undefined ? {} : { name: table.name }), ...(table.format === undefined ? {} : { format: table.format }) });
      }
    }
  });
}
