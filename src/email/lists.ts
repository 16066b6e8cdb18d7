/**
 * Domain and local-part lists (disposable-email-domains, mailchecker minus
 * its reviewed false positives, email-providers, role-based-email-addresses),
 * compiled into the data bundle by scripts/email/build.ts; a checker opens
 * them (src/email/tables.ts) and hands them to the rules below: the domain
 * lists are searched in place (src/email/sortedList.ts), the role list is
 * read into sets once per checker.
 */
import { ROLE_SEPARATORS } from './patterns.js';
import type { SortedList } from './sortedList.js';

/** The domain lists the disposable and free-provider rules read. */
export interface DomainLists {
  /** disposable-email-domains (the main, curated list). */
  readonly disposable: SortedList;
  /** mailchecker minus its reviewed false positives (the second opinion). */
  readonly mailchecker: SortedList;
  /** email-providers' free mail domains. */
  readonly free: SortedList;
}

/** Which list called a domain disposable, and the listed entry that matched. */
export interface DisposableMatch {
  readonly list: 'disposable-email-domains' | 'mailchecker';
  /** The listed domain: the domain itself or the parent it is a subdomain of. */
  readonly entry: string;
}

/** The domain or its nearest listed parent (down to the second level), else null. */
function findListed(list: SortedList, domain: string): string | null {
  let d = domain;
  for (;;) {
    if (list.has(d)) return d;
    const dot = d.indexOf('.');
    // Stop before the bare TLD: no list entry is a TLD, and "com" must never match.
    if (dot < 0 || d.indexOf('.', dot + 1) < 0) return null;
    d = d.slice(dot + 1);
  }
}

/**
 * Looks a lower-case ASCII domain up in the disposable lists: first
 * disposable-email-domains (main list), then, when `secondOpinion`,
 * mailchecker minus its reviewed false positives. Subdomains of a listed
 * domain count (`x.mailinator.com`).
 */
export function matchDisposable(lists: DomainLists, domain: string, secondOpinion: boolean): DisposableMatch | null {
  const main = findListed(lists.disposable, domain);
  if (main !== null) return { list: 'disposable-email-domains', entry: main };
  if (!secondOpinion) return null;
  const second = findListed(lists.mailchecker, domain);
  return second === null ? null : { list: 'mailchecker', entry: second };
}

/**
 * True when the lower-case ASCII domain is a free provider: on
 * email-providers' list and not on disposable-email-domains (the main,
 * curated disposable list). mailchecker's second opinion does not remove a
 * domain from the free list: it lists about a third of email-providers'
 * domains (old free web-mail services among them), and a disposable
 * service is free of charge anyway; it still raises EMAIL_DISPOSABLE.
 */
export function isFreeProvider(lists: DomainLists, domain: string): boolean {
  return lists.free.has(domain) && findListed(lists.disposable, domain) === null;
}

/** Separators people use interchangeably in role names: no-reply, no_reply, no.reply, noreply. */
function squash(local: string): string {
  return local.replace(ROLE_SEPARATORS, '');
}

/** Whether `local` holds a separator {@link squash} removes (most do not: the replace is skipped). */
function hasRoleSeparator(local: string): boolean {
  for (let i = 0; i < local.length; i++) {
    const c = local.charCodeAt(i);
    if (c === 45 || c === 46 || c === 95) return true;
  }
  return false;
}

/** The role list as typed and with separators squashed (the first entry of each squashed form wins). */
export interface RoleLists {
  readonly exact: ReadonlySet<string>;
  readonly squashed: ReadonlyMap<string, string>;
  /** The squashed forms as a trie, which refuses most local parts within a few letters and with no copy made. */
  readonly squashedTrie: CodeTrie;
}

/** The role lists of role-based-email-addresses' entries. */
export function buildRoleLists(list: readonly string[]): RoleLists {
  const squashed = new Map<string, string>();
  for (const role of list) {
    const key = squash(role);
    if (!squashed.has(key)) squashed.set(key, role);
  }
  return { exact: new Set(list), squashed, squashedTrie: new CodeTrie(squashed.keys()) };
}

/** No node of a {@link CodeTrie}. */
const NO_NODE = -1;

/**
 * A trie of short strings by UTF-16 unit, numbered breadth first: the
 * children of node `k` are the nodes `start[k]` to `start[k + 1] − 1`, in
 * ascending order of their unit; the root's children by ASCII unit are
 * also in a table.
 */
export class CodeTrie {
  readonly #start: Int32Array;
  readonly #code: Uint16Array;
  readonly #end: Uint8Array;
  readonly #root: Int32Array;

  constructor(keys: Iterable<string>) {
    interface Node {
      readonly children: Map<number, Node>;
      end: boolean;
    }
    const top: Node = { children: new Map(), end: false };
    for (const key of keys) {
      let node = top;
      for (let i = 0; i < key.length; i++) {
        const c = key.charCodeAt(i);
        let next = node.children.get(c);
        if (next === undefined) node.children.set(c, (next = { children: new Map(), end: false }));
        node = next;
      }
      node.end = true;
    }
    const order: Node[] = [top];
    const codes: number[] = [0];
    const start: number[] = [];
    for (let k = 0; k < order.length; k++) {
      start.push(order.length);
      for (const [c, child] of [...order[k]!.children].sort((a, b) => a[0] - b[0])) {
        order.push(child);
        codes.push(c);
      }
    }
    start.push(order.length);
    this.#start = Int32Array.from(start);
    this.#code = Uint16Array.from(codes);
    this.#end = Uint8Array.from(order, (n) => (n.end ? 1 : 0));
    this.#root = new Int32Array(128).fill(NO_NODE);
    for (let c = start[0]!; c < start[1]!; c++) if (codes[c]! < 128) this.#root[codes[c]!] = c;
  }

  /** The child of `node` (the root is 0) for the unit `code`, or −1. */
  child(node: number, code: number): number {
    if (node === 0 && code < 128) return this.#root[code]!;
    const stop = this.#start[node + 1]!;
    for (let c = this.#start[node]!; c < stop; c++) {
      const here = this.#code[c]!;
      if (here >= code) return here === code ? c : NO_NODE;
    }
    return NO_NODE;
  }

  /** Whether a key ends at `node`. */
  isEnd(node: number): boolean {
    return this.#end[node] === 1;
  }
}

/**
 * Whether the squashed form of an ASCII local part's base (lower case, the
 * plus tag dropped, as {@link matchRole} reads it) is a squashed role, read
 * in place; null when the local part is not ASCII.
 */
function asciiSquashedIsRole(trie: CodeTrie, local: string): boolean | null {
  let end = local.length;
  for (let i = 0; i < local.length; i++) {
    const c = local.charCodeAt(i);
    if (c >= 0x80) return null;
    // The tag starts at the first plus, unless that is the first character (then there is no tag).
    if (c === 43 && end === local.length) end = i > 0 ? i : -1;
  }
  if (end < 0) end = local.length;
  let node = 0;
  for (let i = 0; i < end; i++) {
    let c = local.charCodeAt(i);
    if (c === 45 || c === 46 || c === 95) continue;
    if (c >= 65 && c <= 90) c += 32;
    node = trie.child(node, c);
    if (node === NO_NODE) return false;
  }
  return trie.isEnd(node);
}

/**
 * The role-based-email-addresses entry a local part stands for, else null.
 * Case-insensitive; a plus tag is dropped (`info+news` → `info`); `-`, `_`
 * and `.` are interchangeable (`no_reply`, `no.reply` → `no-reply`).
 */
export function matchRole(roles: RoleLists, local: string): string | null {
  // An entry as typed squashes to a squashed form too: no squashed form, no match.
  if (asciiSquashedIsRole(roles.squashedTrie, local) === false) return null;
  const lower = local.toLowerCase();
  const plus = lower.indexOf('+');
  const base = plus > 0 ? lower.slice(0, plus) : lower;
  const { exact, squashed } = roles;
  if (exact.has(base)) return base;
  return squashed.get(hasRoleSeparator(base) ? squash(base) : base) ?? null;
}
