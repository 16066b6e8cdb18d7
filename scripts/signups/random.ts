/**
 * The corpus builder's only source of randomness: a seeded PRNG (mulberry32),
 * so the same seed gives the same corpus byte for byte on every machine.
 * Nothing here reads the clock or Math.random.
 */
import { createHash } from 'node:crypto';
import { prng } from '../../src/common/prng.js';

/** A seeded random source with the draws the builder needs. */
export class Random {
  /** A number in [0, 1). */
  readonly next: () => number;

  constructor(seed: number) {
    this.next = prng(seed);
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** One element, uniformly. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** One key of `[value, weight]` pairs, with probability proportional to its weight. */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    const total = items.reduce((sum, [, w]) => sum + w, 0);
    let r = this.next() * total;
    for (const [value, w] of items) {
      r -= w;
      if (r < 0) return value;
    }
    return items[items.length - 1]![0];
  }

  /** `length` characters drawn from `alphabet`. */
  string(alphabet: string, length: number): string {
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet[Math.floor(this.next() * alphabet.length)];
    return out;
  }

  /** `length` decimal digits. */
  digits(length: number): string {
    return this.string('0123456789', length);
  }

  /** A copy of `items` in random order (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }
}

/**
 * The half a row belongs to, fixed by its id alone (sha256 of the id, first
 * byte even → fit), so adding, removing or reordering rows never moves
 * another row from one half to the other.
 */
export function splitOf(id: string): 'fit' | 'score' {
  return createHash('sha256').update(id).digest()[0]! % 2 === 0 ? 'fit' : 'score';
}

/** A 32-bit seed from the corpus seed and a key (a row id): each row draws from its own stream. */
export function seedOf(seed: number, key: string): number {
  return createHash('sha256').update(`${seed}:${key}`).digest().readUInt32BE(0);
}
