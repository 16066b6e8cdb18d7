/**
 * The curated and packaged name lists (placeholders, titles, fictional,
 * famous, humorous, vulgar), loaded lazily once from data/name/lists.json
 * and searched in place: one probe tells every list a key is in.
 */
import { noteLoad } from '../../common/loads.js';
import { LineTable } from './lineTable.js';

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
 * const lists = openNameTables(openData(undefined)).lists;
 * matchNameList(lists, 'famous', 'thomas muller')?.endsWith(COMMON_REAL_NAME_MARK) // → true
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

/**
 * Shape of data/name/lists.json: one line table (src/name/data/lineTable.ts)
 * over every entry of every list, `entry\t<label id per kind>` with the
 * kinds in {@link NAME_LIST_KINDS} order (empty when the entry is not in that
 * list), and the labels stored once. `bySound`: the sound-alike keys
 * (src/name/sound.ts) of the placeholder and humorous entries of two or more
 * words, computed by the builder, `key\tentry` (the first entry in sorted
 * order for a key).
 */
export interface ListsData {
  readonly labels: readonly string[];
  readonly entries: string;
  readonly bySound: { readonly placeholder: string; readonly humorous: string };
}

/** The label ids of a line, per kind, or undefined when the entry is in no list. */
export type ListHits = Readonly<Partial<Record<NameListKind, string>>>;

/** The lists of one checker's bundle, opened by {@link openLists}: the table, its labels, and what is worked out of them on first use. */
export interface NameLists {
  readonly table: LineTable;
  readonly labels: readonly string[];
  /** The hits of each line asked for so far, by line start (at most one per line of the table). */
  readonly hits: Map<number, ListHits>;
  readonly bySound: { readonly placeholder: LineTable; readonly humorous: LineTable };
  /** The (first unit, last unit, length) of every vulgar entry, as vulgarShape numbers: built after GATE_AFTER questions. */
  vulgarShapes?: ReadonlySet<number>;
  /** Questions to mayBeVulgar so far, while vulgarShapes is not built. */
  gateAsked: number;
  /** The keys of both `bySound` tables as one trie of sound keys, each end holding its entries (the check follows a name's key down it). */
  readonly soundTrie: SoundEntries;
  /** Per kind, its entries and labels: built on first use (tests, callers listing a list). */
  perKind?: ReadonlyMap<NameListKind, ReadonlyMap<string, string>>;
}

/**
 * A node of the trie of listed sound keys: children by key letter (a = 0 …
 * z = 25, src/name/sound.ts SoundKeyTrie); at the end of a key, the listed
 * placeholder and joke names that have it (`entryBySound`'s answers).
 */
export interface SoundEntries {
  readonly next: (SoundEntries | undefined)[];
  placeholder?: string;
  humorous?: string;
}

function soundTrieOf(tables: { readonly placeholder: LineTable; readonly humorous: LineTable }): SoundEntries {
  const root: SoundEntries = { next: [] };
  for (const kind of ['placeholder', 'humorous'] as const) {
    const table = tables[kind];
    for (const line of table.lines()) {
      const key = table.key(line);
      let node = root;
      for (let i = 0; i < key.length; i++) node = node.next[key.charCodeAt(i) - 97] ??= { next: [] };
      node[kind] = table.value(line);
    }
  }
  return root;
}

/**
 * Opens the lists of `data` (the bundle's `name/lists` dataset): the line
 * tables are searched in place, the sound trie built now.
 *
 * @example
 * const bundle = openData(undefined).bundle;
 * listHits(openLists(bundle.load(NAME_LISTS)), 'john doe')?.placeholder // 'form example'
 */
export function openLists(data: ListsData): NameLists {
  const bySound = { placeholder: new LineTable(data.bySound.placeholder), humorous: new LineTable(data.bySound.humorous) };
  return {
    table: new LineTable(data.entries),
    labels: data.labels,
    hits: new Map(),
    bySound,
    soundTrie: soundTrieOf(bySound),
    gateAsked: 0,
  };
}

/** Loads what the lists would otherwise load on first use (`preload()`): every table section and the vulgar-shape gate. */
export function loadWholeLists(loaded: NameLists): void {
  loaded.table.loadAll();
  loaded.bySound.placeholder.loadAll();
  loaded.bySound.humorous.loadAll();
  if (loaded.vulgarShapes === undefined) vulgarShapes(loaded);
}

function hitsOf(loaded: NameLists, line: number): ListHits {
  let hits = loaded.hits.get(line);
  if (hits === undefined) {
    const ids = loaded.table.value(line).split('\t');
    const out: Partial<Record<NameListKind, string>> = {};
    NAME_LIST_KINDS.forEach((kind, k) => {
      const id = ids[k];
      const label = id === undefined || id === '' ? undefined : loaded.labels[Number(id)];
      if (label !== undefined) out[kind] = label;
    });
    hits = Object.freeze(out);
    loaded.hits.set(line, hits);
  }
  return hits;
}

/**
 * Every list a folded key (full name or one token) is in, with its label;
 * `undefined` when it is in none. One hash probe of the table; the labels of
 * a found entry are read once and kept.
 *
 * @example
 * const lists = openNameTables(openData(undefined)).lists;
 * listHits(lists, 'john doe')?.placeholder // 'form example'
 */
export function listHits(loaded: NameLists, key: string): ListHits | undefined {
  const line = loaded.table.find(key);
  return line < 0 ? undefined : hitsOf(loaded, line);
}

/**
 * {@link listHits} of the key `${first} ${last}` (a full name), without building it.
 *
 * @example
 * const lists = openNameTables(openData(undefined)).lists;
 * listHitsOfPair(lists, 'john', 'doe')?.placeholder // 'form example'
 */
export function listHitsOfPair(loaded: NameLists, first: string, last: string): ListHits | undefined {
  const line = loaded.table.findPair(first, last);
  return line < 0 ? undefined : hitsOf(loaded, line);
}

/**
 * The listed entry of `kind` (placeholder or humorous, two or more words)
 * whose sound-alike key (src/name/sound.ts) is `key`, or undefined.
 *
 * @example
 * const lists = openNameTables(openData(undefined)).lists;
 * entryBySound(lists, 'placeholder', soundKey('jhon doe')) // 'john doe'
 */
export function entryBySound(loaded: NameLists, kind: 'placeholder' | 'humorous', key: string): string | undefined {
  const table = loaded.bySound[kind];
  const line = table.find(key);
  return line < 0 ? undefined : table.value(line);
}

/** One number for a key's first unit, last unit and length (units < 2^16, lengths capped at 63: exact in a double). */
function vulgarShape(first: number, last: number, length: number): number {
  return (first * 0x10000 + last) * 64 + Math.min(length, 63);
}

const VULGAR = NAME_LIST_KINDS.indexOf('vulgar');
/** Questions mayBeVulgar answers "maybe" before it builds its gate. */
const GATE_AFTER = 256;

/**
 * Whether some vulgar entry has this first unit, last unit and length: when
 * not, no key of that shape is a vulgar entry, found out without building
 * the key or probing the table (a name's parts run together, Dick Head →
 * dickhead, are asked for every name; nearly none passes).
 *
 * @example
 * const lists = openNameTables(openData(undefined)).lists;
 * mayBeVulgar(lists, 'd'.charCodeAt(0), 'd'.charCodeAt(0), 8) // true: 'dickhead'
 */
export function mayBeVulgar(loaded: NameLists, first: number, last: number, length: number): boolean {
  let shapes = loaded.vulgarShapes;
  if (shapes === undefined) {
    // Built only after the first GATE_AFTER questions (a few ms over the whole
    // table): a first call, or a process that checks a handful of names, is
    // not made slower by a gate that pays off over many checks (preload()
    // builds it at once). Until then nothing is ruled out: the caller looks
    // the key up, the same answer.
    if (++loaded.gateAsked <= GATE_AFTER) return true;
    shapes = vulgarShapes(loaded);
  }
  return shapes.has(vulgarShape(first, last, length));
}

/** Builds the gate of {@link mayBeVulgar}: one pass over the table's text by char codes (no string per line: this runs within a check). */
function vulgarShapes(loaded: NameLists): ReadonlySet<number> {
  noteLoad('build name vulgar-shape gate');
  const out = new Set<number>();
  const text = loaded.table.text;
  let line = 0;
  while (line < text.length) {
    let end = text.indexOf('\n', line);
    if (end < 0) end = text.length;
    let keyEnd = line;
    while (keyEnd < end && text.charCodeAt(keyEnd) !== 9) keyEnd++;
    // The vulgar label id is the VULGAR-th field after the key: skip VULGAR tabs past the key's.
    let at = keyEnd + 1;
    for (let field = 0; field < VULGAR && at <= end; field++) {
      while (at < end && text.charCodeAt(at) !== 9) at++;
      at++;
    }
    if (keyEnd < end && at < end && text.charCodeAt(at) !== 9) {
      out.add(vulgarShape(text.charCodeAt(line), text.charCodeAt(keyEnd - 1), keyEnd - line));
    }
    line = end + 1;
  }
  loaded.vulgarShapes = out;
  return out;
}

/**
 * The listed placeholder and joke names whose sound-alike keys are the
 * keys of both kinds, as one trie to follow a name's key down
 * (src/name/sound.ts SoundKeys.node): the node of a key holds what
 * {@link entryBySound} answers for it.
 *
 * @example
 * const lists = openNameTables(openData(undefined)).lists;
 * new SoundKeys().node('jhon doe', soundEntries(lists))?.placeholder // 'john doe'
 */
export function soundEntries(loaded: NameLists): SoundEntries {
  return loaded.soundTrie;
}

function perKind(loaded: NameLists): ReadonlyMap<NameListKind, ReadonlyMap<string, string>> {
  if (loaded.perKind === undefined) {
    const out = new Map<NameListKind, Map<string, string>>(NAME_LIST_KINDS.map((k) => [k, new Map<string, string>()]));
    for (const line of loaded.table.lines()) {
      const hits = hitsOf(loaded, line);
      const entry = loaded.table.key(line);
      for (const kind of NAME_LIST_KINDS) {
        const label = hits[kind];
        if (label !== undefined) out.get(kind)!.set(entry, label);
      }
    }
    loaded.perKind = out;
  }
  return loaded.perKind;
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
 * const lists = openNameTables(openData(undefined)).lists;
 * matchNameList(lists, 'placeholder', 'john doe')     // → 'form example'
 * matchNameList(lists, 'fictional', 'luke skywalker') // → 'Star Wars'
 * matchNameList(lists, 'placeholder_title', 'herr')   // → 'German, Dutch, Scandinavian'
 * matchNameList(lists, 'famous', 'jane roe-smith')    // → undefined
 */
export function matchNameList(loaded: NameLists, kind: NameListKind, folded: string): string | undefined {
  return listHits(loaded, folded)?.[kind];
}

/**
 * Every entry of one list, folded, in the order the builder wrote them
 * (sorted). For tests ("every entry is detected") and for callers building
 * their own indexes.
 *
 * @example
 * const lists = openNameTables(openData(undefined)).lists;
 * listEntries(lists, 'placeholder_title').includes('mrs') // → true
 */
export function listEntries(loaded: NameLists, kind: NameListKind): readonly string[] {
  return [...(perKind(loaded).get(kind)?.keys() ?? [])];
}

/**
 * Every entry of one list with its label (what {@link matchNameList} answers for it), in list order.
 *
 * @example
 * const lists = openNameTables(openData(undefined)).lists;
 * listLabels(lists, 'placeholder').get('john doe') // 'form example'
 */
export function listLabels(loaded: NameLists, kind: NameListKind): ReadonlyMap<string, string> {
  return perKind(loaded).get(kind) ?? new Map<string, string>();
}
