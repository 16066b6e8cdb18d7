/**
 * Known addresses from every source list are classified as that list says,
 * allowing only the documented precedence (docs/ip.md "Lookup order"): a
 * crawler range inside a cloud is SES, CloudFront inside AWS is CDN, Apple
 * relay and Tor were subtracted from X4BNet's VPN output, curated eyeball
 * ASNs outrank X4BNet's broad data-centre list. Every miss is printed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { classifySpecialRange, createIpCheck, type IpCheck, type IpResult } from '../../src/ip/index.js';

const RAW = join(import.meta.dirname, '..', '..', 'data', 'raw', 'ip');
const SAMPLES_PER_FILE = 40;

function lines(rel: string): string[] {
  return readFileSync(join(RAW, rel), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
}

/** Evenly spaced entries, first address of each CIDR. */
function sample(entries: readonly string[]): string[] {
  const step = Math.max(1, Math.floor(entries.length / SAMPLES_PER_FILE));
  const out: string[] = [];
  for (let i = 0; i < entries.length && out.length < SAMPLES_PER_FILE; i += step) out.push(entries[i]!.split('/')[0]!);
  return out;
}

const torCsv = (rel: string): string[] => lines(rel).slice(1).map((l) => l.split(',')[1]!.trim());
const LA = 'lord-alfred+ipranges';
const GB = 'AnTheMaker+GoodBots/iplists';
const X4 = 'X4BNet+lists_vpn';
const la = (dir: string, v6 = true): string[] => [...lines(`${LA}/${dir}/ipv4_merged.txt`), ...(v6 ? lines(`${LA}/${dir}/ipv6_merged.txt`) : [])];

type Expectation = (r: IpResult) => boolean;
const ses: Expectation = (r) => r.connection_type === 'SES';
const cdn: Expectation = (r) => r.connection_type === 'CDN' || r.connection_type === 'SES';
const dch: Expectation = (r) => r.connection_type === 'DCH' || r.connection_type === 'CDN' || r.connection_type === 'SES';
const vpnNamed =
  (name: string): Expectation =>
  (r) =>
    r.is_vpn && r.vpn_name !== null && (r.vpn_name === name || r.reasons.some((x) => x.code === 'IP_VPN'));

const aws = JSON.parse(readFileSync(join(RAW, 'jensihnow+AWSPublicIPAddressRanges/ip-ranges.json'), 'utf8')) as {
  prefixes: { ip_prefix: string; service: string }[];
  ipv6_prefixes: { ipv6_prefix: string; service: string }[];
};
const proxies = JSON.parse(readFileSync(join(RAW, 'monosans+proxy-list/proxies.json'), 'utf8')) as { host: string; exit_ip: string | null }[];

const CASES: readonly (readonly [string, string[], Expectation])[] = [
  ['Tor exits', torCsv('alireza-rezaee+tor-nodes/latest.exits.csv'), (r) => r.is_tor && r.reasons.some((x) => x.code === 'IP_TOR_EXIT') && r.score <= 399],
  ['Tor relays', torCsv('alireza-rezaee+tor-nodes/latest.all.csv'), (r) => r.is_tor],
  ['iCloud Private Relay', la('apple-proxy'), (r) => r.is_relay && !r.is_vpn],
  ['ProtonVPN', lines('tn3w+ProtonVPN-IPs/protonvpn_ips.txt'), vpnNamed('ProtonVPN')],
  ['Windscribe', lines('tn3w+Windscribe-IPs/windscribe_ips.txt'), vpnNamed('Windscribe')],
  ['TunnelBear', lines('tn3w+TunnelBear-IPs/tunnelbear_ips.txt'), vpnNamed('TunnelBear')],
  ['Mullvad', lines(`${X4}/input/vpn/ips/mullvadvpn.txt`), vpnNamed('Mullvad')],
  ['PIA', lines(`${X4}/input/vpn/ips/pia.txt`), vpnNamed('Private Internet Access')],
  ['X4BNet VPN', [...lines(`${X4}/output/vpn/ipv4.txt`), ...lines(`${X4}/output/vpn/ipv6.txt`)], (r) => r.is_vpn || r.is_relay || r.is_tor],
  ['proxy hosts', proxies.map((p) => p.host), (r) => r.is_proxy],
  ['proxy exits', proxies.flatMap((p) => (p.exit_ip === null ? [] : [p.exit_ip])), (r) => r.is_proxy],
  ['Googlebot', la('googlebot'), ses],
  ['Bingbot', la('bing', false), ses],
  ['DuckDuckBot', la('duckduckbot', false), ses],
  ['OpenAI', la('openai', false), ses],
  ['Perplexity', la('perplexity', false), ses],
  ['Applebot', lines(`${GB}/applebot.ips`), ses],
  ['Yandex', lines(`${GB}/yandex.ips`), ses],
  ['CCBot', lines(`${GB}/commoncrawlbot.ips`), ses],
  ['AhrefsBot', lines(`${GB}/ahrefsbot.ips`), ses],
  ['Cloudflare', la('cloudflare'), cdn],
  ['CloudFront', [...aws.prefixes.filter((p) => p.service === 'CLOUDFRONT').map((p) => p.ip_prefix), ...aws.ipv6_prefixes.filter((p) => p.service === 'CLOUDFRONT').map((p) => p.ipv6_prefix)], cdn],
  ['Fastly', lines(`${GB}/fastly.ips`), cdn],
  ['bunny.net', lines(`${GB}/bunnycdn.ips`), cdn],
  ['Akamai', lines('SecOps-Institute+Akamai-ASN-and-IPs-List/akamai_ip_cidr_blocks.lst'), (r) => cdn(r) || r.network === 'Linode (Akamai Cloud)' || r.asn === 63949],
  ['AWS EC2', [...aws.prefixes.filter((p) => p.service === 'EC2').map((p) => p.ip_prefix), ...aws.ipv6_prefixes.filter((p) => p.service === 'EC2').map((p) => p.ipv6_prefix)], dch],
  ['Google', la('google'), dch],
  ['Microsoft', la('microsoft'), dch],
  ['Oracle', la('oracle', false), dch],
  ['DigitalOcean', la('digitalocean'), dch],
  ['Linode', la('linode'), dch],
  ['Vultr', la('vultr'), dch],
  ['GitHub', la('github'), dch],
  ['X4BNet data centre', [...lines(`${X4}/output/datacenter/ipv4.txt`), ...lines(`${X4}/output/datacenter/ipv6.txt`)], (r) => dch(r) || r.connection_type === 'ISP' || r.connection_type === 'MOB'],
];

let check: IpCheck;
beforeAll(() => {
  check = createIpCheck({ now: new Date('2026-11-22T12:00:00Z') });
});

describe('source lists', () => {
  it.each(CASES.map(([name, entries, expectation]) => [name, entries, expectation] as const))('%s', (name, entries, expectation) => {
    const misses: string[] = [];
    // Upstream lists sometimes carry documentation ranges (Vultr's geofeed lists
    // 192.0.2.0/24): those are RSV by design, whatever a list says.
    const all = sample(entries);
    const ips = all.filter((ip) => classifySpecialRange(ip) === null);
    if (ips.length < all.length) console.log(`${name}: skipped special-purpose entries ${all.filter((ip) => !ips.includes(ip)).join(' ')}`);
    for (const ip of ips) {
      const r = check(ip);
      if (!expectation(r)) {
        misses.push(`${ip} → ${r.connection_type} tor=${r.is_tor} vpn=${r.is_vpn}(${r.vpn_name}) relay=${r.is_relay} proxy=${r.is_proxy} ${r.network ?? ''} AS${r.asn}`);
      }
    }
    if (misses.length > 0) console.log(`${name}: ${misses.length}/${ips.length} misses\n  ${misses.join('\n  ')}`);
    expect(ips.length).toBeGreaterThan(0);
    expect(misses).toEqual([]);
  });
});
