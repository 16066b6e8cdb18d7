/**
 * The curated and packaged name lists (placeholders, titles, fictional,
 * famous, humorous, vulgar), loaded lazily once from data/name/lists.json
 * and answered from one Map per kind.
 */
import { currentBundle } from '../../data/context.js';
import { NAME_LISTS } from './formats.js';

/** The kinds of list, one per risk family of the name check. */
export type NameListKind = 'placeholder' | 'placeholder_title' | 'fictional' | 'famous' | 'humorous' | 'vulgar';

/** Every kind, in the order the builder writes them. */
export const NAME_LIST_KINDS: readonly NameListKind[] = Object.freeze([
  'placeholder',
  'placeholder_title',
  'fictional',
  'famous',
  'humorous',
  'vulgar',
]);

/**
 * Suffix of the label of a famous, fictional or humorous full name that is
 * also a very common real name ("Thomas Müller", "Chris Brown", "Joe King"):
 * a given name of >= 100,000 US births with a surname of >= 4 locales. The
 * check should weigh such a match lower than an unambiguous one.
 *
 * @example
 * matchNameList('famous', 'thomas muller')?.endsWith(COMMON_REAL_NAME_MARK) // → true
 */
export const COMMON_REAL_NAME_MARK = '; also a common real name';

/**
 * Whether a label returned by {@link matchNameList} carries
 * {@link COMMON_REAL_NAME_MARK}.
 *
 * @example
 * isCommonRealNameLabel('athlete; also a common real name') // → true
 * isCommonRealNameLabel('head of state')                    // → false
 */
export function isCommonRealNameLabel(label: string): boolean {
  return label.endsWith(COMMON_REAL_NAME_MARK);
}

/** Shape of data/name/lists.json: labels are stored once and referenced by index. */
export interface ListsData {
  readonly labels: readonly string[];
  readonly kinds: Readonly<Record<NameListKind, Readonly<Record<string, number>>>>;
}

interface LoadedList {
  readonly map: ReadonlyMap<string, string>;
  readonly entries: readonly string[];
}

function load(): ReadonlyMap<NameListKind, LoadedList> {
  const bundle = currentBundle();
  return bundle.derive('name/lists:maps', [NAME_LISTS], () => {
    const data = bundle.load(NAME_LISTS);
    const out = new Map<NameListKind, LoadedList>();
    for (const kind of NAME_LIST_KINDS) {
      const rows = data.kinds[kind] ?? {};
      const map = new Map<string, string>();
      for (const entry of Object.keys(rows)) {
        const label = data.labels[rows[entry] ?? -1];
        if (label !== undefined) map.set(entry, label);
      }
      out.set(kind, { map, entries: Object.freeze([...map.keys()]) });
    }
    return out;
  });
}

/**
 * Exact match of a folded full name ("first last") or of a single folded
 * token against one list. Returns the matched entry's label (the category
 * or source, e.g. 'Star Wars', 'head of state', 'form example') or
 * `undefined`.
 *
 * Full-name kinds (placeholder, fictional, famous, humorous) hold
 * "first last" entries and single-word entries (stage names, "gandalf");
 * token kinds (placeholder, placeholder_title, vulgar) hold single words and
 * a few short phrases. No fuzzy matching here: the caller decides which
 * strings to try (the whole name, each part).
 *
 * @param kind - which list.
 * @param folded - the output of {@link foldName} (whole name or one token).
 * @example
 * matchNameList('placeholder', 'john doe')     // → 'form example'
 * matchNameList('fictional', 'luke skywalker') // → 'Star Wars'
 * matchNameList('placeholder_title', 'herr')   // → 'German, Dutch, Scandinavian'
 * matchNameList('famous', 'jane roe-smith')    // → undefined
 */
export function matchNameList(kind: NameListKind, folded: string): string | undefined {
  return load().get(kind)?.map.get(folded);
}

/**
 * Every entry of one list, folded, in the order the builder wrote them
 * (sorted). For tests ("every entry is detected") and for callers building
 * their own indexes.
 *
 * @example
 * listEntries('placeholder_title').includes('mrs') // → true
 */
export function listEntries(kind: NameListKind): readonly string[] {
  return load().get(kind)?.entries ?? [];
}

/**
 * Every entry of one list with its label (what {@link matchNameList} answers for it), in list order.
 *
 * @example
 * listLabels('placeholder').get('john doe') // 'form example'
 */
export function listLabels(kind: NameListKind): ReadonlyMap<string, string> {
  return load().get(kind)?.map ?? new Map<string, string>();
}
