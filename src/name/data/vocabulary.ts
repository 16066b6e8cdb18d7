/**
 * The small vocabularies the name check reads (particles, legal forms,
 * generational and patronymic suffixes, gendered surname endings, the sex of
 * titles, the words a name is read against), each written once under
 * data/raw/name/ with its source and built into data/name/vocabulary.json by
 * scripts/name/vocabulary.ts. Opened per checker on first use
 * (src/name/tables.ts), then answered from Sets and Maps.
 */

/** Shape of data/name/vocabulary.json. Word lists are folded and sorted. */
export interface VocabularyData {
  /** Particles of names (van, de, bin, mac…): never judged as words alone. */
  readonly particles: readonly string[];
  /** Company legal forms (inc, gmbh…): a part holding one is an organisation. */
  readonly legalForms: readonly string[];
  /** Generational suffixes after a surname (jr, iii…). */
  readonly nameSuffixes: readonly string[];
  /** Endings that make a surname from a given name (son, ez, ov…). */
  readonly patronymicSuffixes: readonly string[];
  /** Surname endings agreeing with a sex, longest first: [ending, 'M' | 'F']. */
  readonly surnameEndings: readonly (readonly [string, 'M' | 'F'])[];
  /** Titles (each also in the placeholder_title list) and the sex they imply. */
  readonly titleGender: Readonly<Record<string, 'M' | 'F'>>;
  /**
   * Limits of the repeated-name exemption (Mohamed Mohamed), measured by
   * the builder on the name tables: `maxUsBirths` is the births of the
   * least common of the US given names that together hold half of all US
   * births (a name at or above it is a top US name: John John is flagged);
   * `minSurnameWeight` the surname weight of the top 5% of surnames;
   * `birthsPerSurnameSource` the pseudo-births one locale listing stands for.
   */
  readonly repeatedName: { readonly maxUsBirths: number; readonly minSurnameWeight: number; readonly birthsPerSurnameSource: number };
  /**
   * Words a name can be read as (src/name/reading/reading.ts): punchline words
   * (vulgar, bodily, innuendo), everyday glue words, whole catchphrases.
   */
  readonly reading: {
    readonly punch: readonly string[];
    readonly glue: readonly string[];
    readonly phrases: readonly string[];
    /**
     * The Double Metaphone readings of every word and phrase above, computed
     * by the builder with src/name/reading/reading.ts `wordReadings` (so the first
     * check does not run the algorithm 300 times): `[initial codes, inner codes]`.
     */
    readonly codes: Readonly<Record<string, readonly [readonly string[], readonly string[]]>>;
  };
}

/** A {@link Vocabulary.tokenKinds} bit: a name particle. */
export const TOKEN_PARTICLE = 1;
/** A {@link Vocabulary.tokenKinds} bit: a generational suffix. */
export const TOKEN_SUFFIX = 2;
/** A {@link Vocabulary.tokenKinds} bit: a company legal form. */
export const TOKEN_LEGAL_FORM = 4;

/** Bits of the {@link Vocabulary.tokenKindShapes} filter (a power of two): with ~80 words, ~4% of other shapes pass it. */
const KIND_SHAPE_BITS = 2048;
/** 32 - log2(KIND_SHAPE_BITS): a word's bit is the top bits of its mixed shape. */
const KIND_SHAPE_SHIFT = 21;

/**
 * A word's bit in the tokenKindShapes filter: a hash of its first unit,
 * last unit and length (a word of `tokenKinds` and a token that is that
 * word have one shape, hence one bit).
 */
function kindShapeBit(word: string): number {
  const n = word.length;
  const h = Math.imul(Math.imul(word.charCodeAt(0), 0x10000) + word.charCodeAt(n - 1) + Math.imul(n, 0x1000193), 0x9e3779b1);
  return h >>> KIND_SHAPE_SHIFT;
}

/** The loaded vocabulary, as Sets and Maps. */
export interface Vocabulary {
  readonly particles: ReadonlySet<string>;
  readonly legalForms: ReadonlySet<string>;
  readonly nameSuffixes: ReadonlySet<string>;
  readonly patronymicSuffixes: ReadonlySet<string>;
  readonly surnameEndings: readonly (readonly [string, 'M' | 'F'])[];
  /** `surnameEndings` by the ending's last UTF-16 unit, in their order (longest first): a surname is compared only with the endings it can have. */
  readonly surnameEndingsByLast: ReadonlyMap<number, readonly (readonly [string, 'M' | 'F'])[]>;
  /** Particle, suffix and legal-form words in one map: TOKEN_PARTICLE | TOKEN_SUFFIX | TOKEN_LEGAL_FORM bits, one lookup per token. */
  readonly tokenKinds: ReadonlyMap<string, number>;
  /**
   * The shapes of the `tokenKinds` words as a bit filter (KIND_SHAPE_BITS
   * bits, one set per word at {@link kindShapeBit}): a token whose bit is
   * clear is none of them, found out without a Map lookup (most tokens are
   * names: nearly every one is ruled out here). See {@link mayBeKindWord}.
   */
  readonly tokenKindShapes: Int32Array;
  readonly titleGender: ReadonlyMap<string, 'M' | 'F'>;
  readonly reading: VocabularyData['reading'];
  readonly repeatedName: VocabularyData['repeatedName'];
}

/**
 * Opens `d` (the bundle's `name/vocabulary` dataset) as Sets and Maps.
 *
 * @example
 * const bundle = openData(undefined).bundle;
 * openVocabulary(bundle.load(VOCABULARY)).particles.has('van') // → true
 */
export function openVocabulary(d: VocabularyData): Vocabulary {
  const byLast = new Map<number, (readonly [string, 'M' | 'F'])[]>();
  for (const e of d.surnameEndings) {
    const unit = e[0].charCodeAt(e[0].length - 1);
    const list = byLast.get(unit);
    if (list === undefined) byLast.set(unit, [e]);
    else list.push(e);
  }
  const tokenKinds = new Map<string, number>();
  const mark = (words: readonly string[], bit: number): void => {
    for (const w of words) tokenKinds.set(w, (tokenKinds.get(w) ?? 0) | bit);
  };
  mark(d.particles, TOKEN_PARTICLE);
  mark(d.nameSuffixes, TOKEN_SUFFIX);
  mark(d.legalForms, TOKEN_LEGAL_FORM);
  const tokenKindShapes = new Int32Array(KIND_SHAPE_BITS / 32);
  for (const w of tokenKinds.keys()) {
    const bit = kindShapeBit(w);
    tokenKindShapes[bit >>> 5]! |= 1 << (bit & 31);
  }
  return {
    tokenKindShapes,
    surnameEndingsByLast: byLast,
    tokenKinds,
    particles: new Set(d.particles),
    legalForms: new Set(d.legalForms),
    nameSuffixes: new Set(d.nameSuffixes),
    patronymicSuffixes: new Set(d.patronymicSuffixes),
    surnameEndings: d.surnameEndings,
    titleGender: new Map(Object.entries(d.titleGender)),
    reading: d.reading,
    repeatedName: d.repeatedName,
  };
}

/**
 * False when no particle, suffix or legal-form word (`tokenKinds`) has the
 * token's first unit, last unit and length (its bit in the shape filter is
 * clear), so none is the token: then every lookup of it in those lists
 * misses. True means only "maybe" (look it up). The empty token is a maybe.
 *
 * @example
 * const tables = openNameTables(openData(undefined));
 * mayBeKindWord(tables.vocabulary, 'van') // → true
 * mayBeKindWord(tables.vocabulary, 'kowalski') // → false
 */
export function mayBeKindWord(v: Vocabulary, token: string): boolean {
  if (token.length === 0) return true;
  const bit = kindShapeBit(token);
  return (v.tokenKindShapes[bit >>> 5]! & (1 << (bit & 31))) !== 0;
}

/**
 * The limits of the repeated-name exemption, as measured by the builder
 * (see {@link VocabularyData.repeatedName}).
 *
 * @example
 * const tables = openNameTables(openData(undefined));
 * repeatedNameLimits(tables.vocabulary).minSurnameWeight // → 3
 */
export function repeatedNameLimits(v: Vocabulary): VocabularyData['repeatedName'] {
  return v.repeatedName;
}
