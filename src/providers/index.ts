/**
 * Opt-in asynchronous providers: the only code in this library that may open
 * a socket, and only when the caller plugs a provider in.
 * @packageDocumentation
 */
export { dnsMx } from './dnsMx.js';
export { dnsProvider } from './dnsProvider.js';
export type { DnsProviderOptions } from './dnsProvider.js';
export { httpProvider } from './httpProvider.js';
export type { HttpProviderOptions } from './httpProvider.js';
export { rdapProvider } from './rdapProvider.js';
export type { RdapProviderOptions } from './rdapProvider.js';
export { smtpProvider } from './smtpProvider.js';
export type { SmtpProviderOptions } from './smtpProvider.js';
export { tableProvider } from './tableProvider.js';
export type { TableProviderOptions } from './tableProvider.js';
export type { DnsMxOptions } from './dnsMx.js';
export type { CanaryOptions } from './dnsCanary.js';
export { runEmailProviders } from './runEmailProviders.js';
export type { EmailProvidersOutcome } from './runEmailProviders.js';
export { DEFAULT_PROVIDER_TIMEOUT_MS, fromEmailProvider, runProviders } from './runProviders.js';
export type { ProvidersOutcome, RunProvidersOptions } from './runProviders.js';
export { PROVIDER_FIELDS, PROVIDER_PRODUCTS } from './fields.js';
export type { FieldType } from './fields.js';
export type { AsyncCallOptions, AsyncExtras, DeviceAsyncResult, EmailAsyncResult, IpAsyncResult, NameAsyncResult, PhoneAsyncResult } from './asyncChecks.js';
export type {
  DeviceEnrichment,
  EmailEnrichment,
  EmailProvider,
  IpEnrichment,
  LookupContext,
  NameEnrichment,
  PhoneEnrichment,
  Provider,
  ProviderAnswer,
  ProviderContext,
  ProviderFacts,
  ProviderFailure,
  ProviderFields,
  ProviderInput,
  ProviderProduct,
} from './types.js';
