import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { parseCommandLine } from '../../src/cli/args.js';
import { serveCommand } from '../../src/cli/serve.js';
import { createChecker } from '../../src/checker.js';
import { readScoringFile } from '../../src/tuning/scoringFile.js';
import { runCliText } from '../support/cli.js';
import { scratchFolders } from '../support/scratch.js';
import { writeScoringFiles } from '../support/scoringFiles.js';

// `serve --scoring FILE` and the config file's `scoring`: a real server on
// loopback answers with the scores the file gives (createChecker({ scoring })
// on the same file), not the package's; a bad file stops serve at start,
// exit 2, naming the file and the code.

const { root: dir } = scratchFolders('identity-signals-serve-scoring-');
const files = writeScoringFiles(dir);
const CUSTOMER = '2f1c4f5e-8b9a-4c6d-9e0f-1a2b3c4d5e6f';
const ADDRESS = 'bob@mailinator.com';
const ENV = { IDENTITY_SIGNALS_DATA_WARN: 'off', IDENTITY_SIGNALS_API_KEYS: 'k', IDENTITY_SIGNALS_LOG_LEVEL: 'silent' };

/** Starts serve in process with `argv`, posts one e-mail request, stops it; the response body and the exit code. */
async function emailThrough(argv: readonly string[]): Promise<{ code: number; body: Record<string, unknown> }> {
  const stop = new AbortController();
  let answer: Promise<Record<string, unknown>> = Promise.reject(new Error('serve never listened'));
  answer.catch(() => {});
  const code = await serveCommand(parseCommandLine(['serve', '--port', '0', ...argv]).flags, {
    out: () => {},
    err: (line) => {
      const match = /listening on http:\/\/127\.0\.0\.1:(\d+)\//.exec(line);
      if (!match) return;
      answer = fetch(`http://127.0.0.1:${match[1]}/1.0/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': 'k' },
        body: JSON.stringify({ customer_id: CUSTOMER, claims: ['email'], email: ADDRESS }),
      })
        .then((res) => res.json() as Promise<Record<string, unknown>>)
        .finally(() => stop.abort());
    },
    stdin: Readable.from(['']),
    env: ENV,
    signal: stop.signal,
  });
  return { code, body: await answer };
}

const scoreOf = (body: Record<string, unknown>) => String((body.email as { score?: number } | undefined)?.score);

describe('serve --scoring', () => {
  const tuned = createChecker({ scoring: readScoringFile(files.tuned) }).email(ADDRESS);
  const plain = createChecker().email(ADDRESS);

  it('answers with the file\'s scores, from the flag and from the config file', async () => {
    expect(tuned.score).not.toBe(plain.score);
    const flag = await emailThrough(['--scoring', files.tuned]);
    expect(flag.code).toBe(0);
    expect(scoreOf(flag.body)).toBe(String(tuned.score));
    const config = join(dir, 'server.json');
    // A relative path, taken from the config file's folder.
    writeFileSync(config, JSON.stringify({ scoring: 'tuned.json' }));
    const fromConfig = await emailThrough(['--config', config]);
    expect(scoreOf(fromConfig.body)).toBe(String(tuned.score));
    const without = await emailThrough([]);
    expect(scoreOf(without.body)).toBe(String(plain.score));
  });

  it.each([
    ['misspelt', 'EMAIL_DISPOSABL'],
    ['outOfRange', 'EMAIL_FREE'],
  ] as const)('refuses the %s file at start: exit 2 naming the file and the code, from the flag and the config', async (which, code) => {
    const run = await runCliText(['serve', '--port', '0', '--scoring', files[which]], { env: ENV });
    expect(run.code).toBe(2);
    expect(run.err).toMatch(new RegExp(`^InputError SCORING_CONFIG: ${files[which].replaceAll('/', '\\/')}: .*${code}`));
    const config = join(dir, `${which}-server.json`);
    writeFileSync(config, JSON.stringify({ scoring: files[which] }));
    const viaConfig = await runCliText(['serve', '--port', '0', '--config', config], { env: ENV });
    expect(viaConfig.code).toBe(2);
    expect(viaConfig.err).toContain(code);
  });

  it('a bands setting beside the scoring file is refused, naming both', async () => {
    const config = join(dir, 'both.json');
    writeFileSync(config, JSON.stringify({ bands: 'scorecard', scoring: files.tuned }));
    const run = await runCliText(['serve', '--port', '0', '--config', config], { env: ENV });
    expect(run.code).toBe(2);
    expect(run.err).toMatch(/^config: bands and config: scoring both set the bands/);
  });
});
