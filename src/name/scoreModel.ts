import { RISK_CLUSTERS } from '../scoring/bands.js';
import type { Scorer } from '../scoring/createScorer.js';
import type { RiskCluster, ScoreModel, SignalSpec, WeightedCode } from '../scoring/types.js';

// Weights are judgement, stated as data so callers can override them
// (`scoring.weights`). Rationale:
// - malformed input and keyboard mashing are not names at all: gated to the
//   bottom band (capBand 0), whatever else is known;
// - list matches are strong but not certain (a real Michael Jordan exists),
//   so they lower the score by noisy-OR without a gate;
// - trust: a known first name with a clear gender plus a known or name-like
//   last name is the best offline evidence that a person typed their name.
const invalid = (description: string) => ({ kind: 'risk', weight: 0.95, capBand: 0, description }) satisfies SignalSpec;
const random = (description: string) => ({ kind: 'risk', weight: 0.9, capBand: 0, description }) satisfies SignalSpec;

/**
 * The signals of the name check, one entry per code: the single list of
 * its reason codes ({@link NameReasonCode} is derived from its keys, so a code
 * cannot exist in one place and not the other).
 */
const NAME_SIGNALS = {
  // INVALID (gated to the bottom band)
  NAME_EMPTY: invalid('a part is empty or only spaces'),
  NAME_TOO_LONG: invalid('a part is longer than 50 characters'),
  NAME_TOO_MANY_WORDS: invalid('a part has more than 5 words'),
  NAME_CONTROL_CHARS: invalid('control or invisible format characters'),
  NAME_EMOJI: invalid('emoji or pictographs'),
  NAME_DIGITS: invalid('digits'),
  NAME_EMAIL: invalid('an e-mail address'),
  NAME_URL: invalid('a web address'),
  NAME_SYMBOLS: invalid('symbols or punctuation that names do not use'),
  NAME_NO_LETTERS: invalid('a part without any letter'),
  NAME_SINGLE_LETTER: invalid('last name (or both names) a single letter'),
  // list matches
  NAME_PLACEHOLDER: { kind: 'risk', weight: 0.9, description: 'a placeholder such as John Doe, Test Test, N/A' },
  NAME_TITLE_AS_NAME: { kind: 'risk', weight: 0.85, description: 'a title (Mr, Mrs, Dr, Herr…) given as a name' },
  NAME_FICTIONAL: { kind: 'risk', weight: 0.8, description: 'a fictional character' },
  NAME_FICTIONAL_COMMON: { kind: 'risk', weight: 0.35, description: 'a fictional character whose name is also a common real name' },
  NAME_FAMOUS: { kind: 'risk', weight: 0.6, description: 'the name of a famous person' },
  NAME_FAMOUS_COMMON: { kind: 'risk', weight: 0.35, description: 'a famous name that is also a common real name (Thomas Müller)' },
  NAME_HUMOROUS: { kind: 'risk', weight: 0.85, description: 'a joke name such as Hugh Jass' },
  NAME_HUMOROUS_COMMON: { kind: 'risk', weight: 0.35, description: 'a joke name that is also a common real name (Joe King)' },
  NAME_VULGAR: { kind: 'risk', weight: 0.85, description: 'a vulgar word' },
  NAME_HUMOROUS_READING: { kind: 'risk', weight: 0.8, description: 'first and last name read aloud as a joke (Mike Hunt: "my cunt")' },
  // first and last alike
  NAME_PARTS_SIMILAR: { kind: 'risk', weight: 0.6, description: 'first and last name equal, nearly equal or one inside the other' },
  // random typing (gated to the bottom band)
  NAME_KEYBOARD_WALK: random('a keyboard walk (qwerty, asdf, azerty, qwertz rows and columns)'),
  NAME_REPEATED_PATTERN: random('a repeated letter or syllable (aaaa, jkjkjk)'),
  NAME_NO_VOWELS: random('a long Latin word without vowels'),
  NAME_UNLIKELY_LETTERS: random('letter sequences that names do not have (character model)'),
  // OTHER
  NAME_MIXED_SCRIPT: { kind: 'risk', weight: 0.6, description: 'letters of several scripts in one word (look-alike characters)' },
  NAME_ORGANIZATION: { kind: 'risk', weight: 0.7, description: 'a company legal form (Inc, Ltd, GmbH): an organisation, not a person' },
  NAME_ODD_PUNCTUATION: { kind: 'risk', weight: 0.4, description: 'separators doubled or at the edge of a word' },
  // soft risks that do not make a name invalid
  NAME_INITIAL: { kind: 'risk', weight: 0.15, description: 'first name given as an initial' },
  NAME_TITLE_PREFIX: { kind: 'risk', weight: 0.05, description: 'first name preceded by a title' },
  // trust
  NAME_FIRST_KNOWN: { kind: 'trust', weight: 0.5, description: 'first name known, with a clear gender' },
  NAME_FIRST_KNOWN_UNISEX: { kind: 'trust', weight: 0.3, description: 'first name known, gender unclear' },
  NAME_LAST_KNOWN: { kind: 'trust', weight: 0.4, description: 'last name known' },
  NAME_LAST_PLAUSIBLE: { kind: 'trust', weight: 0.2, description: 'last name unknown but name-like' },
  // info
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
 * const weights: Partial<Record<NameWeightCode, number>> = { NAME_FAMOUS: 0.3 };
 */
export type NameWeightCode = WeightedCode<typeof NAME_SIGNALS>;

/** The scorer of {@link NAME_SCORE_MODEL}: its outcome carries the model's codes and cluster names. */
export type NameScorer = Scorer<NameReasonCode, RiskCluster, 'name'>;

/** What {@link NameScorer} returns: score, `name` cluster and `name` reasons. */
export type NameScoreOutcome = ReturnType<NameScorer>;

/**
 * The name product's score model: a 0.45 baseline risk (a well-formed name
 * about which nothing is known scores 550, `review`), gates for invalid
 * input and random typing, noisy-OR risks for list matches, trust lifts for
 * known names.
 *
 * @example
 * import { createScorer } from 'identity-signals/scoring';
 * const score = createScorer(NAME_SCORE_MODEL);
 * score([{ code: 'NAME_FIRST_KNOWN' }, { code: 'NAME_LAST_KNOWN' }]).score; // 865
 */
export const NAME_SCORE_MODEL: ScoreModel<NameReasonCode, RiskCluster, 'name'> = Object.freeze({
  product: 'name',
  clusters: RISK_CLUSTERS,
  baseline: 0.45,
  signals: Object.freeze(NAME_SIGNALS),
});
