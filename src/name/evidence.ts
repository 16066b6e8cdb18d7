/**
 * The evidence accumulator of one name check: the signals raised, and which
 * risk type each supports; the reported risk type is the first in the order
 * of evidence that has a signal.
 */
import type { Signal } from '../scoring/types.js';
import type { NameReasonCode, NameRiskType } from './types.js';

/** Evidence order of risk types (the first that has a signal is reported). */
export const RISK_ORDER: readonly NameRiskType[] = [
  'INVALID', 'PLACEHOLDER', 'PLACEHOLDER_TITLE', 'FICTIONAL', 'FAMOUS', 'HUMOROUS', 'STRING_SIMILARITY', 'RANDOM_TYPING', 'OTHER',
];

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

  /** Adds a signal once (a repeated code keeps its first detail); `risk` is the risk type it supports. */
  add(code: NameReasonCode, detail: string | undefined, risk?: NameRiskType): void {
    if (risk !== undefined) this.risks |= 1 << RISK_BIT.get(risk)!;
    // A handful of signals at most: a scan beats a Set.
    for (const s of this.signals) if (s.code === code) return;
    this.signals.push(detail === undefined ? { code } : { code, detail });
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
