/**
 * Run-time side of the n-gram model: loads data/name/ngram.json (about
 * 30 kB) once, on the first score or threshold asked for, so importing the
 * package does no file I/O. Kept apart from ngram.ts so the builder, which
 * writes that file, never needs it to exist.
 */
import { bundleMemo } from './bundleMemo.js';
import { NGRAM } from './formats.js';
import { scoreToken } from './ngram.js';

const load = bundleMemo('name/ngram:model', () => [NGRAM], (bundle): { table: Uint8Array; threshold: number } => {
  const data = bundle.load(NGRAM);
  return { table: new Uint8Array(Buffer.from(data.table, 'base64')), threshold: data.threshold };
});

/**
 * The name-likeness score below which only 0.5% of held-out real name
 * tokens fall (weighted half US, half rest of the world): measured by the
 * builder on a 10% hash split of the real-name tokens that the shipped
 * model never saw in training. The measured value
 * and the share of keyboard mash below it are in docs/name-data.md.
 *
 * @example
 * nameLikeness('asdfgh') < nameLikenessThreshold() // → true
 */
export function nameLikenessThreshold(): number {
  return load().threshold;
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
 * nameLikeness('siobhan') > nameLikenessThreshold() // → true
 * nameLikeness('qwrtzp') < nameLikenessThreshold()  // → true
 * Number.isNaN(nameLikeness('иван'))                // → true
 */
export function nameLikeness(token: string): number {
  return scoreToken(load().table, token);
}
