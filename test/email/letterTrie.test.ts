import { describe, expect, it } from 'vitest';
import { LetterTrie, NO_NODE, trieEntries } from '../../src/email/letterTrie.js';
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
    const trie = LetterTrie.fromList(listed.join(','));
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

  it('encodes to the bundle layout and decodes to the same trie', () => {
    const random = prng(0x7e1f);
    const words = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      let w = '';
      for (let k = 0, n = 1 + Math.floor(random() * 8); k < n; k++) w += 'abcdefghijklmnopqrstuvwxyz'[Math.floor(random() * 26)];
      words.add(w);
    }
    const list = [...words].sort();
    const built = LetterTrie.fromList(list.join(','));
    const data = built.encode();
    expect(data.labels).toMatch(/^`[a-z]*$/i);
    // Child counts 0–26 as the characters '0' (48) to 'J' (74).
    const counts = [...data.children].map((c) => c.charCodeAt(0) - 48);
    expect(counts.filter((n) => n < 0 || n > 26)).toEqual([]);
    const read = LetterTrie.decode(data);
    expect(entriesOf(read)).toEqual(list);
    expect(trieEntries(data)).toBe(list.length);
    expect(read.encode()).toEqual(data);
    // The shallow table and the sibling scans agree on every step.
    for (const w of list) expect(read.hasRange(w, 0, w.length)).toBe(true);
    expect(LetterTrie.decode(LetterTrie.fromList('').encode()).hasRange('a', 0, 1)).toBe(false);
  });

  it('refuses strings that are no trie', () => {
    const good = LetterTrie.fromList('ab,ac,b').encode();
    expect(() => LetterTrie.decode({ labels: good.labels, children: good.children.slice(1) })).toThrow(/one label and one child count per node/);
    expect(() => LetterTrie.decode({ labels: good.labels.replace('a', '1'), children: good.children })).toThrow(/is no letter/);
    expect(() => LetterTrie.decode({ labels: good.labels, children: `${good.children.slice(0, -1)}Z` })).toThrow(/is not 0–26/);
    expect(() => LetterTrie.decode({ labels: good.labels, children: `${good.children.slice(0, -1)}1` })).toThrow(/add up to/);
    expect(() => LetterTrie.decode({ labels: '', children: '' })).toThrow(/one label/);
  });

  it('reads a list of one entry and an empty list', () => {
    expect(entriesOf(LetterTrie.fromList('jane'))).toEqual(['jane']);
    expect(entriesOf(LetterTrie.fromList(''))).toEqual([]);
    expect(LetterTrie.fromList('').hasRange('a', 0, 1)).toBe(false);
  });
});
