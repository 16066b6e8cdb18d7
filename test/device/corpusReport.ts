/**
 * The corpus figures from the shell, without vitest:
 * `npx tsx test/device/corpusReport.ts` prints the whole and per-half
 * figures; `--misses` prints every miss first (as the corpus test does).
 */
import { createDeviceCheck } from '../../src/device/index.js';
import { HALF_METRICS, corpusReport, measureCorpus, missSummary } from './corpusMetrics.js';

const metrics = measureCorpus(createDeviceCheck({ cacheSize: 0 }));
if (process.argv.includes('--misses')) console.log(corpusReport(metrics));
else {
  for (const m of metrics.all) console.log(m.report());
  for (const half of ['fit', 'score'] as const) {
    console.log(`=== ${half} half`);
    for (const n of HALF_METRICS) console.log(`${metrics.halves[half][n].report()} — ${missSummary(metrics.halves[half][n])}`);
  }
}
