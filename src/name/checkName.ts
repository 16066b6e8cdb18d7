/**
 * The name check: the rule pipeline and the public API. Each kind of
 * evidence lives in its own module: part analysis and INVALID rules
 * (analyse.ts), titles (titles.ts), the curated lists (listMatch.ts) and
 * the joke reader (reading/), first and last name alike (similarity.ts),
 * random typing (typingRules.ts, typing.ts), gender (gender.ts); the
 * signals collect in an Evidence (evidence.ts). Every vocabulary is data
 * (data/raw/name/, src/name/data/), opened once per checker (tables.ts)
 * and passed to the rules.
 */
import { sharedChecker } from '../data/sharedChecker.js';
import { assertString } from '../common/input.js';
import { checkOptions, optionError } from '../common/options.js';
import { scoringRule } from '../scoring/createScorer.js';
import { dataOptionRule, openData, type DataContext } from '../data/context.js';
import { preloadOnce } from '../data/preload.js';
import { WARM_UP_CALLS, warmUpName } from '../common/warmUp.js';
import { createScorer } from '../scoring/createScorer.js';
import { PartAnalyser, type PartAnalysis } from './analyse.js';
import { Evidence } from './evidence.js';
import { CheckFacts } from './facts.js';
import { genderOfGiven } from './gender.js';
import { listHitsOfPair } from './data/lists.js';
import { openNameTables, type NameTables } from './tables.js';
import { matchLists } from './listMatch.js';
import { ODD_PUNCTUATION } from './patterns.js';
import { NAME_SCORE_MODEL, type NameScoreOutcome } from './scoreModel.js';
import { similarity } from './similarity.js';
import { readTitles } from './titles.js';
import { TOKEN_LEGAL_FORM } from './data/vocabulary.js';
import { isParticle, joinTokens, lettersOf, tokenKind } from './tokens.js';
import { mixesScripts, plausibleSurname } from './typingRules.js';
import type { NameCallOptions, NameCheck, NameCheckOptions, NameResult } from './types.js';
import { hiddenSlot } from '../common/hiddenSlot.js';
import { codeSetScorer } from '../scoring/codeSetScorer.js';

/** `scoring` checked against this product's model: its own codes (another product's are that product's business). */
const scoringOption = scoringRule([NAME_SCORE_MODEL]);

export { MIN_LETTERS_FOR_MODEL } from './typingRules.js';

/**
 * Records why a part is INVALID. A part that breaks only the symbol rules
 * may still be a listed placeholder ("n/a", "-", "?"): the list is the more
 * precise evidence.
 */
function invalidPart(ev: Evidence, part: PartAnalysis, which: string, facts: CheckFacts): void {
  if (part.invalid === undefined) return;
  const label = part.symbolsOnly && part.folded !== '' ? facts.listHits(part.folded)?.placeholder : undefined;
  if (label !== undefined) ev.add('NAME_PLACEHOLDER', `${which}: ${label}`, 'PLACEHOLDER');
  else ev.add(part.invalid, which, 'INVALID');
}

interface Judged {
  readonly evidence: Evidence;
  readonly gender: 'M' | 'F' | null;
}

/**
 * The rule pipeline over a pair of analysed parts, in the order of
 * evidence (docs/name.md, Rules): INVALID, titles, lists and reading,
 * similarity, typing and look-alikes, organisation and punctuation, then
 * trust and gender. The scorer turns the evidence into a score.
 */
function judge(t: NameTables, checkFacts: CheckFacts, first: PartAnalysis, last: PartAnalysis, country: string | undefined): Judged {
  const ev = new Evidence();
  // Each table question about a key is asked once per check.
  const facts = checkFacts.reset();

  // --- INVALID -----------------------------------------------------------
  invalidPart(ev, first, 'first name', facts);
  invalidPart(ev, last, 'last name', facts);
  if (first.invalid !== undefined || last.invalid !== undefined) {
    // Gender is still derived from a first name that is itself well-formed.
    return { evidence: ev, gender: first.invalid === undefined ? genderOfGiven(first.tokens, [], ev, country, facts) : null };
  }
  // Single letters. Rule: a first name given as an initial ("J." Smith) is
  // common on forms and stays valid with a small penalty; a last name that is
  // an initial, or two initials, identifies nobody and is INVALID.
  if (last.isInitial) {
    ev.add('NAME_SINGLE_LETTER', first.isInitial ? 'both names are initials' : 'last name is an initial', 'INVALID');
    return { evidence: ev, gender: null };
  }
  if (first.isInitial) ev.add('NAME_INITIAL', first.normalized ?? undefined);

  // --- titles --------------------------------------------------------------
  // The full name, `${first.folded} ${last.folded}`, is looked up without building it.
  const whole = listHitsOfPair(t.lists, first.folded, last.folded);
  const namedWithTitle = whole !== undefined && (whole.fictional ?? whole.famous ?? whole.humorous) !== undefined;
  const titles = readTitles(first, last, ev, namedWithTitle, facts);
  const given = titles.given;
  const titleOnly = titles.firstTitles === first.tokens.length;

  // --- curated lists and the reading --------------------------------------
  const firstKnown = facts.knownFirst(first.folded) || (given.length > 0 && facts.knownFirst(given[0]!));
  const lastKnown = facts.knownSurname(last.folded) || last.tokens.some((tok) => !isParticle(t.vocabulary, tok) && facts.knownSurname(tok));
  matchLists({ first, last, given: titleOnly ? [] : given, whole, firstKnown, lastKnown, facts }, ev);

  // --- first and last alike ------------------------------------------------
  const similar = similarity(t, first, last, firstKnown, lastKnown);
  if (similar !== undefined) ev.add('NAME_PARTS_SIMILAR', similar, 'STRING_SIMILARITY');

  // --- random typing and look-alikes -------------------------------------
  let legalForm: string | undefined;
  for (let k = 0; k < first.tokens.length + last.tokens.length; k++) {
    const inFirst = k < first.tokens.length;
    const tok = inFirst ? first.tokens[k]! : last.tokens[k - first.tokens.length]!;
    const kind = tokenKind(t.vocabulary, tok);
    if ((kind & TOKEN_LEGAL_FORM) !== 0) legalForm ??= tok;
    if (kind !== 0) continue;
    // A token of letters a-z (PartAnalysis.plain) is its own letters and mixes no scripts.
    const plain = inFirst ? first.plain : last.plain;
    const letters = plain ? tok : lettersOf(tok);
    if (!plain && mixesScripts(letters)) {
      ev.add('NAME_MIXED_SCRIPT', tok, 'OTHER');
      continue;
    }
    if (facts.known(tok) || (letters !== tok && facts.known(letters))) continue;
    const code = facts.typingRule(letters);
    if (code !== undefined) ev.add(code, tok, 'RANDOM_TYPING');
  }
  if (legalForm !== undefined) ev.add('NAME_ORGANIZATION', legalForm, 'OTHER');
  if (first.punctuation && first.normalized !== null && ODD_PUNCTUATION.test(first.normalized)) ev.add('NAME_ODD_PUNCTUATION', 'first name', 'OTHER');
  if (last.punctuation && last.normalized !== null && ODD_PUNCTUATION.test(last.normalized)) ev.add('NAME_ODD_PUNCTUATION', 'last name', 'OTHER');

  // --- trust and gender ----------------------------------------------------
  const gender = titles.titleGender ?? (titleOnly ? null : genderOfGiven(given, last.tokens, ev, country, facts));
  // A form example that is also a very common real name (Ivan Ivanov) has known parts because forms print the
  // commonest names: knowing them says nothing of a real person here, so they are no trust, and the name stays
  // where nothing is known (the middle of the review band) instead of being accepted or blocked.
  const formExample = ev.detailOf('NAME_PLACEHOLDER_COMMON') !== undefined;
  if (!titleOnly && firstKnown && !formExample) ev.add(gender !== null ? 'NAME_FIRST_KNOWN' : 'NAME_FIRST_KNOWN_UNISEX', joinTokens(given, ' '));
  if (titles.lastTitles < last.tokens.length && !formExample) {
    if (lastKnown) ev.add('NAME_LAST_KNOWN', last.folded);
    else if (plausibleSurname(t, last.tokens, facts)) ev.add('NAME_LAST_PLAUSIBLE', last.folded);
  }
  return { evidence: ev, gender };
}

/** A country hint: two ASCII letters (ISO 3166-1 alpha-2), any case; returned upper case. */
function countryOption(value: unknown, path: string): void {
  if (typeof value !== 'string' || !/^[a-z]{2}$/i.test(value)) {
    throw optionError(path, 'must be an ISO 3166-1 alpha-2 country code such as "IT"');
  }
}

/** The name options createChecker passes through (`name: { country }`); `scoring` and `data` are the checker's own. */
export const NAME_OPTION_RULES = { country: countryOption };

/**
 * Builds a name check with its options resolved once (score model, bands,
 * weight overrides, data bundle, default country). Use it when checking many
 * names with one configuration.
 *
 * @param options - `scoring` (bands, `NAME_*` weight overrides), `data`
 * (bundle), `country` (ISO 3166-1 alpha-2: where the names are from, for
 * given names whose sex differs between countries)
 * @returns a function `(firstName, lastName, call?) => NameResult`; `call.country` overrides the default country
 * @throws InputError `SCORING_CONFIG` for a bad `scoring` (not an object,
 * bad bands, a weight code of no product's model, a weight outside 0..10 nats),
 * `INPUT_OPTION` when `options` is not an object, has an unknown key or a
 * bad `country` or `data`; `field` is the option's path (`scoring.weights.NAME_FAMUOS`)
 * @example
 * const check = createNameCheck({ scoring: { bands: 'scorecard' } });
 * check('Siobhan', "O'Shaughnessy").is_valid; // true
 * createNameCheck({ country: 'IT' })('Andrea', 'Bianchi').gender; // 'M'
 */
export function createNameCheck(options?: NameCheckOptions): NameCheck {
  return createNameCheckIn(options, undefined);
}

/** {@link createNameCheck} on `plain` (the one-call functions' data) when given, else on the bundle the options name. */
function createNameCheckIn(options: NameCheckOptions | undefined, plain: DataContext | undefined, shared?: NameCheck): NameCheck {
  const { scoring, data, country } = checkedOptions(options);
  // On the shared checker's tables and caches, when given: opening them for each call would cost far more than the check.
  return shared === undefined ? nameCheckOn(plain ?? openData(data), { scoring, country }) : checkOnState(STATE.get(shared), { scoring, country });
}

/** The options of {@link createNameCheck}, checked. */
function checkedOptions(options: NameCheckOptions | undefined): NameCheckOptions {
  return checkOptions<NameCheckOptions>(options, '', { ...NAME_OPTION_RULES, scoring: scoringOption, data: dataOptionRule });
}

/**
 * What a name check holds besides its options: the tables of its bundle
 * and the caches of its rules (the part memo, the facts of a check and the
 * key memo behind them). Checks that share a bundle may share one: checks
 * never interleave (nothing in a check yields).
 */
interface NameState {
  readonly tables: NameTables;
  readonly parts: PartAnalyser;
  readonly facts: CheckFacts;
}

function openNameState(context: DataContext): NameState {
  const tables = openNameTables(context);
  return { tables, parts: new PartAnalyser(tables), facts: new CheckFacts(tables) };
}

/** Where a check keeps its state: a symbol, so not among the check's keys (see {@link checkName}). */
const STATE = hiddenSlot<NameState>('name check state');

/**
 * The name check on an opened data context (what createChecker calls): its
 * tables are opened from `context`'s bundle and held by the check, with the
 * caches of its rules. `options` are checked already ({@link createNameCheck}).
 *
 * @param context - the checker's data
 * @param options - `scoring` and the default `country` (upper or lower case)
 * @example
 * nameCheckOn(openData(undefined), {})('Siobhan', "O'Shaughnessy").is_valid; // true
 */
export function nameCheckOn(context: DataContext, options: Pick<NameCheckOptions, 'scoring' | 'country'>): NameCheck {
  return checkOnState(openNameState(context), options);
}

/** {@link nameCheckOn} on a state already opened (its own, or the shared checker's: {@link checkName}). */
function checkOnState(state: NameState, options: Pick<NameCheckOptions, 'scoring' | 'country'>): NameCheck {
  const { scoring, country } = options;
  const { tables, parts, facts } = state;
  // The score, cluster and points depend only on the set of codes raised (name signals carry no strength):
  // each set met is scored once per checker, each call's details laid onto its reasons.
  const score = codeSetScorer(NAME_SCORE_MODEL, createScorer(NAME_SCORE_MODEL, scoring));
  const scoreOf = (evidence: Evidence): NameScoreOutcome => score(evidence.signals);
  const defaultCountry = country?.toUpperCase();
  const check = (firstName: string, lastName: string, call?: NameCallOptions): NameResult => {
    assertString(firstName, 'first_name');
    assertString(lastName, 'last_name');
    let hint = defaultCountry;
    if (call !== undefined) hint = checkOptions<NameCallOptions>(call, '', { country: countryOption }).country?.toUpperCase() ?? hint;
    const first = parts.analyse(firstName);
    const last = parts.analyse(lastName);
    const { evidence, gender } = judge(tables, facts, first, last, hint);
    const risk_type = evidence.riskType();
    const outcome = scoreOf(evidence);
    return {
      value: `${firstName},${lastName}`,
      gender,
      is_valid: risk_type === null,
      risk_type,
      score: outcome.score,
      score_cluster: outcome.score_cluster,
      reasons: outcome.reasons,
      normalized: { first: first.normalized, last: last.normalized },
    };
  };
  const warmUp = (): void => {
    for (let i = 0; i < WARM_UP_CALLS; i++) {
      const { first, last } = warmUpName(i);
      check(first, last);
    }
  };
  const preload = preloadOnce([() => tables.preload(), warmUp]);
  return STATE.put(Object.assign(check, { preload }), state);
}

const checkerFor = sharedChecker(createNameCheckIn);

/** Preloads the checker {@link checkName} uses without options (the root's `preload()`). @internal */
export function preloadSharedNameCheck(): void {
  checkerFor(undefined).preload();
}

/**
 * Checks a first and last name offline: validity, gender from the first
 * name, the kind of risk when the name is not credible (placeholder, title,
 * fictional, famous, humorous, similar parts, random typing, invalid) and a
 * 0..1000 score with its reasons.
 *
 * @param firstName - given name(s) as typed; any string gets a result
 * @param lastName - family name(s) as typed
 * @param options - `country` (ISO 3166-1 alpha-2) alone is read per call by
 * the shared default checker; any other option builds a checker for the call
 * @returns the spec's `name` object plus `reasons` and `normalized`
 * @throws InputError (`INPUT_TYPE`) when a part is not a string; for a bad
 * option, as {@link createNameCheck} (`INPUT_OPTION` / `SCORING_CONFIG`)
 * @example
 * checkName('Zbigniew', 'Brzeziński');
 * // { value: 'Zbigniew,Brzeziński', gender: 'M', is_valid: true, risk_type: null, score: 948, … }
 * checkName('Test', 'User').risk_type; // 'PLACEHOLDER'
 * checkName('asdf', 'qwerty').risk_type; // 'RANDOM_TYPING'
 * checkName('Andrea', 'Smith', { country: 'IT' }).gender; // 'M'
 */
export function checkName(firstName: string, lastName: string, options?: NameCheckOptions): NameResult {
  // A country alone is a per-call hint: the shared checker answers it, no checker is built.
  if (options !== null && typeof options === 'object' && Object.getPrototypeOf(options) === Object.prototype) {
    const keys = Object.keys(options);
    if (keys.length === 1 && keys[0] === 'country') return checkerFor(undefined)(firstName, lastName, options as NameCallOptions);
  }
  return checkerFor(options)(firstName, lastName);
}

/** The tables a name check reads (its own, or the shared checker's): identity reads the name lists through them. @internal */
export function nameTablesOf(check: NameCheck): NameTables {
  return STATE.get(check).tables;
}

/** The tables of the one-call functions' name check ({@link checkName}'s). @internal */
export function sharedNameTables(): NameTables {
  return nameTablesOf(checkerFor(undefined));
}
