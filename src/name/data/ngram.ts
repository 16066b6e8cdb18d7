/**
 * Character trigram model of name-likeness, trained by scripts/name/build.ts
 * on the real first and last names (SSA + faker + curated surnames), stored
 * as a dense table of quantised log-probabilities (29³ bytes).
 *
 * Alphabet: the 26 ASCII letters (foldName turns accented Latin letters into
 * them), apostrophe, and a boundary symbol used both to pad the start and
 * to end a word. Hyphenated tokens are scored part by part. A token with any
 * other character (other scripts, digits, symbols) is not scored: NaN.
 * This module holds no data: the builder trains with it and likeness.ts
 * loads the shipped table.
 */


/** Symbols: 0 = boundary, 1-26 = a-z, 27 = apostrophe. */
export const NGRAM_SYMBOLS = 28;
/** Quantisation: a stored byte b means log2 P = -b / NGRAM_SCALE. */
export const NGRAM_SCALE = 16;
/** Longest token scored (characters); the rest is ignored. Names are far shorter. */
export const NGRAM_MAX_TOKEN = 64;

/** Shape of data/name/ngram.json. */
export interface NgramData {
  /** Base64 of NGRAM_SYMBOLS³ bytes, index (a·S + b)·S + c for P(c | a b). */
  readonly table: string;
  /** Threshold measured on held-out real names (see nameLikenessThreshold). */
  readonly threshold: number;
  /** Quantile of held-out real names the threshold sits at (0.005 = 0.5%). */
  readonly quantile: number;
  readonly trainTokens: number;
  readonly heldOutTokens: number;
}

/** Symbol index of a UTF-16 code unit, or -1 when outside the alphabet. */
export function ngramSymbol(code: number): number {
  if (code >= 0x61 && code <= 0x7a) return code - 0x60;
  if (code === 0x27) return 27;
  return -1;
}

/**
 * Mean log2-probability per predicted symbol of a folded token under a
 * table: each character and the end of each hyphen-separated part is
 * predicted from the two symbols before it. NaN when the token is empty or
 * holds a character outside the alphabet.
 */
export function scoreToken(table: Uint8Array, token: string): number {
  const n = Math.min(token.length, NGRAM_MAX_TOKEN);
  const S = NGRAM_SYMBOLS;
  let sum = 0;
  let count = 0;
  let a = 0;
  let b = 0;
  let partLength = 0;
  for (let i = 0; i <= n; i++) {
    const code = i < n ? token.charCodeAt(i) : 0x2d;
    let c: number;
    if (code === 0x2d) {
      // End of a part: predict the boundary, then restart the context.
      if (partLength === 0) return Number.NaN;
      c = 0;
    } else {
      c = ngramSymbol(code);
      if (c < 0) return Number.NaN;
    }
    sum += table[(a * S + b) * S + c] ?? 255;
    count++;
    if (c === 0) {
      a = 0;
      b = 0;
      partLength = 0;
    } else {
      a = b;
      b = c;
      partLength++;
    }
  }
  return -sum / NGRAM_SCALE / count;
}

