/**
 * Builds the labelled sign-up corpus (test/fixtures/signups/signups.jsonl)
 * and its README's family table from the seeded generators in this folder.
 *   npm run data:build -- signups    write it
 *   npm run data:check               (with the data builders) fail if the committed corpus drifted
 * The corpus is a test fixture, not part of the data bundle: nothing here is shipped.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { buildCorpus } from './corpus.js';
import { CORPUS_FILE, ROOT } from './schema.js';
import { corpusReadme, README_FILE } from './readme.js';

const check = process.argv.includes('--check') || process.env.DATA_CHECK === '1';

// `data update` rebuilds the shipped bundle only; the corpus is not part of it.
if (process.env.IDENTITY_SIGNALS_BUILD_OUT) process.exit(0);

const outputs: [string, string][] = [];
const corpus = buildCorpus();
outputs.push([CORPUS_FILE, corpus]);
outputs.push([README_FILE, corpusReadme(corpus)]);

const drifted: string[] = [];
for (const [file, text] of outputs) {
  if (check) {
    if (!existsSync(file) || readFileSync(file, 'utf8') !== text) drifted.push(relative(ROOT, file));
  } else {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
}
if (check && drifted.length > 0) {
  console.error(`scripts/signups/build.ts: the corpus drifted from its builder:\n  ${drifted.join('\n  ')}\nRun npm run data:build -- signups and commit.`);
  process.exitCode = 1;
} else {
  console.log(`scripts/signups/build.ts: ${check ? 'corpus matches its builder' : 'corpus written'}`);
}
