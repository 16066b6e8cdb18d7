/**
 * The IP check: strict validation, IANA special-purpose ranges, location
 * (DB-IP Lite), network (ASN, Tor, VPN, proxy, iCloud Private Relay, cloud,
 * CDN, crawler, usage type), bring-your-own MaxMind databases, and a
 * 0–1000 score with reasons. Offline and synchronous.
 *
 * @example
 * import { checkIp } from 'identity-signals/ip';
 * checkIp('81.2.69.142').country // 'GB'
 *
 * @packageDocumentation
 */
export { checkIp, createIpCheck } from './checkIp.js';
export { parseIp } from './parseIp.js';
export type { ParsedIp } from './parseIp.js';
export { classifySpecialRange, embeddedIpv4, IPV4_SPECIAL_RANGES, IPV6_SPECIAL_RANGES } from './specialRanges.js';
export type { SpecialRange } from './specialRanges.js';
export { usageFromAsName } from './classify.js';
export { requestTimeOfHour } from './time.js';
export { detectKind as detectDatabaseKind } from './mmdb.js';
export type { DatabaseKind } from './mmdb.js';
export { IP_SCORE_MODEL } from './scoreModel.js';
export type { IpReasonCode, IpWeightCode } from './scoreModel.js';
export type { ConnectionSpeed, ConnectionType, IpCheck, IpCheckOptions, IpResult, RequestTime } from './types.js';
