/**
 * Accuracy of the device check over the fixture corpora (copied from
 * the project's shared corpora, test/fixtures/device/SOURCE.md): Matomo device-detector fixtures (device_ua, client_hints)
 * and uap-core device fixtures (uap_device). Prints every miss, one line
 * each, and the accuracy per metric; asserts the accuracy floors.
 *
 * The rows are also split, by a hash of the UA, into a "fit" and a "score"
 * half (test/device/corpusMetrics.ts): rules are written from fit-half
 * misses only, and the score half's figures show how the rules do on UAs
 * they were not written for. Every miss is printed with its half and
 * grouped as "no rule" (nothing detected) or "wrong rule" (a wrong answer).
 *
 * Metric definitions (what counts as a hit):
 * - OS family: `osFamily(operating_system) === osFamily(expected os.name)` over
 *   non-bot rows with an expected OS (Fire OS and Android TV are Android,
 *   distributions are GNU/Linux, iPadOS is iOS).
 * - browser family: `browserFamily(browser_name)` equals the expected client's
 *   family, over non-bot rows whose expected client is a browser.
 * - category: `category` equals the expected device type (Matomo's
 *   "feature phone" → feature_phone, …), over non-bot rows with a type.
 * - brand: brand names equal after lower-casing and dropping non-alphanumerics
 *   (`Sony Ericsson` = `SonyEricsson`), over rows with an expected brand.
 * - model: the expected model (marketing name or code) equals `model`, or
 *   names the same table entry as `model` (the code's marketing name), after
 *   the same normalisation, over rows with an expected model.
 * - bots: recall over expected bots; false positives over expected humans,
 *   per source and pooled, each source judged by its own concept
 *   (corpusMetrics.ts, `automated`). Matomo's taxonomy rules `is_robot`: it
 *   is the spec's (`is_robot` "a bot or spider"; `is_feed_reader`,
 *   `is_downloader`, `is_checker`, `is_spam` client kinds of their own), and
 *   the held-out judging uses cases of the kinds of the shared corpora
 *   (Matomo's and uap-core's fixtures). So on Matomo's rows recall and false
 *   positives are pure `is_robot` against Matomo's labels; uap-core's
 *   `Spider` rows give recall only, `is_robot`, informative. isbot's own
 *   crawler and browser fixtures (test/fixtures/device/isbot-*.yml, added by
 *   this project later) measure another concept, "not a person at a
 *   browser": there a UA is detected when the result marks it automated —
 *   `is_robot`, `is_checker`, `is_downloader`, `is_feed_reader` or
 *   `is_spam` — and a browser fixture so marked is a false positive. The
 *   pooled figures add the two sources' rows, each judged so. Floors: 99%
 *   recall pooled and on each source, 1% false positives pooled and on
 *   Matomo's rows, the pool the floor was set on (floors stay where they
 *   were set).
 */
import { describe, expect, it } from 'vitest';
import { createDeviceCheck } from '../../src/device/index.js';
import { HALF_METRICS, automated, corpusReport, measureCorpus } from './corpusMetrics.js';

const metrics = measureCorpus(createDeviceCheck({ cacheSize: 0 }));
console.log(corpusReport(metrics));
const os = metrics.byName('OS family');
const browser = metrics.byName('browser family');
const category = metrics.byName('device category');
const brand = metrics.byName('brand');
const model = metrics.byName('model');
const botRecall = metrics.byName('bot recall (Matomo)');
const isbotRecall = metrics.byName('automated recall (isbot crawler fixtures)');
const allRecall = metrics.byName('bot recall (pooled: Matomo is_robot + isbot automated)');
const allHumans = metrics.byName('humans not flagged (pooled: Matomo is_robot + isbot automated)');
const humans = metrics.byName('humans not flagged (Matomo; 1 - bot false-positive rate)');

describe('device corpus accuracy (floors)', () => {
  it('OS family >= 95%', () => expect(os.rate).toBeGreaterThanOrEqual(0.95));
  it('browser family >= 93%', () => expect(browser.rate).toBeGreaterThanOrEqual(0.93));
  it('device category >= 90%', () => expect(category.rate).toBeGreaterThanOrEqual(0.9));
  it('brand >= 88%', () => expect(brand.rate).toBeGreaterThanOrEqual(0.88));
  it('model (marketing name or code) >= 70%', () => expect(model.rate).toBeGreaterThanOrEqual(0.7));
  it('bot recall >= 99% (pooled, and on each source by its own concept)', () => {
    expect(allRecall.rate).toBeGreaterThanOrEqual(0.99);
    expect(botRecall.rate).toBeGreaterThanOrEqual(0.99);
    expect(isbotRecall.rate).toBeGreaterThanOrEqual(0.99);
  });
  it('bot false positives <= 1% (pooled)', () => expect(1 - allHumans.rate).toBeLessThanOrEqual(0.01));
  // The floor as it was set (the first corpus test): on Matomo's rows
  // alone, `is_robot` against Matomo's labels. It was 1.07% (26/2425) while
  // feed-reader apps were robots (commit 1bd521c, to follow isbot's crawler
  // fixtures); with Matomo's taxonomy ruling `is_robot` they are
  // `is_feed_reader` and not robots, and it is 0.54% (13/2425). The 13 left:
  // 7 HTTP libraries, which stay robots (Matomo lists some libraries as bots:
  // reading them as people drops Matomo's own recall to 98.51%), and 6 single
  // strings with no family a rule could name (BrowseX, which isbot lists by
  // name, `URL/Emacs`, `Magician`, `sp-agent …`, `Some Unknown UA`, an
  // Android build fingerprint).
  it('bot false positives <= 1% on Matomo rows, the pool the floor was set on', () =>
    expect(1 - humans.rate).toBeLessThanOrEqual(0.01));
});

describe('device corpus: what isbot\'s fixtures count as automated (corpusMetrics.ts)', () => {
  const check = createDeviceCheck({ cacheSize: 0 });
  it('counts a bot and the client kinds that fetch on their own, not a person\'s browser, app or player', () => {
    expect(automated(check('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'))).toBe(true);
    const feedReader = check('Reeder/5.4.2 CFNetwork/1498.700.2 Darwin/23.6.0');
    expect(feedReader.is_robot).toBe(false);
    expect(automated(feedReader)).toBe(true);
    expect(automated(check('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15'))).toBe(false);
    expect(automated(check('Overcast/3.0 (+http://overcast.fm/; iOS podcast app)'))).toBe(false);
  });
});

describe('device corpus: held-out style split (test/device/corpusMetrics.ts)', () => {
  it('splits the rows into two halves of similar size, each row in one half', () => {
    for (const n of HALF_METRICS) {
      const fit = metrics.halves.fit[n].total;
      const score = metrics.halves.score[n].total;
      expect(fit + score).toBe(metrics.byName(n).total);
      expect(Math.min(fit, score) / Math.max(fit, score)).toBeGreaterThan(0.8);
    }
  });
});
