import { BoundedCache } from '../common/boundedCache.js';
import type { Scorer } from './createScorer.js';
import type { Reason, ScoreModel, ScoredName, Signal } from './types.js';

/** What a scorer answered for one set of codes, less the details: the score, cluster and the reasons' codes and points in order. */
interface Plan<Code extends string, Cluster extends string> {
  readonly score: number;
  readonly score_cluster: Cluster;
  /** The outcome's first reason, the model's baseline (one frozen object per scorer). */
  readonly baseline: Reason<Code>;
  /** The other reasons' codes, their bits (see {@link codeSetScorer}) and their points, in the outcome's order. */
  readonly codes: readonly Code[];
  readonly bits: Uint8Array;
  readonly points: readonly number[];
}

/**
 * Distinct codes a memo keys (bits of a small integer, which V8 keeps
 * unboxed and hashes cheaply); a call with any further code is scored anew.
 * Bits are given to codes as calls raise them: a product raises fewer codes
 * than its model has (the provider-only ones never offline).
 */
const MAX_BITS = 30;

/**
 * Wraps `score` so that it runs once per set of codes: what a signal without
 * `strength` or `logit` adds depends on its code alone, and a repeated code
 * counts once with its first signal's detail, so the score, cluster and the
 * reasons' order and points are those of the set; only the details are this
 * call's. A call with a signal that carries a `strength` or a `logit`, or a
 * code of no model, goes to `score` itself. The outcome is the one `score`
 * would give (the same baseline reason object, fresh reasons and a fresh
 * array otherwise).
 *
 * The memo belongs to the returned function: make one per checker. A check
 * raises one of a few hundred sets; the bound is a safety net. The key is
 * the set's bits, so no string is built per call.
 *
 * @param model the model `score` was built on
 * @param score a scorer of `createScorer`
 * @returns a scorer with the same answers
 */
export function codeSetScorer<Code extends string, Cluster extends string, Product extends ScoredName>(
  model: ScoreModel<Code, Cluster, Product>,
  score: Scorer<Code, Cluster, Product>,
): Scorer<Code, Cluster, Product> {
  type Outcome = ReturnType<Scorer<Code, Cluster, Product>>;
  type OutCode = Outcome['reasons'][number]['code'];
  const bitOf = new Map<string, number>();
  const cache = new BoundedCache<number, Plan<OutCode, Cluster>>(4096);
  // Per bit, the index in this call's signals of the first signal of that code.
  const firstAt = new Int32Array(MAX_BITS);
  return (signals: readonly Signal<Code>[]): Outcome => {
    let key = 0;
    for (let j = 0; j < signals.length; j++) {
      const s = signals[j]!;
      if (s.strength !== undefined || s.logit !== undefined) return score(signals);
      let bit = bitOf.get(s.code);
      if (bit === undefined) {
        // A code of no model is the scorer's error to raise; past the last bit, no memo.
        if (!Object.hasOwn(model.signals, s.code) || bitOf.size === MAX_BITS) return score(signals);
        bit = bitOf.size;
        bitOf.set(s.code, bit);
      }
      const mask = 1 << bit;
      if ((key & mask) !== 0) continue;
      key |= mask;
      firstAt[bit] = j;
    }
    const plan = cache.get(key);
    if (plan === undefined) {
      const outcome = score(signals);
      const rest = outcome.reasons.slice(1);
      cache.set(key, {
        score: outcome.score,
        score_cluster: outcome.score_cluster,
        baseline: outcome.reasons[0]!,
        codes: rest.map((r) => r.code),
        bits: Uint8Array.from(rest, (r) => bitOf.get(r.code)!),
        points: rest.map((r) => r.points),
      });
      return outcome;
    }
    const reasons: Reason<OutCode>[] = [plan.baseline];
    for (let k = 0; k < plan.codes.length; k++) {
      const code = plan.codes[k]!;
      const points = plan.points[k]!;
      const detail = signals[firstAt[plan.bits[k]!]!]!.detail;
      reasons.push(detail === undefined ? { code, points } : { code, points, detail });
    }
    return { score: plan.score, score_cluster: plan.score_cluster, reasons };
  };
}
