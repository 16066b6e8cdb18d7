/**
 * Grammatical gender of surnames. In Slavic, Baltic, Greek and Icelandic
 * naming the family name itself agrees with the bearer's sex (Smirnov /
 * Smirnova, Wiśniewski / Wiśniewska, Papadopoulos / Papadopoulou,
 * Jónsson / Jónsdóttir). The check uses it only when the first name gives
 * no answer (unknown or unisex), so a known first name always wins.
 *
 * Endings curated for identity-signals from the grammar of each language;
 * folded (lower case, accents stripped, final sigma as σ), longest first so
 * `-ovich` is tried before `-ov`. Endings that collide with common surnames
 * of other languages are left out: Latin `-ina` (Medina, Molina), `-son`
 * (English Johnson is worn by women), `-ić` (Serbian and Croatian, both sexes).
 */
const RAW_ENDINGS: readonly (readonly [string, 'M' | 'F'])[] = [
  // Icelandic
  ['dottir', 'F'],
  // East Slavic patronymics used as surnames, Russian/Bulgarian/Czech/Slovak/Polish surnames (Latin script)
  ['ovna', 'F'], ['evna', 'F'], ['ovich', 'M'], ['evich', 'M'],
  ['skaya', 'F'], ['skiy', 'M'], ['skii', 'M'], ['ska', 'F'], ['cka', 'F'], ['ski', 'M'], ['cki', 'M'], ['sky', 'M'],
  ['ova', 'F'], ['eva', 'F'], ['ov', 'M'], ['ev', 'M'],
  // Lithuanian married and maiden forms
  ['aite', 'F'], ['iene', 'F'], ['yte', 'F'], ['ute', 'F'],
  // Greek (Latin script)
  ['poulou', 'F'], ['poulos', 'M'], ['idou', 'F'], ['idis', 'M'], ['akou', 'F'], ['akis', 'M'],
  // Cyrillic
  ['овна', 'F'], ['евна', 'F'], ['ович', 'M'], ['евич', 'M'], ['ская', 'F'], ['цкая', 'F'], ['ский', 'M'], ['цкий', 'M'],
  ['ова', 'F'], ['ева', 'F'], ['ина', 'F'], ['ов', 'M'], ['ев', 'M'], ['ин', 'M'],
  // Greek script
  ['πουλου', 'F'], ['πουλοσ', 'M'], ['ιδου', 'F'], ['ιδησ', 'M'],
];
const ENDINGS = [...RAW_ENDINGS].sort((a, b) => b[0].length - a[0].length);

/** Shortest surname judged: the ending plus at least three letters of stem. */
const MIN_STEM = 3;

/**
 * Sex implied by the ending of a folded surname token, or `null`.
 *
 * @example
 * genderOfSurname('smirnova')   // 'F'
 * genderOfSurname('brzezinski') // 'M'
 * genderOfSurname('garcia')     // null
 */
export function genderOfSurname(token: string): 'M' | 'F' | null {
  for (const [ending, sex] of ENDINGS) {
    if (token.length >= ending.length + MIN_STEM && token.endsWith(ending)) return sex;
  }
  return null;
}
