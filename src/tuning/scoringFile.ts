/**
 * The scoring file `identity-signals tune` writes and `createChecker`,
 * `serve --scoring`, `batch --scoring` and `evaluate --scoring` read: a
 * checker's `scoring` option (weights, bands per subject) with its
 * provenance, checked against every score model when read.
 */
import { readFileSync } from 'node:fs';
import { isPlainObject, kindOf } from '../common/options.js';
import { InputError, isInputError } from '../errors.js';
import { SCORE_MODELS } from '../registry.js';
import type { ScoringOptions } from '../registry.js';
import { checkScoringOptions } from '../scoring/createScorer.js';
import type { ScoringFile, ScoringProvenance } from './types.js';

/** The `format` field of a scoring file. */
export const SCORING_FILE_FORMAT = 'identity-signals/scoring';
/** The file format version this code reads and writes. */
export const SCORING_FILE_VERSION = 1;

/** A scoring file read: the `scoring` option it holds (its provenance kept in it). */
export type ScoringFromFile = ScoringOptions & { readonly provenance: ScoringProvenance };

/**
 * Reads a scoring file's text into a checker's `scoring` option, checked as
 * `createChecker` checks one: a code that is no signal, a weight out of its
 * range or a band table that does not cover 0..1000 is an error naming it
 * and the file.
 *
 * @param text the file's content (JSON)
 * @param source the file's name, for messages
 * @throws InputError `SCORING_CONFIG` naming the file and the field at fault
 * @example
 * import { readFileSync } from 'node:fs';
 * import { createChecker, parseScoringFile } from 'identity-signals';
 * // not run: reads your scoring.json
 * const scoring = parseScoringFile(readFileSync('scoring.json', 'utf8'), 'scoring.json');
 * createChecker({ scoring });
 */
export function parseScoringFile(text: string, source: string): ScoringFromFile {
  const fail = (message: string, field?: string): never => {
    throw new InputError('SCORING_CONFIG', `${source}: ${message}`, field);
  };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return fail(`not JSON (${(error as Error).message})`);
  }
  if (!isPlainObject(parsed)) return fail(`must be a JSON object, got ${kindOf(parsed)}`);
  const file = parsed as Partial<Record<keyof ScoringFile, unknown>>;
  if (file.format !== SCORING_FILE_FORMAT) fail(`"format" must be "${SCORING_FILE_FORMAT}", got ${JSON.stringify(file.format) ?? 'nothing'}`, 'format');
  if (file.version !== SCORING_FILE_VERSION) fail(`"version" ${JSON.stringify(file.version) ?? '(none)'} is not one this release reads (${SCORING_FILE_VERSION})`, 'version');
  for (const key of Object.keys(file)) {
    if (!['format', 'version', 'weights', 'bands', 'provenance'].includes(key)) fail(`unknown field "${key}" (a scoring file has format, version, weights, bands and provenance)`, key);
  }
  if (!isPlainObject(file.provenance)) fail(`"provenance" must be an object, got ${kindOf(file.provenance)}`, 'provenance');
  const scoring = {
    weights: file.weights ?? {},
    bands: file.bands ?? {},
    provenance: file.provenance,
  };
  try {
    checkScoringOptions(scoring, SCORE_MODELS);
  } catch (error) {
    if (!isInputError(error)) throw error;
    fail(error.message, error.field);
  }
  return scoring as ScoringFromFile;
}

/**
 * Reads and checks a scoring file (see {@link parseScoringFile}).
 *
 * @throws InputError `SCORING_CONFIG` when the file cannot be read or holds a bad scoring
 * @example
 * // not run: reads your scoring.json
 * const checker = createChecker({ scoring: readScoringFile('scoring.json') });
 */
export function readScoringFile(path: string): ScoringFromFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new InputError('SCORING_CONFIG', `${path}: cannot read the scoring file (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  return parseScoringFile(text, path);
}

/**
 * The text of a scoring file: the fit's weights and bands with their
 * provenance, two-space JSON with a final line break.
 *
 * @example
 * import { writeFileSync } from 'node:fs';
 * import { scoringFileText, type ScoringProvenance } from 'identity-signals';
 * // not run: writes scoring.json; the provenance is the tune run's
 * declare const provenance: ScoringProvenance;
 * writeFileSync('scoring.json', scoringFileText({ weights: { EMAIL_FREE: 0.4 }, bands: {} }, provenance));
 */
export function scoringFileText(scoring: Pick<ScoringFile, 'weights' | 'bands'>, provenance: ScoringProvenance): string {
  const file: ScoringFile = { format: SCORING_FILE_FORMAT, version: SCORING_FILE_VERSION, weights: scoring.weights, bands: scoring.bands, provenance };
  return `${JSON.stringify(file, null, 2)}\n`;
}
