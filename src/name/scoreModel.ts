import { RISK_CLUSTERS } from '../scoring/bands.js';
import type { Scorer } from '../scoring/createScorer.js';
import type { RiskCluster, ScoreModel, SignalSpec, WeightedCode } from '../scoring/types.js';

/**
 * The signals of the name check, one entry per code: the single list of
 * its reason codes ({@link NameReasonCode} is derived from its keys, so a code
 * cannot exist in one place and not the other). Weights are log-likelihood
 * ratios in nats with their evidence (docs/scoring.md).
 */
const NAME_SIGNALS = {
  // Not a name at all: gated to the bottom band, whatever else is known.
  NAME_EMPTY: { kind: 'risk', weight: 0, capBand: 0, evidence: 'corpus: 0/87 abusive, 0/475 genuine; no fit-half row carries it: no rate, so no weight; the gate does the work', description: 'a part is empty or only spaces' },
  NAME_TOO_LONG: { kind: 'risk', weight: 0, capBand: 0, evidence: 'corpus: 0/87 abusive, 0/475 genuine; no fit-half row carries it: no rate, so no weight; the gate does the work', description: 'a part is longer than 50 characters' },
  NAME_TOO_MANY_WORDS: { kind: 'risk', weight: 0, capBand: 0, evidence: 'corpus: 0/87 abusive, 0/475 genuine; no fit-half row carries it: no rate, so no weight; the gate does the work', description: 'a part has more than 5 words' },
  NAME_CONTROL_CHARS: { kind: 'risk', weight: 0, capBand: 0, evidence: 'corpus: 0/87 abusive, 0/475 genuine; no fit-half row carries it: no rate, so no weight; the gate does the work', description: 'control or invisible format characters' },
  NAME_EMOJI: { kind: 'risk', weight: 0, capBand: 0, evidence: 'corpus: 0/87 abusive, 0/475 genuine; no fit-half row carries it: no rate, so no weight; the gate does the work', description: 'emoji or pictographs' },
  NAME_DIGITS: { kind: 'risk', weight: 0, capBand: 0, evidence: 'corpus: 0/87 abusive, 0/475 genuine; no fit-half row carries it: no rate, so no weight; the gate does the work', description: 'digits' },
  NAME_EMAIL: { kind: 'risk', weight: 0, capBand: 0, evidence: 'corpus: 0/87 abusive, 0/475 genuine; no fit-half row carries it: no rate, so no weight; the gate does the work', description: 'an e-mail address' },
  NAME_URL: { kind: 'risk', weight: 0, capBand: 0, evidence: 'corpus: 0/87 abusive, 0/475 genuine; no fit-half row carries it: no rate, so no weight; the gate does the work', description: 'a web address' },
  NAME_SYMBOLS: { kind: 'risk', weight: 0, capBand: 0, evidence: 'corpus: 0/87 abusive, 0/475 genuine; no fit-half row carries it: no rate, so no weight; the gate does the work', description: 'symbols or punctuation that names do not use' },
  NAME_NO_LETTERS: { kind: 'risk', weight: 0, capBand: 0, evidence: 'corpus: 0/87 abusive, 0/475 genuine; no fit-half row carries it: no rate, so no weight; the gate does the work', description: 'a part without any letter' },
  NAME_SINGLE_LETTER: { kind: 'risk', weight: 2.8, capBand: 0, evidence: 'corpus: 1/87 abusive, 0/475 genuine', description: 'last name (or both names) a single letter' },
  // List matches: strong but not certain (a real Michael Jordan exists), so no gate.
  NAME_PLACEHOLDER: { kind: 'risk', weight: 5.3, evidence: 'corpus: 18/87 abusive, 0/475 genuine', description: 'a placeholder such as John Doe, Test Test, N/A' },
  NAME_PLACEHOLDER_COMMON: {
    kind: 'risk',
    weight: 0,
    evidence:
      "no rate: the corpus's 4/87 abusive vs 0/475 genuine measures its builder, whose genuine rows never draw the commonest names although thousands of people bear each of these (national name counts, data/raw/name/placeholder-common-name.txt; Wikipedia, List of placeholder names by language, https://en.wikipedia.org/wiki/List_of_placeholder_names_by_language). Its cost is the trust it takes away: the known first and last name (about 2.5 nats) are not counted for a form example, so it reads as nothing known, 500",
    description: "a country's form example that is also a very common real name there (Ivan Ivanov, Jan Kowalski, Juan Pérez): its known parts earn no trust, never a gate",
  },
  NAME_TITLE_AS_NAME: { kind: 'risk', weight: 5.3, evidence: 'corpus as NAME_PLACEHOLDER: 18/87 abusive, 0/475 genuine; no fit-half name is a title: measured as the placeholders, another word no one is named typed where a name goes', description: 'a title (Mr, Mrs, Dr, Herr…) given as a name' },
  NAME_FICTIONAL: { kind: 'risk', weight: 4.1, evidence: 'corpus: 5/87 abusive, 0/475 genuine', description: 'a fictional character' },
  NAME_FICTIONAL_COMMON: { kind: 'risk', weight: 2.8, evidence: 'corpus: 1/87 abusive, 0/475 genuine', description: 'a fictional character whose name is also a common real name' },
  NAME_FAMOUS: { kind: 'risk', weight: 5.1, evidence: 'corpus: 14/87 abusive, 0/475 genuine', description: 'the name of a famous person' },
  NAME_FAMOUS_COMMON: { kind: 'risk', weight: 0, evidence: 'corpus: 0/87 abusive, 0/475 genuine; no fit-half row carries it: no rate, so no weight until one is measured (scoring.weights sets one)', description: 'a famous name that is also a common real name (Thomas Müller)' },
  NAME_HUMOROUS: { kind: 'risk', weight: 4.4, evidence: 'corpus: 7/87 abusive, 0/475 genuine', description: 'a joke name such as Hugh Jass' },
  NAME_HUMOROUS_COMMON: { kind: 'risk', weight: 0, evidence: 'corpus: 0/87 abusive, 0/475 genuine; no fit-half row carries it: no rate, so no weight until one is measured (scoring.weights sets one)', description: 'a joke name that is also a common real name (Joe King)' },
  NAME_VULGAR: { kind: 'risk', weight: 4.4, evidence: 'corpus as NAME_HUMOROUS: 7/87 abusive, 0/475 genuine; no fit-half name is vulgar: measured as the joke names, the same kind of mockery', description: 'a vulgar word' },
  NAME_HUMOROUS_READING: { kind: 'risk', weight: 1.7, evidence: 'corpus: 1/87 abusive, 1/475 genuine', description: 'first and last name read aloud as a joke (Mike Hunt: "my cunt")' },
  // First and last alike.
  NAME_PARTS_SIMILAR: { kind: 'risk', weight: 4.5, evidence: 'corpus: 8/87 abusive, 0/475 genuine', description: 'first and last name equal, nearly equal or one inside the other' },
  // Random typing: gated to the bottom band.
  NAME_KEYBOARD_WALK: { kind: 'risk', weight: 5.6, capBand: 0, evidence: 'corpus: 24/87 abusive, 0/475 genuine', description: 'a keyboard walk (qwerty, asdf, azerty, qwertz rows and columns)' },
  NAME_REPEATED_PATTERN: { kind: 'risk', weight: 4.1, capBand: 0, evidence: 'corpus: 5/87 abusive, 0/475 genuine', description: 'a repeated letter or syllable (aaaa, jkjkjk)' },
  NAME_NO_VOWELS: { kind: 'risk', weight: 4.8, capBand: 0, evidence: 'corpus: 11/87 abusive, 0/475 genuine', description: 'a long Latin word without vowels' },
  NAME_UNLIKELY_LETTERS: { kind: 'risk', weight: 4.5, capBand: 0, evidence: 'corpus: 8/87 abusive, 0/475 genuine', description: 'letter sequences that names do not have (character model)' },
  // Other.
  NAME_MIXED_SCRIPT: { kind: 'risk', weight: 0, evidence: 'corpus: 0/87 abusive, 0/475 genuine; no fit-half row carries it: no rate, so no weight until one is measured (scoring.weights sets one)', description: 'letters of several scripts in one word (look-alike characters)' },
  NAME_ORGANIZATION: { kind: 'risk', weight: 0, evidence: 'corpus: 0/87 abusive, 0/475 genuine; no fit-half row carries it: no rate, so no weight until one is measured (scoring.weights sets one)', description: 'a company legal form (Inc, Ltd, GmbH): an organisation, not a person' },
  NAME_ODD_PUNCTUATION: { kind: 'risk', weight: 0, evidence: 'corpus: 0/87 abusive, 0/475 genuine; no fit-half row carries it: no rate, so no weight until one is measured (scoring.weights sets one)', description: 'separators doubled or at the edge of a word' },
  NAME_INITIAL: { kind: 'risk', weight: 0, evidence: 'corpus: 0/87 abusive, 0/475 genuine; no fit-half row carries it: no rate, so no weight until one is measured (scoring.weights sets one)', description: 'first name given as an initial' },
  NAME_TITLE_PREFIX: { kind: 'risk', weight: 0, evidence: 'corpus: 0/87 abusive, 0/475 genuine; no fit-half row carries it: no rate, so no weight until one is measured (scoring.weights sets one)', description: 'first name preceded by a title' },
  // Trust: the name lists hold the names people are given; a known name is one a person can have.
  NAME_FIRST_KNOWN: { kind: 'trust', weight: 0.9, evidence: 'corpus: 34/87 abusive, 446/475 genuine', description: 'first name known, with a clear gender' },
  NAME_FIRST_KNOWN_UNISEX: { kind: 'trust', weight: 0.3, evidence: 'corpus: 2/87 abusive, 18/475 genuine', description: 'first name known, gender unclear' },
  NAME_LAST_KNOWN: { kind: 'trust', weight: 2, evidence: 'corpus: 10/87 abusive, 437/475 genuine', description: 'last name known' },
  // Info: a name the lists do not hold is unknown, neither for nor against.
  NAME_LAST_PLAUSIBLE: { kind: 'info', weight: 0, description: 'last name not in the lists but name-like: unknown, so it moves nothing' },
  NAME_GENDER_UNKNOWN: { kind: 'info', weight: 0, description: 'gender is null: first name unknown, unisex or evidence weak' },
} satisfies Readonly<Record<`NAME_${string}`, SignalSpec>>;

/**
 * Every code the name check raises (see {@link NAME_SCORE_MODEL} for
 * weights); a result's `reasons` also open with `NAME_BASELINE`, the
 * starting score.
 *
 * @example
 * checkName('John', '123').reasons.map((r) => r.code); // ['NAME_BASELINE', 'NAME_DIGITS', …]
 */
export type NameReasonCode = keyof typeof NAME_SIGNALS;

/**
 * The codes `scoring.weights` takes for the name check: its risk and trust
 * signals, derived from the same table as {@link NameReasonCode} (an `info`
 * code takes no weight).
 *
 * @example
 * const weights: Partial<Record<NameWeightCode, number>> = { NAME_FAMOUS: 2 };
 */
export type NameWeightCode = WeightedCode<typeof NAME_SIGNALS>;

/** The scorer of {@link NAME_SCORE_MODEL}: its outcome carries the model's codes and cluster names. */
export type NameScorer = Scorer<NameReasonCode, RiskCluster, 'name'>;

/** What {@link NameScorer} returns: score, `name` cluster and `name` reasons. */
export type NameScoreOutcome = ReturnType<NameScorer>;

/**
 * The name product's score model (docs/scoring.md): the trust that the
 * name is a real person's. A well-formed name about which nothing is known
 * scores 500, the middle of the review band. Gates cap invalid input and
 * random typing at the bottom band; list matches (placeholders, famous,
 * fictional and joke names) are risks; first and last names the lists
 * know are trusts; each weight a log-likelihood ratio in nats with its
 * evidence.
 *
 * @example
 * import { createScorer } from 'identity-signals/scoring';
 * const score = createScorer(NAME_SCORE_MODEL);
 * score([{ code: 'NAME_FIRST_KNOWN' }, { code: 'NAME_LAST_KNOWN' }]).score; // 948
 */
export const NAME_SCORE_MODEL: ScoreModel<NameReasonCode, RiskCluster, 'name'> = Object.freeze({
  product: 'name',
  clusters: RISK_CLUSTERS,
  signals: Object.freeze(NAME_SIGNALS),
});
