import { LETTER, SCRIPT_PATTERNS } from './patterns.js';

/**
 * Scripts that legitimately mix within one name (Unicode TR 39 "highly
 * restrictive" profile: Japanese = Han + Hiragana + Katakana, Korean = Han +
 * Hangul, Chinese = Han + Bopomofo, each also with Latin).
 */
const CJK = new Set(['Han', 'Hiragana', 'Katakana', 'Hangul', 'Bopomofo']);

/**
 * Cyrillic and Greek lower-case letters that render like Latin ones
 * (а е о р с х у і ј ѕ ԁ һ ԛ ԝ ӏ; ο ν ρ ι α κ υ τ). Chosen by eye for this
 * project from the letters used in IDN homograph attacks (`аррӏе.com`);
 * a name written only with them is a whole-script look-alike of Latin.
 */
const LATIN_LOOKALIKES = new Set([...'аеорсхуіјѕԁһԛԝӏ', ...'ονριακυτ']);

function scriptOf(ch: string): string | null {
  if (!LETTER.test(ch)) return null;
  for (const [name, pattern] of SCRIPT_PATTERNS) if (pattern.test(ch)) return name;
  return 'Other';
}

/**
 * Why `text` (a local part or one domain label, lower-cased or not) is a
 * confusable, else null: letters from scripts that do not mix (Latin with
 * Cyrillic, Greek with Latin, …), or only Cyrillic/Greek letters that look
 * Latin. ASCII input returns null at once.
 */
export function confusableDetail(text: string): string | null {
  let ascii = true;
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) >= 0x80) {
      ascii = false;
      break;
    }
  }
  if (ascii) return null;
  const scripts = new Set<string>();
  let lookalikesOnly = true;
  let letters = 0;
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    const script =
      code < 0x80 ? ((code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a ? 'Latin' : null) : scriptOf(ch);
    if (script === null) continue;
    letters++;
    scripts.add(script);
    if (!LATIN_LOOKALIKES.has(ch.toLowerCase())) lookalikesOnly = false;
  }
  const plain = [...scripts].filter((s) => !CJK.has(s));
  if (plain.length > 1) return `mixed scripts: ${[...scripts].sort().join(' + ')}`;
  if (plain.length === 1 && plain[0] !== 'Latin' && plain.length < scripts.size) {
    return `mixed scripts: ${[...scripts].sort().join(' + ')}`;
  }
  if (letters > 0 && lookalikesOnly && (scripts.has('Cyrillic') || scripts.has('Greek'))) {
    return `only ${[...scripts].join('/')} letters that look Latin`;
  }
  return null;
}
