/**
 * Run-time side of the n-gram model: opens data/name/ngram.json (its
 * checker's tables load it on the first score or threshold asked for, so
 * importing the package does no file I/O). Kept apart from ngram.ts so the builder, which
 * writes that file, never needs it to exist.
 */
import { scoreToken, type NgramData } from './ngram.js';

/** The character model of one bundle: its trigram table and threshold. */
export interface LikenessModel {
  readonly table: Uint8Array;
  readonly threshold: number;
}

/** Opens `data` (the bundle's `name/ngram` dataset). */
export function openLikeness(data: NgramData): LikenessModel {
  return { table: new Uint8Array(Buffer.from(data.table, 'base64')), threshold: data.threshold };
}

/** What the scores here read of a checker's name tables (src/name/tables.ts NameTables opens the model on first use). */
export interface LikenessTables {
  readonly likeness: LikenessModel;
}

/**
 * The name-likeness score below which only 0.5% of held-out real name
 * tokens fall (weighted half US, half rest of the world): measured by the
 * builder on a 10% hash split of the real-name tokens that the shipped
 * model never saw in training. The measured value
 * and the share of keyboard mash below it are in docs/name-data.md.
 *
 * @example
 * const tables = openNameTables(openData(undefined));
 * nameLikeness(tables, 'asdfgh') < nameLikenessThreshold(tables) // → true
 */
export function nameLikenessThreshold(t: LikenessTables): number {
  return t.likeness.threshold;
}

/**
 * How name-like one folded token is: the mean log2-probability per
 * character under the trigram model trained on real names (around -3 for
 * a typical name; keyboard mash falls below {@link nameLikenessThreshold}).
 * Returns NaN for a token the model does not cover (non-Latin scripts,
 * digits, symbols, empty): "not scored", never "not a name". Tokens are
 * scored up to their first 64 characters.
 *
 * @param token - one folded name token (output of foldName, no spaces).
 * @example
 * const tables = openNameTables(openData(undefined));
 * nameLikeness(tables, 'siobhan') > nameLikenessThreshold(tables) // → true
 * nameLikeness(tables, 'qwrtzp') < nameLikenessThreshold(tables)  // → true
 * Number.isNaN(nameLikeness(tables, 'иван'))                // → true
 */
export function nameLikeness(t: LikenessTables, token: string): number {
  return scoreToken(t.likeness.table, token);
}
