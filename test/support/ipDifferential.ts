/**
 * The address set and result digest of the IP differential checks:
 * bench/ip-differential.ts compares two builds over a million of these
 * addresses, test/ip/differential.test.ts holds the check to digests of
 * results written by the build before the IP speed work.
 */
import { prng } from './prng.js';

const BLOCKS = [0x2001, 0x2400, 0x2401, 0x2403, 0x2405, 0x2408, 0x240e, 0x2600, 0x2601, 0x2602, 0x2604, 0x2606, 0x2607, 0x2620, 0x2800, 0x2804, 0x2a00, 0x2a01, 0x2a02, 0x2a03, 0x2a05, 0x2a06, 0x2a0e, 0x2c0f];

/** Seeded addresses: public and special IPv4, IPv6 from the RIR blocks, IPv4-mapped, compressed and upper-case IPv6, any IPv6. */
export function randomAddresses(count: number, seed: number): string[] {
  const rand = prng(seed);
  const u32 = (): number => Math.floor(rand() * 4294967296);
  const dotted = (v: number): string => `${v >>> 24}.${(v >>> 16) & 255}.${(v >>> 8) & 255}.${v & 255}`;
  const hex = (): string => Math.floor(rand() * 65536).toString(16);
  const block = (): string => BLOCKS[Math.floor(rand() * BLOCKS.length)]!.toString(16);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const r = rand();
    if (r < 0.7) out.push(dotted(u32()));
    else if (r < 0.94) out.push(`${block()}:${hex()}:${hex()}:${hex()}:${hex()}:${hex()}:${hex()}:${hex()}`);
    else if (r < 0.96) out.push(`::ffff:${dotted(u32())}`);
    else if (r < 0.98) out.push(`${block()}:${hex()}::${hex()}`);
    else if (r < 0.99) out.push(`${block().toUpperCase()}:${hex().toUpperCase()}::${hex()}:${hex()}`);
    else out.push(`${hex()}:${hex()}::${hex()}`);
  }
  return out;
}

/** IPv4 starts (and the last addresses) of every `step`-th covered segment of a range table: Tor, VPN, proxy… addresses random ones rarely hit. */
export function listAddresses(t: { starts4: ArrayLike<number>; values4: ArrayLike<number> }, step: number): string[] {
  const dotted = (v: number): string => `${v >>> 24}.${(v >>> 16) & 255}.${(v >>> 8) & 255}.${v & 255}`;
  const out: string[] = [];
  let k = 0;
  for (let i = 0; i < t.starts4.length; i++) {
    if (t.values4[i] === 0xffffffff || k++ % step !== 0) continue;
    out.push(dotted(t.starts4[i]!));
    out.push(dotted((i + 1 < t.starts4.length ? t.starts4[i + 1]! : 0x100000000) - 1));
  }
  return out;
}

/** FNV-1a (32-bit) of a result's JSON, as 8 hex digits: equal results, equal digests. */
export function resultDigest(result: object): string {
  const text = JSON.stringify(result);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}
