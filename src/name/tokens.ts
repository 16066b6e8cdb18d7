/**
 * What the rules ask about a folded token: is it a real name, a particle,
 * a suffix; its letters without apostrophes. The word lists are data
 * (src/name/data/vocabulary.ts), the names the first/last-name tables.
 */
import { isKnownFirstName, isKnownLastName, type FirstAndLastNames } from './data/tables.js';
import { mayBeKindWord, TOKEN_LEGAL_FORM, type Vocabulary } from './data/vocabulary.js';

/**
 * Removes apostrophes inside a folded token (o'brien → obrien) for the letter rules and the model.
 * @example
 * lettersOf("o'brien") // 'obrien'
 */
export function lettersOf(token: string): string {
  return token.includes("'") ? token.split("'").join('') : token;
}

/**
 * `tokens.join(separator)`, without the call for one token (most parts are
 * one word; a join is a builtin call even then).
 * @example
 * joinTokens(['jean', 'claude'], '-') // 'jean-claude'
 */
export function joinTokens(tokens: readonly string[], separator: string): string {
  return tokens.length === 1 ? tokens[0]! : tokens.join(separator);
}

/**
 * True when a folded token (or its spelling without apostrophes, or the part after O'/D'/L') is a known surname.
 * @example
 * const tables = openNameTables(openData(undefined));
 * knownSurnameToken(tables, "o'brien") // true
 */
export function knownSurnameToken(t: FirstAndLastNames, token: string): boolean {
  if (isKnownLastName(t, token)) return true;
  const q = token.indexOf("'");
  if (q < 0) return false;
  return isKnownLastName(t, lettersOf(token)) || isKnownLastName(t, token.slice(q + 1));
}

/**
 * True when a folded token is a known first or last name (then no typing rule judges it).
 * @example
 * const tables = openNameTables(openData(undefined));
 * knownToken(tables, 'zbigniew') // true
 */
export function knownToken(t: FirstAndLastNames, token: string): boolean {
  return isKnownFirstName(t, token) || knownSurnameToken(t, token);
}

/**
 * A name particle (van, de, bin, mac…: data/raw/name/particles.txt): never judged alone.
 * @example
 * const tables = openNameTables(openData(undefined));
 * isParticle(tables.vocabulary, 'van') // true
 */
export function isParticle(v: Vocabulary, token: string): boolean {
  return mayBeKindWord(v, token) && v.particles.has(token);
}

/**
 * A generational suffix (jr, iii: data/raw/name/name-suffixes.txt).
 * @example
 * const tables = openNameTables(openData(undefined));
 * isNameSuffix(tables.vocabulary, 'jr') // true
 */
export function isNameSuffix(v: Vocabulary, token: string): boolean {
  return v.nameSuffixes.has(token);
}

/**
 * A company legal form (inc, gmbh: data/raw/name/legal-forms.txt), with or without a final period.
 * @example
 * const tables = openNameTables(openData(undefined));
 * isLegalForm(tables.vocabulary, 'gmbh') // true
 */
export function isLegalForm(v: Vocabulary, token: string): boolean {
  return v.legalForms.has(token.endsWith('.') ? token.slice(0, -1) : token);
}

/**
 * What kind of word a folded token is, in one lookup: TOKEN_PARTICLE,
 * TOKEN_SUFFIX and TOKEN_LEGAL_FORM bits (src/name/data/vocabulary.ts), 0
 * for a word of none; the same answers as isParticle, isNameSuffix and
 * isLegalForm (a legal form also with a final period).
 *
 * @example
 * const tables = openNameTables(openData(undefined));
 * tokenKind(tables.vocabulary, 'van') === TOKEN_PARTICLE // true
 */
export function tokenKind(v: Vocabulary, token: string): number {
  // A period ends a legal form's abbreviation (Inc.): such a token is looked up without it too.
  const period = token.charCodeAt(token.length - 1) === 46;
  if (!period && !mayBeKindWord(v, token)) return 0;
  const kinds = v.tokenKinds;
  let kind = kinds.get(token) ?? 0;
  if (period) kind = (kind & ~TOKEN_LEGAL_FORM) | ((kinds.get(token.slice(0, -1)) ?? 0) & TOKEN_LEGAL_FORM);
  return kind;
}
