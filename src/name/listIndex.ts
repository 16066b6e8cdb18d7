/**
 * One index over all six curated lists, built on first use from
 * `listEntries` / `matchNameList`: a check looks each candidate key up
 * once and learns every list it is in, instead of one lookup per list.
 */
import { currentBundle } from '../data/context.js';
import { NAME_LIST_KINDS, type NameListKind } from './data/index.js';
import { listLabels } from './data/lists.js';
import { NAME_LISTS } from './data/formats.js';

/**
 * The labels of one key, per list kind it belongs to.
 * @example
 * const hits: ListHits | undefined = listHits('mr'); // { placeholder_title: 'English' }
 */
export type ListHits = Readonly<Partial<Record<NameListKind, string>>>;

function build(): Map<string, ListHits> {
  const out = new Map<string, Partial<Record<NameListKind, string>>>();
  for (const kind of NAME_LIST_KINDS) {
    // Each list's entries with their labels in one pass (part of the first call's cost: no lookup per entry).
    for (const [entry, label] of listLabels(kind)) {
      let hits = out.get(entry);
      if (hits === undefined) {
        hits = {};
        out.set(entry, hits);
      }
      hits[kind] = label;
    }
  }
  for (const hits of out.values()) Object.freeze(hits);
  return out;
}

/**
 * Every list a folded key (full name or one token) is in, with its label;
 * `undefined` when it is in none.
 *
 * @example
 * listHits('john doe')?.placeholder // 'form example'
 */
export function listHits(key: string): ListHits | undefined {
  return listIndex().get(key);
}

/**
 * The whole index of the current bundle: a caller that looks several keys up
 * in one check takes it once (one bundle lookup instead of one per key).
 *
 * @example
 * listIndex().get('john doe')?.placeholder // 'form example'
 */
export function listIndex(): ReadonlyMap<string, ListHits> {
  return currentBundle().derive('name/lists:index', [NAME_LISTS], build);
}
