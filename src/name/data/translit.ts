/**
 * Latin spellings of names written in Cyrillic, Greek, Armenian, Georgian,
 * Hangul and Devanagari, so that a name typed in one script finds the evidence held for
 * it in another (Никита ↔ Nikita, 지훈 ↔ Jihoon, Ανδρέας ↔ Andreas). The
 * builder adds the Latin forms of the native-script names of the faker
 * locales to the tables; the check looks a native-script name up by its
 * Latin forms when the tables do not hold it as typed.
 *
 * Tables written for identity-signals from the common romanisations:
 * Cyrillic as in passports and the press (BGN/PCGN-like: х kh, ц ts, щ
 * shch, я ya), Greek ELOT 743-like, Armenian (Hübschmann-Meillet without
 * diacritics), Georgian national system (2002) without apostrophes, Hangul Revised Romanisation (with the older oo for u that
 * Korean given names are usually spelt with: Ji-hoon), Devanagari with the
 * inherent a dropped at the end of a word. Abjads (Arabic, Hebrew) are not
 * romanised: their vowels are not written, so no one spelling follows.
 * Input: folded text (foldName), output folded a-z, hyphen, space.
 */

const CYRILLIC: Readonly<Record<string, string>> = {
  а: 'a', б: 'b', в: 'v', г: 'g', ґ: 'g', д: 'd', е: 'e', ё: 'e', є: 'ye', ж: 'zh', з: 'z', и: 'i', і: 'i', ї: 'yi', й: 'y',
  к: 'k', л: 'l', м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'kh', ц: 'ts', ч: 'ch', ш: 'sh',
  щ: 'shch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya', ђ: 'dj', ј: 'j', љ: 'lj', њ: 'nj', ћ: 'c', џ: 'dz', ѓ: 'gj', ќ: 'kj',
  ѕ: 'dz', ў: 'u',
};

const GREEK: Readonly<Record<string, string>> = {
  α: 'a', β: 'v', γ: 'g', δ: 'd', ε: 'e', ζ: 'z', η: 'i', θ: 'th', ι: 'i', κ: 'k', λ: 'l', μ: 'm', ν: 'n', ξ: 'x', ο: 'o', π: 'p',
  ρ: 'r', σ: 's', ς: 's', τ: 't', υ: 'y', φ: 'f', χ: 'ch', ψ: 'ps', ω: 'o',
};
/** Greek digraphs read as one sound. */
const GREEK_PAIRS: Readonly<Record<string, string>> = { ου: 'ou', αι: 'ai', ει: 'ei', οι: 'oi', αυ: 'av', ευ: 'ev', μπ: 'b', ντ: 'nt', γκ: 'g', γγ: 'ng' };

const ARMENIAN: Readonly<Record<string, string>> = {
  ա: 'a', բ: 'b', գ: 'g', դ: 'd', ե: 'e', զ: 'z', է: 'e', ը: 'e', թ: 't', ժ: 'zh', ի: 'i', լ: 'l', խ: 'kh', ծ: 'ts', կ: 'k', հ: 'h',
  ձ: 'dz', ղ: 'gh', ճ: 'ch', մ: 'm', յ: 'y', ն: 'n', շ: 'sh', ո: 'o', չ: 'ch', պ: 'p', ջ: 'j', ռ: 'r', ս: 's', վ: 'v', տ: 't', ր: 'r',
  ց: 'ts', ւ: 'v', փ: 'p', ք: 'k', օ: 'o', ֆ: 'f', և: 'ev',
};

const GEORGIAN: Readonly<Record<string, string>> = {
  ა: 'a', ბ: 'b', გ: 'g', დ: 'd', ე: 'e', ვ: 'v', ზ: 'z', თ: 't', ი: 'i', კ: 'k', ლ: 'l', მ: 'm', ნ: 'n', ო: 'o', პ: 'p', ჟ: 'zh',
  რ: 'r', ს: 's', ტ: 't', უ: 'u', ფ: 'p', ქ: 'k', ღ: 'gh', ყ: 'q', შ: 'sh', ჩ: 'ch', ც: 'ts', ძ: 'dz', წ: 'ts', ჭ: 'ch', ხ: 'kh', ჯ: 'j',
  ჰ: 'h',
};

const HANGUL_INITIAL = ['g', 'kk', 'n', 'd', 'tt', 'r', 'm', 'b', 'pp', 's', 'ss', '', 'j', 'jj', 'ch', 'k', 't', 'p', 'h'];
const HANGUL_VOWEL = ['a', 'ae', 'ya', 'yae', 'eo', 'e', 'yeo', 'ye', 'o', 'wa', 'wae', 'oe', 'yo', 'u', 'wo', 'we', 'wi', 'yu', 'eu', 'ui', 'i'];
const HANGUL_FINAL = ['', 'k', 'k', 'k', 'n', 'n', 'n', 't', 'l', 'k', 'm', 'l', 'l', 'l', 'p', 'l', 'm', 'p', 'p', 't', 't', 'ng', 't', 't', 'k', 't', 'p', 't'];

const DEVANAGARI_CONSONANT: Readonly<Record<string, string>> = {
  क: 'k', ख: 'kh', ग: 'g', घ: 'gh', ङ: 'n', च: 'ch', छ: 'chh', ज: 'j', झ: 'jh', ञ: 'n', ट: 't', ठ: 'th', ड: 'd', ढ: 'dh', ण: 'n',
  त: 't', थ: 'th', द: 'd', ध: 'dh', न: 'n', प: 'p', फ: 'ph', ब: 'b', भ: 'bh', म: 'm', य: 'y', र: 'r', ल: 'l', व: 'v', श: 'sh',
  ष: 'sh', स: 's', ह: 'h',
};
const DEVANAGARI_VOWEL: Readonly<Record<string, string>> = {
  अ: 'a', आ: 'a', इ: 'i', ई: 'i', उ: 'u', ऊ: 'u', ऋ: 'ri', ए: 'e', ऐ: 'ai', ओ: 'o', औ: 'au',
};
const DEVANAGARI_SIGN: Readonly<Record<string, string>> = {
  'ा': 'a', 'ि': 'i', 'ी': 'i', 'ु': 'u', 'ू': 'u', 'ृ': 'ri', 'े': 'e', 'ै': 'ai', 'ो': 'o', 'ौ': 'au',
};

/** One Hangul syllable (U+AC00..U+D7A3) in Revised Romanisation, or undefined. */
function hangulSyllable(code: number): string | undefined {
  if (code < 0xac00 || code > 0xd7a3) return undefined;
  const s = code - 0xac00;
  return HANGUL_INITIAL[Math.floor(s / 588)]! + HANGUL_VOWEL[Math.floor((s % 588) / 28)]! + HANGUL_FINAL[s % 28]!;
}

/** Devanagari word: consonants carry an inherent a unless a vowel sign or virama follows; a final inherent a is dropped. */
function devanagari(word: string): string {
  let out = '';
  const chars = [...word];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    const consonant = DEVANAGARI_CONSONANT[c];
    if (consonant !== undefined) {
      out += consonant;
      const next = chars[i + 1];
      if (next === '्') i++;
      else if (next !== undefined && DEVANAGARI_SIGN[next] !== undefined) {
        out += DEVANAGARI_SIGN[next];
        i++;
      } else if (i + 1 < chars.length) out += 'a';
      continue;
    }
    const vowel = DEVANAGARI_VOWEL[c];
    if (vowel !== undefined) out += vowel;
    else if (c === 'ं' || c === 'ँ') out += 'n';
    else if (c === 'ः') out += 'h';
    else if (c === ' ' || c === '-') out += c;
  }
  return out;
}

/**
 * The Latin spellings of a folded name in Cyrillic, Greek, Armenian,
 * Georgian, Hangul or Devanagari (the first is the main one); `[]` for any other text, or when
 * a letter is outside these tables. Hangul names get the joined, hyphenated
 * and "oo" forms (지훈 → jihun, ji-hun, jihoon, ji-hoon).
 *
 * @example
 * romanize('никита')   // ['nikita']
 * romanize('ανδρεασ')  // ['andreas']
 * romanize('지훈')     // ['jihun', 'ji-hun', 'jihoon', 'ji-hoon']
 */
export function romanize(folded: string): string[] {
  if (folded === '') return [];
  const first = folded.codePointAt(0)!;
  if (first >= 0xac00 && first <= 0xd7a3) {
    const syllables: string[] = [];
    for (const ch of folded) {
      if (ch === ' ' || ch === '-') continue;
      const s = hangulSyllable(ch.codePointAt(0)!);
      if (s === undefined) return [];
      syllables.push(s);
    }
    const oo = syllables.map((s) => s.replace('u', 'oo'));
    return [...new Set([syllables.join(''), syllables.join('-'), oo.join(''), oo.join('-')])];
  }
  if (first >= 0x900 && first <= 0x97f) {
    const r = devanagari(folded);
    return r === '' ? [] : [r];
  }
  let out = '';
  for (let i = 0; i < folded.length; i++) {
    const ch = folded[i]!;
    if (ch === ' ' || ch === '-' || ch === "'") {
      out += ch === "'" ? '' : ch;
      continue;
    }
    const pair = GREEK_PAIRS[folded.slice(i, i + 2)];
    if (pair !== undefined) {
      out += pair;
      i++;
      continue;
    }
    const latin = CYRILLIC[ch] ?? GREEK[ch] ?? ARMENIAN[ch] ?? GEORGIAN[ch];
    if (latin === undefined) return [];
    out += latin;
  }
  if (out === '') return [];
  const forms = [out];
  // Russian -ий / -ия endings have two common spellings (Dmitriy / Dmitry, Mariya / Maria).
  if (out.endsWith('iy')) forms.push(`${out.slice(0, -2)}y`);
  if (out.endsWith('iya')) forms.push(`${out.slice(0, -3)}ia`);
  return forms;
}
