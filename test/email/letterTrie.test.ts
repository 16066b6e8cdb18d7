import { describe, expect, it } from 'vitest';
import { LetterTrie, NO_NODE } from '../../src/email/letterTrie.js';
import { prng } from '../support/prng.js';

/** Every entry of `trie` met by walking down from the root, found by trying every letter at every node. */
function entriesOf(trie: LetterTrie): string[] {
  const out: string[] = [];
  const walk = (node: number, prefix: string): void => {
    if (prefix !== '' && trie.isEnd(node)) out.push(prefix);
    for (let c = 97; c <= 122; c++) {
      const child = trie.child(node, c);
      if (child !== NO_NODE) walk(child, prefix + String.fromCharCode(c));
    }
  };
  walk(0, '');
  return out;
}

describe('LetterTrie', () => {
  it('holds exactly the a–z entries of a sorted list, at every depth', () => {
    const random = prng(0x7e1e);
    const words = new Set<string>();
    // Short alphabets make long shared prefixes and deep nodes; the full one fills the shallow levels.
    for (let i = 0; i < 3000; i++) {
      const alphabet = i % 2 === 0 ? 'abc' : 'abcdefghijklmnopqrstuvwxyz';
      const n = 1 + Math.floor(random() * 9);
      let w = '';
      for (let k = 0; k < n; k++) w += alphabet[Math.floor(random() * alphabet.length)];
      words.add(w);
    }
    const listed = [...words, 'o-neill', 'zoë', 'x1'].sort();
    const trie = new LetterTrie(listed.join(','));
    const kept = listed.filter((w) => /^[a-z]+$/.test(w));
    expect(entriesOf(trie).sort()).toEqual(kept);
    for (const w of kept) expect(trie.hasRange(`#${w}#`, 1, w.length + 1)).toBe(true);
    // Prefixes of entries that are no entry themselves, and the words left out, are not found.
    let misses = 0;
    for (const w of kept) {
      for (let k = 1; k < w.length; k++) {
        if (words.has(w.slice(0, k))) continue;
        misses++;
        expect(trie.hasRange(w, 0, k)).toBe(false);
      }
    }
    expect(misses).toBeGreaterThan(100);
    expect(trie.hasRange('o-neill', 0, 7)).toBe(false);
    expect(trie.hasRange('zoë', 0, 3)).toBe(false);
    expect(trie.hasRange('abc', 1, 1)).toBe(false);
    expect(trie.child(0, 'A'.charCodeAt(0))).toBe(NO_NODE);
  });

  it('reads a list of one entry and an empty list', () => {
    expect(entriesOf(new LetterTrie('jane'))).toEqual(['jane']);
    expect(entriesOf(new LetterTrie(''))).toEqual([]);
    expect(new LetterTrie('').hasRange('a', 0, 1)).toBe(false);
  });
});
