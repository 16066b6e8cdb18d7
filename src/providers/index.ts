/**
 * Opt-in asynchronous providers: the only code in this library that may open
 * a socket, and only when the caller plugs a provider in.
 * @packageDocumentation
 */
export { dnsMx } from './dnsMx.js';
export type { DnsMxOptions } from './dnsMx.js';
export { runEmailProviders } from './runEmailProviders.js';
export type { EmailProvidersOutcome } from './runEmailProviders.js';
export type { EmailEnrichment, EmailProvider, Provider, ProviderContext } from './types.js';
