/**
 * What the rules ask about a folded token: is it a real name, a particle,
 * a suffix; its letters without apostrophes. The word lists are data
 * (src/name/data/vocabulary.ts), the names the first/last-name tables.
 */
import { isKnownFirstName, isKnownLastName } from './data/index.js';
import { mayBeKindWord, TOKEN_LEGAL_FORM, vocabulary } from './data/vocabulary.js';

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
 * one word; a join is a builtin call of some tens of nanoseconds even then).
 * @example
 * joinTokens(['jean', 'claude'], '-') // 'jean-claude'
 */
export function joinTokens(tokens: readonly string[], separator: string): string {
  return tokens.length === 1 ? tokens[0]! : tokens.join(separator);
}

/**
 * True when a folded token (or its spelling without apostrophes, or the part after O'/D'/L') is a known surname.
 * @example
 * knownSurnameToken("o'brien") // true
 */
export function knownSurnameToken(token: string): boolean {
  if (isKnownLastName(token)) return true;
  const q = token.indexOf("'");
  if (q < 0) return false;
  return isKnownLastName(lettersOf(token)) || isKnownLastName(token.slice(q + 1));
}

/**
 * True when a folded token is a known first or last name (then no typing rule judges it).
 * @example
 * knownToken('zbigniew') // true
 */
export function knownToken(token: string): boolean {
  return isKnownFirstName(token) || knownSurnameToken(token);
}

/**
 * A name particle (van, de, bin, mac…: data/raw/name/particles.txt): never judged alone.
 * @example
 * isParticle('van') // true
 */
export function isParticle(token: string): boolean {
  const v = vocabulary();
  return mayBeKindWord(v, token) && v.particles.has(token);
}

/**
 * A generational suffix (jr, iii: data/raw/name/name-suffixes.txt).
 * @example
 * isNameSuffix('jr') // true
 */
export function isNameSuffix(token: string): boolean {
  return vocabulary().nameSuffixes.has(token);
}

/**
 * A company legal form (inc, gmbh: data/raw/name/legal-forms.txt), with or without a final period.
 * @example
 * isLegalForm('gmbh') // true
 */
export function isLegalForm(token: string): boolean {
  return vocabulary().legalForms.has(token.endsWith('.') ? token.slice(0, -1) : token);
}

/**
 * What kind of word a folded token is, in one lookup: TOKEN_PARTICLE,
 * TOKEN_SUFFIX and TOKEN_LEGAL_FORM bits (src/name/data/vocabulary.ts), 0
 * for a word of none; the same answers as isParticle, isNameSuffix and
 * isLegalForm (a legal form also with a final period).
 *
 * @example
 * tokenKind('van') === TOKEN_PARTICLE // true
 */
export function tokenKind(token: string): number {
  const v = vocabulary();
  // A period ends a legal form's abbreviation (Inc.): such a token is looked up without it too.
  const period = token.charCodeAt(token.length - 1) === 46;
  if (!period && !mayBeKindWord(v, token)) return 0;
  const kinds = v.tokenKinds;
  let kind = kinds.get(token) ?? 0;
  if (period) kind = (kind & ~TOKEN_LEGAL_FORM) | ((kinds.get(token.slice(0, -1)) ?? 0) & TOKEN_LEGAL_FORM);
  return kind;
}
