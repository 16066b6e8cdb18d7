/**
 * Every entry of every curated list (data/name/lists.json) is detected by
 * checkName when typed as a name: multi-word entries split into first name
 * (all words but the last) and last name, one-word entries typed as the
 * first name next to an ordinary surname. The one exemption is by design
 * and counted: a one-word entry that is also a known first or last name
 * (Guest, Nobody, Storm) is not flagged alone.
 */
import { describe, expect, it } from 'vitest';
import { isKnownFirstName, isKnownLastName, listEntries, NAME_LIST_KINDS, type NameListKind } from '../../src/name/data/index.js';
import { checkName, type NameRiskType } from '../../src/name/index.js';
import { tables } from './tables.js';

const ORDER: readonly NameRiskType[] = [
  'INVALID', 'PLACEHOLDER', 'PLACEHOLDER_TITLE', 'FICTIONAL', 'FAMOUS', 'HUMOROUS', 'STRING_SIMILARITY', 'RANDOM_TYPING', 'OTHER',
];
const RISK_OF: Record<NameListKind, NameRiskType> = {
  placeholder: 'PLACEHOLDER',
  placeholder_title: 'PLACEHOLDER_TITLE',
  fictional: 'FICTIONAL',
  famous: 'FAMOUS',
  humorous: 'HUMOROUS',
  vulgar: 'HUMOROUS',
};

describe('every list entry is detected', () => {
  for (const kind of NAME_LIST_KINDS) {
    it(kind, () => {
      const missed: string[] = [];
      const wrongType: string[] = [];
      let exempt = 0;
      const entries = listEntries(tables.lists, kind);
      for (const entry of entries) {
        const words = entry.split(' ');
        const [first, last] = words.length === 1 ? [entry, 'Hartwell'] : [words.slice(0, -1).join(' '), words.at(-1)!];
        const r = checkName(first, last);
        if (r.is_valid) {
          // As the check reads a token: also without its apostrophes (xi'an → xian, a surname).
          const bare = entry.split("'").join('');
          if (words.length === 1 && (isKnownFirstName(tables, entry) || isKnownLastName(tables, entry) || isKnownFirstName(tables, bare) || isKnownLastName(tables, bare))) exempt++;
          else missed.push(entry);
          continue;
        }
        // The reported type is the list's own, or one that comes earlier in
        // the order of evidence, or random typing for keyboard strings (qwerty).
        const want = RISK_OF[kind];
        if (ORDER.indexOf(r.risk_type!) > ORDER.indexOf(want) && r.risk_type !== 'RANDOM_TYPING') wrongType.push(`${entry} → ${r.risk_type}`);
      }
      console.log(`${kind}: ${entries.length} entries, ${missed.length} missed, ${exempt} exempt (one word that is also a real name), ${wrongType.length} with a later risk type`);
      if (missed.length > 0) console.log(`  missed: ${missed.join(' | ')}`);
      if (wrongType.length > 0) console.log(`  type: ${wrongType.join(' | ')}`);
      expect(missed).toEqual([]);
      expect(wrongType).toEqual([]);
    });
  }
});
