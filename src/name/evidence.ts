/**
 * The evidence accumulator of one name check: the signals raised, and which
 * risk type each supports; the reported risk type is the first in the order
 * of evidence that has a signal.
 */
import type { Signal } from '../scoring/types.js';
import { IdentitySignalsError } from '../errors.js';
import { NAME_SCORE_MODEL } from './scoreModel.js';
import type { NameReasonCode, NameRiskType } from './types.js';

/** Evidence order of risk types (the first that has a signal is reported). */
export const RISK_ORDER: readonly NameRiskType[] = [
  'INVALID', 'PLACEHOLDER', 'PLACEHOLDER_TITLE', 'FICTIONAL', 'FAMOUS', 'HUMOROUS', 'STRING_SIMILARITY', 'RANDOM_TYPING', 'OTHER',
];

/** Each code's bit in {@link Evidence.codeSet}: its place among the model's codes (36 of them: a double holds 2^0…2^52 exactly). */
// A Map, not an object: an object of 36 keys built key by key is read by a generic keyed lookup, slower than Map.get.
const CODE_BIT: ReadonlyMap<string, number> = new Map(Object.keys(NAME_SCORE_MODEL.signals).map((code, i) => [code, 2 ** i]));
// Past 53 codes two sets could sum alike: the score memo (checkName.ts) would then be wrong, so refuse to load.
if (CODE_BIT.size > 53) throw new IdentitySignalsError('INTERNAL', 'the name model has more codes than a code set can hold');

/** Each risk type's place in RISK_ORDER (a lookup instead of a scan per signal). */
const RISK_BIT: ReadonlyMap<NameRiskType, number> = new Map(RISK_ORDER.map((risk, i) => [risk, i]));

/**
 * Collects the signals of one check, remembering which risk type each supports.
 * @example
 * const ev = new Evidence();
 * ev.add('NAME_VULGAR', 'English', 'HUMOROUS');
 * ev.riskType(); // 'HUMOROUS'
 */
export class Evidence {
  readonly signals: Signal<NameReasonCode>[] = [];
  /** Bit i set: a signal supports RISK_ORDER[i]. */
  private risks = 0;
  /**
   * The set of codes raised, as a sum of their bits (CODE_BIT): what the
   * score depends on (the signals carry no strength), so a checker can
   * remember the score of each set it has seen.
   */
  codeSet = 0;

  /** Adds a signal once (a repeated code keeps its first detail); `risk` is the risk type it supports. */
  add(code: NameReasonCode, detail: string | undefined, risk?: NameRiskType): void {
    if (risk !== undefined) this.risks |= 1 << RISK_BIT.get(risk)!;
    // A handful of signals at most: a scan beats a Set.
    for (const s of this.signals) if (s.code === code) return;
    this.signals.push(detail === undefined ? { code } : { code, detail });
    this.codeSet += CODE_BIT.get(code)!;
  }

  /** The detail of the signal of `code`, if raised with one. */
  detailOf(code: string): string | undefined {
    for (const s of this.signals) if (s.code === code) return s.detail;
    return undefined;
  }

  /** True when a signal supports `risk`. */
  has(risk: NameRiskType): boolean {
    return (this.risks & (1 << RISK_BIT.get(risk)!)) !== 0;
  }

  /** The earliest risk type in the order of evidence with a signal, or null. */
  riskType(): NameRiskType | null {
    if (this.risks === 0) return null;
    // Lowest set bit = earliest risk type in the order of evidence.
    return RISK_ORDER[31 - Math.clz32(this.risks & -this.risks)]!;
  }
}
