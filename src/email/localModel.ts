/**
 * The character model of local parts: two interpolated trigram models over
 * the same small alphabet, one trained on local parts people choose (names,
 * words and their usual joins), one on strings that generators emit (random
 * letters, letters and digits, hex). A local part's score is the mean
 * log-likelihood ratio per symbol of the first over the second: above the
 * threshold it reads as chosen, below it as generated. Built by
 * scripts/email/localParts.ts; shared with it so that what is measured is
 * what runs.
 */

/** Symbols: 0 is the word boundary, 1–26 the letters a–z, 27 any digit, 28 a separator (`.`, `_`, `-`). */
export const LOCAL_SYMBOLS = 29;

/** Quantisation step of a stored cost: a byte holds `round(−log₂ p · SCALE)`, capped at 255. */
export const LOCAL_SCALE = 12;

/** The symbol of a UTF-16 unit, or −1 for one the model does not read (anything outside a–z, 0–9, `.`, `_`, `-`). */
export function localSymbol(code: number): number {
  if (code >= 97 && code <= 122) return code - 96;
  if (code >= 48 && code <= 57) return 27;
  if (code === 46 || code === 95 || code === 45) return 28;
  return -1;
}

/** Index of the trigram (a, b → c) in a dense table. */
export function trigramIndex(a: number, b: number, c: number): number {
  return (a * LOCAL_SYMBOLS + b) * LOCAL_SYMBOLS + c;
}

/**
 * Mean log₂-likelihood ratio per symbol (end included) of a lower-case
 * string under the chosen (`real`) and the generated model, or NaN when
 * it holds a character the model does not read. Linear in the length.
 *
 * @example
 * const real = new Uint8Array(LOCAL_SYMBOLS ** 3).fill(24); // every symbol at p = 1/4 (24 / SCALE = 2 bits)
 * const generated = new Uint8Array(LOCAL_SYMBOLS ** 3).fill(60); // every symbol at p = 1/32 (5 bits)
 * localPartRatio('jane', real, generated) // 3
 */
export function localPartRatio(text: string, real: Uint8Array, generated: Uint8Array): number {
  let a = 0;
  let b = 0;
  let sum = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? localSymbol(text.charCodeAt(i)) : 0;
    if (c < 0) return Number.NaN;
    const index = trigramIndex(a, b, c);
    // Costs are −log₂ p · SCALE: the generated model's cost minus the real one's is the ratio.
    sum += (generated[index] ?? 255) - (real[index] ?? 255);
    a = b;
    b = c;
  }
  return sum / LOCAL_SCALE / (text.length + 1);
}

/**
 * The two models' cost differences, generated minus real, per trigram: what
 * {@link localPartRatio} adds up, so that a checker reads one table per
 * symbol ({@link localPartRatioOf}); built once per checker's tables.
 */
export function costDifferences(real: Uint8Array, generated: Uint8Array): Int16Array {
  const out = new Int16Array(LOCAL_SYMBOLS ** 3);
  for (let i = 0; i < out.length; i++) out[i] = (generated[i] ?? 255) - (real[i] ?? 255);
  return out;
}

/**
 * {@link localPartRatio} on the tables' {@link costDifferences}: the same
 * integer sum divided the same way, so the same number.
 *
 * @example
 * const real = new Uint8Array(LOCAL_SYMBOLS ** 3).fill(24);
 * const generated = new Uint8Array(LOCAL_SYMBOLS ** 3).fill(60);
 * localPartRatioOf('jane', costDifferences(real, generated)) // 3
 */
export function localPartRatioOf(text: string, differences: Int16Array): number {
  let a = 0;
  let b = 0;
  let sum = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? localSymbol(text.charCodeAt(i)) : 0;
    if (c < 0) return Number.NaN;
    sum += differences[trigramIndex(a, b, c)]!;
    a = b;
    b = c;
  }
  return sum / LOCAL_SCALE / (text.length + 1);
}
