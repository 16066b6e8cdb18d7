/**
 * A small sound-alike key for joke names, which circulate in many
 * spellings (Oliver Klozoff / Klozov, Heywood Jablowme / Jablome): spelling
 * variants that sound alike map to one key. Built for English joke names
 * only; words with letters outside a-z get no key.
 */

/**
 * Sound-alike key of a folded name: per word, `ph`→f, `ck`→k, `gh`→g,
 * c→k (s before e, i, y), q→k, z→s, x→ks, v→f, y→i, w dropped before a
 * consonant or at a word's end, h dropped after a consonant (but c, s) or
 * before a consonant, doubled letters collapsed; words joined
 * without spaces (so "bend over" meets "ben dover"). `''` when a word has
 * a letter outside a-z.
 *
 * @example
 * soundKey('oliver klozoff') === soundKey('oliver klozov') // true
 */
export function soundKey(folded: string): string {
  let out = '';
  let prev = '';
  for (let i = 0; i < folded.length; i++) {
    const c = folded[i]!;
    const next = folded[i + 1] ?? ' ';
    if (c === ' ' || c === '-' || c === "'" || c === '.') {
      prev = '';
      continue;
    }
    if (c < 'a' || c > 'z') return '';
    let s: string;
    if (c === 'p' && next === 'h') {
      s = 'f';
      i++;
    } else if (c === 'c' && next === 'k') {
      s = 'k';
      i++;
    } else if (c === 'g' && next === 'h') {
      s = 'g';
      i++;
    } else if (c === 'c') s = next === 'e' || next === 'i' || next === 'y' ? 's' : 'k';
    else if (c === 'q') s = 'k';
    else if (c === 'z') s = 's';
    else if (c === 'x') s = 'ks';
    else if (c === 'v') s = 'f';
    else if (c === 'y') s = 'i';
    else if (c === 'w') s = 'aeiou'.includes(next) ? 'w' : '';
    else if (c === 'h') {
      // Silent or transposed h (John, Jhon → jon; Thomas → tomas); ch and sh stay.
      const before = folded[i - 1] ?? ' ';
      const consonantBefore = before >= 'a' && before <= 'z' && !'aeiouy'.includes(before);
      s = before === 'c' || before === 's' ? 'h' : consonantBefore || !'aeiouy'.includes(next) ? '' : 'h';
    } else s = c;
    for (const ch of s) {
      if (ch !== prev) out += ch;
      prev = ch;
    }
  }
  return out;
}
