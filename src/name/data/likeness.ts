/**
 * Run-time side of the n-gram model: loads data/name/ngram.json (about
 * 35 kB) once, when this module is first imported, because the threshold is
 * exported as a constant. Kept apart from ngram.ts so the builder, which
 * writes that file, never needs it to exist.
 */
import { loadGeneratedJson } from '../../common/data.js';
import { NGRAM_FILE, NGRAM_FORMAT, scoreToken } from './ngram.js';
import type { NgramData } from './ngram.js';

const data = loadGeneratedJson<NgramData>(NGRAM_FILE, NGRAM_FORMAT);
const table = new Uint8Array(Buffer.from(data.table, 'base64'));

/**
 * The name-likeness score below which only 0.5% of held-out real name
 * tokens fall (weighted half US, half rest of the world): measured by the
 * builder on a 10% hash split of the real-name tokens that the shipped
 * model never saw in training. The measured value
 * and the share of keyboard mash below it are in docs/name-data.md.
 *
 * @example
 * nameLikeness('asdfgh') < NAME_LIKENESS_THRESHOLD // → true
 */
export const NAME_LIKENESS_THRESHOLD: number = data.threshold;

/**
 * How name-like one folded token is: the mean log2-probability per
 * character under the trigram model trained on real names (around -3 for
 * a typical name; keyboard mash falls below {@link NAME_LIKENESS_THRESHOLD}).
 * Returns NaN for a token the model does not cover (non-Latin scripts,
 * digits, symbols, empty): "not scored", never "not a name". Tokens are
 * scored up to their first 64 characters.
 *
 * @param token - one folded name token (output of foldName, no spaces).
 * @example
 * nameLikeness('siobhan') > NAME_LIKENESS_THRESHOLD // → true
 * nameLikeness('qwrtzp') < NAME_LIKENESS_THRESHOLD  // → true
 * Number.isNaN(nameLikeness('иван'))                // → true
 */
export function nameLikeness(token: string): number {
  return scoreToken(table, token);
}
