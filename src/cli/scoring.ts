import { readScoringFile } from '../tuning/scoringFile.js';
import type { ScoringFromFile } from '../tuning/scoringFile.js';
import { UsageError } from './args.js';
import type { Flags } from './args.js';
import type { CommandName } from './usage.js';

/**
 * The scoring file of `--scoring FILE`, read and checked (a misspelt code, a
 * weight out of range or a band table that does not cover 0..1000 is an
 * InputError `SCORING_CONFIG` naming the file and the field: exit 2), or
 * `undefined` without the flag. `--bands` beside it is refused: the file
 * holds the bands it was tuned with, and one of the two would be ignored.
 */
export function scoringOfFlags(flags: Flags, command: CommandName): ScoringFromFile | undefined {
  const path = flags.given.get('scoring')?.[0];
  if (path === undefined) return undefined;
  if (flags.bands !== undefined) throw new UsageError('--bands and --scoring both set the bands (a scoring file holds its own): give one of them', command);
  return readScoringFile(path);
}
