/**
 * One index over all six curated lists: a check looks each candidate key up
 * once and learns every list it is in, instead of one lookup per list. The
 * index is the lists' own line table (src/name/data/lists.ts), searched in
 * place; nothing is built per list.
 */
import { listHits, type ListHits } from './data/lists.js';

export { listHits, type ListHits };

/** The index as a lookup object, for callers that take it once per check. */
const INDEX: { readonly get: (key: string) => ListHits | undefined } = Object.freeze({ get: listHits });

/**
 * The whole index of the current bundle (each `get` asks the bundle current at that moment).
 *
 * @example
 * listIndex().get('john doe')?.placeholder // 'form example'
 */
export function listIndex(): { readonly get: (key: string) => ListHits | undefined } {
  return INDEX;
}
