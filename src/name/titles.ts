/**
 * Titles typed as or before a name (Mr, Dr., Frau, Mademoiselle): one list,
 * data/raw/name/placeholder-title.txt, with the sex some titles imply
 * (title-gender.txt, each entry a title of that list).
 */
import type { Evidence } from './evidence.js';
import { CheckFacts } from './facts.js';
import type { PartAnalysis } from './analyse.js';

/** How the titles of a pair of parts were read. */
export interface Titles {
  /** The given-name tokens after the leading titles. */
  readonly given: readonly string[];
  /** Leading title tokens of the first name (all of them when the part is only titles). */
  readonly firstTitles: number;
  /** Leading title tokens of the last name. */
  readonly lastTitles: number;
  /** The sex of a title given as the whole first name, else null. */
  readonly titleGender: 'M' | 'F' | null;
}

/** Leading tokens of a part that are titles (all of them when the whole part is a listed multi-word title). */
function leadingTitles(part: PartAnalysis, facts: CheckFacts): number {
  if (facts.listHits(part.folded)?.placeholder_title !== undefined) return part.tokens.length;
  let t = 0;
  while (t < part.tokens.length && facts.listHits(part.tokens[t]!)?.placeholder_title !== undefined) t++;
  return t;
}

/**
 * Reads the titles of both parts. A part made only of titles raises
 * `NAME_TITLE_AS_NAME` (PLACEHOLDER_TITLE); titles in front of a given name
 * (Dr. Jane) raise `NAME_TITLE_PREFIX` and are dropped. A title that is part
 * of a listed character's or person's name (Captain America, Doctor
 * Strange, Mr. Bean) is that name: `namedWithTitle`.
 *
 * @example
 * const parts = new PartAnalyser(openNameTables(openData(undefined)));
 * const facts = new CheckFacts(openNameTables(openData(undefined)));
 * readTitles(parts.analyse('Mademoiselle'), parts.analyse('Dubois'), new Evidence(), false, facts).titleGender // 'F'
 */
export function readTitles(first: PartAnalysis, last: PartAnalysis, ev: Evidence, namedWithTitle: boolean, facts: CheckFacts): Titles {
  let given = first.tokens;
  let titleGender: 'M' | 'F' | null = null;
  let firstTitles = namedWithTitle ? 0 : leadingTitles(first, facts);
  if (firstTitles === given.length && firstTitles > 0) {
    ev.add('NAME_TITLE_AS_NAME', `first name: ${first.folded}`, 'PLACEHOLDER_TITLE');
    titleGender = facts.tables.vocabulary.titleGender.get(given[0]!.endsWith('.') ? given[0]!.slice(0, -1) : given[0]!) ?? null;
  } else if (firstTitles > 0) {
    ev.add('NAME_TITLE_PREFIX', given.slice(0, firstTitles).join(' '));
    given = given.slice(firstTitles);
  } else firstTitles = 0;
  const lastTitles = namedWithTitle ? 0 : leadingTitles(last, facts);
  if (lastTitles === last.tokens.length && lastTitles > 0) ev.add('NAME_TITLE_AS_NAME', `last name: ${last.folded}`, 'PLACEHOLDER_TITLE');
  return { given, firstTitles, lastTitles, titleGender };
}
