/**
 * Synthetic labelled rows with known true weights, for the tuning tests and
 * bench: each code is raised independently at its rate, and the row is
 * genuine with probability σ(intercept + Σ trust truths − Σ risk truths),
 * so each code's conditional log-odds is its `truth` exactly. The rows'
 * results are what the package's weights give for those codes (the scores
 * a team's `batch` run would hold).
 */
import { SCORE_MODELS } from '../../src/registry.js';
import { createScorer } from '../../src/scoring/createScorer.js';
import type { ScoreModel, ScoredName, Signal } from '../../src/scoring/index.js';
import type { LabelledRow, ScoredResult, Subject } from '../../src/tuning/types.js';
import { prng } from './prng.js';

/** One code of a synthetic product: how often it is raised and its true weight (nats; risk codes subtract it, so a negative truth on a risk code is a trust effect). */
export interface SyntheticCode {
  readonly code: string;
  readonly rate: number;
  readonly truth: number;
}

export interface SyntheticProduct {
  readonly product: Exclude<Subject, 'identity'>;
  readonly codes: readonly SyntheticCode[];
}

/** Identity truth: the damping of each product's carried log-odds (both sides) and the identity's own codes. */
export interface SyntheticIdentity {
  readonly carried: Readonly<Partial<Record<Exclude<Subject, 'identity'>, number>>>;
  readonly codes: readonly SyntheticCode[];
}

const modelOf = (subject: Subject): ScoreModel<string, string, ScoredName> => SCORE_MODELS.find((m) => m.product === subject)!;

function sign(model: ScoreModel<string, string, ScoredName>, code: string): number {
  const kind = (model.signals as Record<string, { kind: string }>)[code]!.kind;
  if (kind !== 'risk' && kind !== 'trust') throw new Error(`${code} is not a risk or trust code`);
  return kind === 'trust' ? 1 : -1;
}

/**
 * Rows over `products` (each row gets every product; the label depends on
 * the products' true log-odds summed, plus `intercept`), and an identity
 * result when `identity` is given: its label then follows the identity's
 * truth over the true product log-odds instead.
 */
export function syntheticRows(count: number, seed: number, products: readonly SyntheticProduct[], intercept: number, identity?: SyntheticIdentity): LabelledRow[] {
  const random = prng(seed);
  const scorers = new Map(products.map((p) => [p.product, createScorer(modelOf(p.product))]));
  const identityScorer = createScorer(modelOf('identity'));
  const identityModel = modelOf('identity');
  const rows: LabelledRow[] = [];
  for (let r = 0; r < count; r++) {
    let logit = intercept;
    const row: Record<string, unknown> = { line: r + 2 };
    const trueLogit: Record<string, number> = {};
    for (const p of products) {
      const model = modelOf(p.product);
      const signals: Signal[] = [];
      let own = 0;
      for (const c of p.codes) {
        if (random() >= c.rate) continue;
        signals.push({ code: c.code });
        own += sign(model, c.code) * c.truth;
      }
      trueLogit[p.product] = own;
      logit += own;
      row[p.product] = scorers.get(p.product)!(signals) as ScoredResult;
    }
    if (identity !== undefined) {
      logit = intercept;
      const signals: Signal[] = [];
      for (const p of products) {
        const result = row[p.product] as ScoredResult;
        const l = Math.log(result.score / (1000 - result.score));
        const code = `IDENTITY_${p.product.toUpperCase()}`;
        signals.push({ code: l < 0 ? `${code}_RISK` : code, logit: l });
        logit += (identity.carried[p.product] ?? 0) * Math.max(-6, Math.min(6, trueLogit[p.product]!));
      }
      for (const c of identity.codes) {
        if (random() >= c.rate) continue;
        signals.push({ code: c.code });
        logit += sign(identityModel, c.code) * c.truth;
      }
      row['identity'] = identityScorer(signals) as ScoredResult;
    }
    row['label'] = random() < 1 / (1 + Math.exp(-logit)) ? 'genuine' : 'abusive';
    rows.push(row as unknown as LabelledRow);
  }
  return rows;
}
