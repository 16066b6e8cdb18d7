import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { authorizationFor, download, downloadPackage, mirrored, registryFor } from '../../src/update/download.js';
import { acquireLock, LockBusyError } from '../../src/update/lock.js';
import { GITHUB_FILES, keptContent, parseSupportedDevices } from '../../src/update/sources.js';
import { unpackTarball } from '../../src/update/tar.js';
import { shrinkage } from '../../src/update/update.js';
import type { ManifestDataset } from '../../src/data/manifest.js';
import { DataBundle } from '../../src/data/bundle.js';
import { ROLES } from '../../src/email/data/formats.js';
import { ROOT } from '../support/batchBin.js';
import { makeBundle } from '../data/makeBundle.js';
import { packTarball } from '../data/packTarball.js';

// The parts of `data update` one by one: where packages come from (npm's
// registry settings), the mirror layout, the tarball reader, the size check,
// the lock, and the list of upstream files against data/raw/ip.

const scratch = mkdtempSync(join(tmpdir(), 'is-update-parts-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('registryFor: the registry npm itself would use', () => {
  const home = mkdtempSync(join(scratch, 'home-'));
  const project = mkdtempSync(join(scratch, 'project-'));
  const base = { env: {}, cwd: project, home };

  it('the public registry when nothing is configured', () => {
    expect(registryFor('caniuse-lite', base)).toBe('https://registry.npmjs.org/');
  });

  it('~/.npmrc, then the project .npmrc over it, then the environment, then --mirror, then --registry', () => {
    writeFileSync(join(home, '.npmrc'), '; the site mirror\nregistry=https://npm.home.example/\n');
    expect(registryFor('caniuse-lite', base)).toBe('https://npm.home.example/');
    writeFileSync(join(project, '.npmrc'), 'registry = https://npm.project.example/repo\n');
    expect(registryFor('caniuse-lite', base)).toBe('https://npm.project.example/repo/');
    const env = { npm_config_registry: 'https://npm.env.example/' };
    expect(registryFor('caniuse-lite', { ...base, env })).toBe('https://npm.env.example/');
    expect(registryFor('caniuse-lite', { ...base, env, mirror: 'http://127.0.0.1:9/m' })).toBe('http://127.0.0.1:9/m/registry.npmjs.org/');
    expect(registryFor('caniuse-lite', { ...base, env, mirror: '/srv/mirror', flag: 'https://npm.flag.example' })).toBe('https://npm.flag.example/');
  });

  it('a scope registry (@scope:registry=) for that scope only', () => {
    writeFileSync(join(project, '.npmrc'), 'registry=https://npm.project.example/\n@ip-location-db:registry=https://scoped.example/\n');
    expect(registryFor('@ip-location-db/asn', base)).toBe('https://scoped.example/');
    expect(registryFor('caniuse-lite', base)).toBe('https://npm.project.example/');
    expect(registryFor('@ip-location-db/asn', { ...base, env: { 'npm_config_@ip-location-db:registry': 'https://scoped-env.example' } })).toBe('https://scoped-env.example/');
  });
});

describe('authorizationFor: the registry credentials npm would send', () => {
  it('the longest //host/path/ of .npmrc that starts the URL, Bearer or Basic, ${VAR} from the environment; nothing for another host', () => {
    const home = mkdtempSync(join(scratch, 'home-'));
    const project = mkdtempSync(join(scratch, 'project-'));
    writeFileSync(join(home, '.npmrc'), '//npm.site.example/:_auth=dXNlcjpwYXNz\n');
    writeFileSync(join(project, '.npmrc'), '//npm.site.example/repo/npm/:_authToken=${SITE_NPM_TOKEN}\n');
    const options = { env: { SITE_NPM_TOKEN: 'test-token-1' }, cwd: project, home };
    expect(authorizationFor('https://npm.site.example/repo/npm/caniuse-lite/latest', options)).toBe('Bearer test-token-1');
    expect(authorizationFor('https://npm.site.example/other/caniuse-lite/latest', options)).toBe('Basic dXNlcjpwYXNz');
    expect(authorizationFor('https://registry.npmjs.org/caniuse-lite/latest', options)).toBeUndefined();
    expect(authorizationFor('https://npm.site.example.evil/repo/npm/x', options)).toBeUndefined();
  });
});

describe('mirrored: <mirror>/<host>/<path> of the upstream URL', () => {
  it('for a URL mirror and a folder mirror', () => {
    const url = 'https://raw.githubusercontent.com/X4BNet/lists_vpn/HEAD/output/vpn/ipv4.txt';
    expect(mirrored(url, 'http://mirror.example/data')).toBe('http://mirror.example/data/raw.githubusercontent.com/X4BNet/lists_vpn/HEAD/output/vpn/ipv4.txt');
    expect(mirrored(url, '/srv/mirror')).toBe('/srv/mirror/raw.githubusercontent.com/X4BNet/lists_vpn/HEAD/output/vpn/ipv4.txt');
    expect(mirrored('https://registry.npmjs.org/@ip-location-db/asn/-/asn-1.0.0.tgz', '/m')).toBe('/m/registry.npmjs.org/@ip-location-db/asn/-/asn-1.0.0.tgz');
  });
});

describe('downloadPackage through a registry (loopback)', () => {
  it('reads <registry>/<name>/latest, then the tarball it names, checked against its integrity', async () => {
    const tgz = packTarball([{ path: 'package.json', content: Buffer.from('{"name":"p","version":"1.2.3"}') }]);
    const integrity = `sha512-${createHash('sha512').update(tgz).digest('base64')}`;
    const seen: string[] = [];
    const server = createServer((req, res) => {
      seen.push(req.url ?? '');
      const port = (server.address() as AddressInfo).port;
      if (req.url === '/npm/p/latest') res.end(JSON.stringify({ name: 'p', version: '1.2.3', dist: { tarball: `http://127.0.0.1:${port}/npm/p/-/p-1.2.3.tgz`, integrity } }));
      else if (req.url === '/npm/p/-/p-1.2.3.tgz') res.end(tgz);
      else res.writeHead(404).end();
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    try {
      const registry = `http://127.0.0.1:${(server.address() as AddressInfo).port}/npm`;
      const got = await downloadPackage('p', registry, undefined, 5000);
      expect(got.meta.version).toBe('1.2.3');
      expect(got.tgz.equals(tgz)).toBe(true);
      expect(seen).toEqual(['/npm/p/latest', '/npm/p/-/p-1.2.3.tgz']);
      await expect(downloadPackage('q', registry, undefined, 5000)).rejects.toThrow(`${registry}/q/latest: HTTP 404`);
      // Both requests carry the registry's credentials when it has some.
      seen.length = 0;
      const auth: string[] = [];
      server.prependListener('request', (req) => auth.push(req.headers.authorization ?? ''));
      await downloadPackage('p', registry, undefined, 5000, (url) => (url.startsWith(registry) ? 'Bearer test-token-2' : undefined));
      expect(auth).toEqual(['Bearer test-token-2', 'Bearer test-token-2']);
    } finally {
      await new Promise((ok) => server.close(ok));
    }
  });
});

describe('unpackTarball', () => {
  it('writes the files under package/ without that folder', () => {
    const dir = mkdtempSync(join(scratch, 'unpack-'));
    const n = unpackTarball(
      packTarball([
        { path: 'package.json', content: Buffer.from('{}') },
        { path: 'data/features/a.js', content: Buffer.from('module.exports=1') },
      ]),
      dir,
    );
    expect(n).toBe(2);
    expect(readFileSync(join(dir, 'data', 'features', 'a.js'), 'utf8')).toBe('module.exports=1');
  });

  it('refuses an entry that climbs out of the package, and what is not gzip', () => {
    const dir = mkdtempSync(join(scratch, 'unpack-'));
    expect(() => unpackTarball(packTarball([{ path: '../../escape.txt', content: Buffer.from('x') }]), dir)).toThrow(/refusing the entry "package\/..\/..\/escape.txt"/);
    expect(() => unpackTarball(Buffer.from('not a tarball'), dir)).toThrow();
  });
});

describe('shrinkage: a dataset or list under half of the previous bundle', () => {
  const entry = (records: number, notes?: string): ManifestDataset => ({
    product: 'ip',
    name: 'lists',
    file: 'ip/lists.bin.br',
    formatVersion: 1,
    sha256: '0'.repeat(64),
    bytes: 1,
    records,
    source: 'test',
    licence: 'MIT',
    retrieved: '2026-11-25',
    ...(notes === undefined ? {} : { notes }),
  });
  const before = new Map([['ip/lists', entry(1000, 'tor-exit=400 proxy=100')]]);

  it('passes at half or more, per dataset and per counted list', () => {
    expect(shrinkage([entry(500, 'tor-exit=200 proxy=50')], before)).toEqual([]);
  });

  it('names the dataset, or the list that shrank while the dataset did not', () => {
    expect(shrinkage([entry(499, 'tor-exit=400 proxy=100')], before)).toEqual(['ip/lists has 499 records, the previous bundle 1000 (source: test)']);
    expect(shrinkage([entry(1200, 'tor-exit=0 proxy=100')], before)).toEqual(['ip/lists: list tor-exit has 0 entries, the previous bundle 400']);
    expect(shrinkage([entry(1200, 'proxy=100')], before)).toEqual(['ip/lists: list tor-exit has 0 entries, the previous bundle 400']);
  });
});

describe('acquireLock', () => {
  it('one holder at a time; released, it can be taken again', () => {
    const path = join(scratch, 'a.lock');
    const release = acquireLock(path);
    expect(readFileSync(path, 'utf8')).toBe(`${process.pid}\n`);
    expect(() => acquireLock(path)).toThrow(LockBusyError);
    release();
    acquireLock(path)();
  });

  it('a lock file with no pid yet is held while it is new (its owner is writing it)', () => {
    const path = join(scratch, 'b.lock');
    writeFileSync(path, '');
    expect(() => acquireLock(path)).toThrow(LockBusyError);
  });

  it('a lock file with no pid written a minute ago, on the filesystem\'s clock, is stale and taken over', () => {
    // "A minute ago" by the mtime a file written now gets, not this process's clock (which faketime moves, and a share's server does not share).
    const probe = join(scratch, 'probe');
    writeFileSync(probe, '');
    const fsNow = statSync(probe).mtimeMs;
    const path = join(scratch, 'c.lock');
    writeFileSync(path, '');
    utimesSync(path, (fsNow - 60_000) / 1000, (fsNow - 60_000) / 1000);
    const release = acquireLock(path);
    expect(readFileSync(path, 'utf8')).toBe(`${process.pid}\n`);
    release();
    expect(readdirSync(scratch).filter((n) => n.startsWith('c.lock'))).toEqual([]);
  });
});

describe('the upstream files', () => {
  it('are exactly the files copied under data/raw/ip (curated inputs and SOURCE.md aside)', () => {
    const raw = join(ROOT, 'data', 'raw', 'ip');
    const walk = (dir: string): string[] => readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? walk(join(dir, n)) : [join(dir, n)]));
    const copied = walk(raw)
      .map((p) => relative(raw, p).split(sep).join('/'))
      .filter((p) => p.includes('/') && !p.startsWith('curated/'))
      .sort();
    const listed = GITHUB_FILES.ip!.map((f) => `${f.owner}+${f.repo}/${f.path}`).sort();
    expect(listed).toEqual(copied);
  });

  it("monosans' proxies.json keeps protocol, host, port and exit_ip only (the GeoLite2-derived fields are dropped)", () => {
    const file = GITHUB_FILES.ip!.find((f) => f.path === 'proxies.json')!;
    const kept = keptContent(file, Buffer.from(JSON.stringify([{ protocol: 'http', host: '192.0.2.1', port: 8080, exit_ip: '192.0.2.2', asn: 1, geolocation: { city: 'x' } }])));
    expect(JSON.parse(kept.toString())).toEqual([{ protocol: 'http', host: '192.0.2.1', port: 8080, exit_ip: '192.0.2.2' }]);
  });
});

describe('a bundle opened through a link', () => {
  it('keeps reading the version it opened when the link is swapped to another (as data update does), its files still lazily read', () => {
    const v1 = makeBundle([{ format: ROLES as never, data: ['admin', 'billing'] }]);
    const v2 = makeBundle([{ format: ROLES as never, data: ['postmaster'] }]);
    const link = join(scratch, 'live');
    symlinkSync(v1, link);
    const opened = new DataBundle(link, 'custom', null);
    // The update publishes v2: a new link renamed over the old one.
    symlinkSync(v2, `${link}.new`);
    renameSync(`${link}.new`, link);
    expect(opened.load(ROLES as never)).toEqual(['admin', 'billing']);
    expect(new DataBundle(link, 'custom', null).load(ROLES as never)).toEqual(['postmaster']);
    for (const dir of [v1, v2]) rmSync(dir, { recursive: true, force: true });
  });
});

describe("parseSupportedDevices: Google Play's supported-devices CSV", () => {
  it('reads UTF-16LE with its byte-order mark or UTF-8, quoted cells, CRLF; refuses another header', () => {
    const csv = 'Retail Branding,Marketing Name,Device,Model\r\nSamsung,"Galaxy S10, 5G",beyondx,SM-G977N\r\n"A ""B""",,d,m\r\n';
    const rows = [
      { brand: 'Samsung', name: 'Galaxy S10, 5G', device: 'beyondx', model: 'SM-G977N' },
      { brand: 'A "B"', name: '', device: 'd', model: 'm' },
    ];
    expect(parseSupportedDevices(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(csv, 'utf16le')]))).toEqual(rows);
    expect(parseSupportedDevices(Buffer.from(csv))).toEqual(rows);
    expect(() => parseSupportedDevices(Buffer.from('<html>moved</html>'))).toThrow("not Google Play's supported-devices list");
  });
});

describe('download: a dropped connection or a 5xx is tried again, a 4xx is not', () => {
  it('succeeds on the next try after a cut connection and after a 503; a 404 is asked once', async () => {
    const hits = new Map<string, number>();
    const server = createServer((req, res) => {
      const n = (hits.get(req.url ?? '') ?? 0) + 1;
      hits.set(req.url ?? '', n);
      if (req.url === '/cut' && n === 1) req.socket.destroy();
      else if (req.url === '/busy' && n === 1) res.writeHead(503).end();
      else if (req.url === '/gone') res.writeHead(404).end();
      else res.end('list');
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect((await download(`${base}/cut`, 5000)).toString()).toBe('list');
      expect((await download(`${base}/busy`, 5000)).toString()).toBe('list');
      await expect(download(`${base}/gone`, 5000)).rejects.toThrow(`${base}/gone: HTTP 404`);
      expect(Object.fromEntries(hits)).toEqual({ '/cut': 2, '/busy': 2, '/gone': 1 });
    } finally {
      await new Promise((ok) => server.close(ok));
    }
  });
});
