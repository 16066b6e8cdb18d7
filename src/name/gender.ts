/**
 * `gender` of a name: from the given name's evidence (SSA births, faker
 * locales, the per-language lists; docs/name-data.md), by country when the
 * name's sex differs between countries, else from a gendered surname ending.
 */
import { GENDER_THRESHOLD } from './data/index.js';
import { firstNameCountsAt } from './data/tables.js';
import { surnameCountries } from './data/given.js';
import { romanize } from './data/translit.js';
import type { Vocabulary } from './data/vocabulary.js';
import type { NameTables } from './tables.js';
import type { Evidence } from './evidence.js';
import { isParticle } from './tokens.js';

/** The sex a male share calls at GENDER_THRESHOLD, or null (mixed). */
function callOf(maleShare: number): 'M' | 'F' | null {
  if (maleShare >= GENDER_THRESHOLD) return 'M';
  if (1 - maleShare >= GENDER_THRESHOLD) return 'F';
  return null;
}

/** The gender rule's evidence from a first-name line (see countedAt). */
export interface Counted {
  readonly gender: 'M' | 'F' | null;
  readonly share: number;
  /** The folded key the evidence was found under. */
  readonly key: string;
}

/**
 * Share-based sex of the folded first name `folded` at line `line` of the
 * first-name table (asked through CheckFacts.firstNameEvidence, which remembers it).
 *
 * @example
 * const tables = openNameTables(openData(undefined));
 * countedAt(tables, 'anna', firstNameLine(tables, 'anna'))?.gender // 'F'
 */
export function countedAt(t: NameTables, folded: string, line: number): Counted | undefined {
  const c = firstNameCountsAt(t, line);
  if (c === undefined) return undefined;
  const total = c.male + c.female;
  if (total <= 0) return undefined;
  return { gender: callOf(c.male / total), share: Math.max(c.male, c.female) / total, key: folded };
}

/**
 * What the gender rule asks of the running check's facts
 * (src/name/facts.ts CheckFacts, which asks the tables once per key and
 * remembers the answer).
 */
export interface GenderFacts {
  readonly tables: NameTables;
  /** The evidence of a folded key's first-name line ({@link countedAt}). */
  firstNameEvidence(key: string): Counted | undefined;
  /** The male share of a folded given name per country, when its sex differs between countries. */
  maleShares(key: string): ReadonlyMap<string, number> | undefined;
}

/** The table's evidence for a given name (asked once per key: the facts remember it), tried as written, then by its Latin spellings (Никита → nikita). */
function lookup(key: string, facts: GenderFacts): Counted | undefined {
  const found = facts.firstNameEvidence(key);
  if (found !== undefined) return found;
  const c = key.codePointAt(0) ?? 0;
  if (c < 0x370) return undefined;
  for (const latin of romanize(key)) {
    const r = facts.firstNameEvidence(latin);
    if (r !== undefined) return r;
  }
  return undefined;
}

/**
 * The sex of a given name whose sex differs between countries, read in
 * `country` when given and known, else in the countries the surname comes
 * from when they agree; `undefined` when neither decides (the caller
 * answers null), `false` when the name is read the same everywhere.
 */
function byCountry(t: NameTables, shares: ReadonlyMap<string, number> | undefined, country: string | undefined, surname: string | undefined): 'M' | 'F' | null | undefined | false {
  if (shares === undefined) return false;
  if (country !== undefined) {
    const share = shares.get(country);
    if (share !== undefined) return callOf(share);
  }
  if (surname === undefined) return undefined;
  // The surname's origin is clear when the countries listing it that call
  // the name one way are at least half of those countries and none calls it
  // the other way (Rossi: Italy; Schmidt: Germany, Austria… not Smith, which
  // the lists put in Australia, Belgium and South Africa).
  const origins = surnameCountries(t, surname);
  let agreed: 'M' | 'F' | undefined;
  let votes = 0;
  for (const origin of origins) {
    const share = shares.get(origin);
    if (share === undefined) continue;
    const call = callOf(share);
    if (call === null) continue;
    if (agreed !== undefined && agreed !== call) return undefined;
    agreed = call;
    votes++;
  }
  return votes * 2 >= origins.length ? agreed : undefined;
}

/** True when some country calls the name M and another F (not merely M here and mixed there). */
function contested(shares: ReadonlyMap<string, number> | undefined): boolean {
  if (shares === undefined) return false;
  let m = false;
  let f = false;
  for (const share of shares.values()) {
    const call = callOf(share);
    if (call === 'M') m = true;
    else if (call === 'F') f = true;
  }
  return m && f;
}

/**
 * Sex implied by the ending of a folded surname token (data/raw/name/surname-endings.txt), or `null`.
 * The ending must leave at least three letters of stem.
 *
 * @example
 * const tables = openNameTables(openData(undefined));
 * genderOfSurname(tables.vocabulary, 'smirnova')   // 'F'
 * genderOfSurname(tables.vocabulary, 'garcia') // null
 */
export function genderOfSurname(v: Vocabulary, token: string): 'M' | 'F' | null {
  // Only the endings that end in the token's last letter can match; their order (longest first) is kept.
  const endings = v.surnameEndingsByLast.get(token.charCodeAt(token.length - 1));
  if (endings === undefined) return null;
  for (const [ending, sex] of endings) {
    if (token.length >= ending.length + 3 && token.endsWith(ending)) return sex;
  }
  return null;
}

/**
 * `gender` from the given names: the whole given name first (Mary-Jane,
 * Jean Pierre), then joined, then its first token. A name whose sex differs
 * between countries (Andrea, Nikita, Jean, Kim, Simone) is read in the
 * hinted `country`, else by the surname's countries when they agree, else
 * `null`. `null`, with an info reason, when the name is unknown or neither
 * sex reaches `GENDER_THRESHOLD`; a gendered surname ending (Smirnova)
 * answers for an unknown or unisex given name.
 *
 * @param given - folded given-name tokens (titles removed)
 * @param surname - folded surname tokens
 * @param country - ISO 3166 alpha-2 hint, upper case, or undefined
 * @param facts - the running check's facts (the first-name lines it has found)
 */
export function genderOfGiven(given: readonly string[], surname: readonly string[], ev: Evidence, country: string | undefined, facts: GenderFacts): 'M' | 'F' | null {
  if (given.length === 0) return null;
  // One token: joined with a space or a hyphen it is the same key, asked once.
  const counted =
    given.length === 1
      ? lookup(given[0]!, facts)
      : (lookup(given.join(' '), facts) ?? lookup(given.join('-'), facts) ?? lookup(given.join(''), facts) ?? lookup(given[0]!, facts));
  if (counted !== undefined && counted.gender !== null && facts.maleShares(counted.key) === undefined) {
    // Read the same everywhere and called one way (most names): the surname is not needed.
    return counted.gender;
  }
  let lastCore: string | undefined;
  for (let k = surname.length - 1; k >= 0 && lastCore === undefined; k--) if (!isParticle(facts.tables.vocabulary, surname[k]!)) lastCore = surname[k];
  const fromSurname = lastCore === undefined ? null : genderOfSurname(facts.tables.vocabulary, lastCore);
  if (counted !== undefined) {
    const shares = facts.maleShares(counted.key);
    // A gendered surname (Volkova, Kowalska) names the bearer's sex outright:
    // it settles a given name read differently between countries.
    if (shares !== undefined && fromSurname !== null) return fromSurname;
    const local = byCountry(facts.tables, shares, country, lastCore);
    if (local === 'M' || local === 'F') return local;
    if (local === false && counted.gender !== null) return counted.gender;
    if (local === undefined || local === null) {
      // Read differently between countries and not decided by the hint or the
      // surname: the overall call stands unless some country calls it the
      // other way (Andrea, Simone: null).
      if (counted.gender !== null && local === undefined && !contested(shares)) return counted.gender;
      ev.add('NAME_GENDER_UNKNOWN', local === null && country !== undefined ? `mixed in ${country}` : 'sex differs between countries');
      return null;
    }
  }
  // No answer from the first name: a gendered surname ending (Smirnova,
  // Brzeziński, Jónsdóttir) is explicit evidence in the languages that have it.
  if (fromSurname !== null) return fromSurname;
  ev.add(
    'NAME_GENDER_UNKNOWN',
    counted === undefined ? 'first name not in the name tables' : `unisex: ${Math.round(counted.share * 100)}% one sex`,
  );
  return null;
}
