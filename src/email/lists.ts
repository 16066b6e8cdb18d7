/**
 * Domain and local-part lists (disposable-email-domains, mailchecker minus
 * its reviewed false positives, email-providers, role-based-email-addresses),
 * compiled into the data bundle by scripts/email/build.ts and read from the
 * running check's bundle: the domain lists are searched in place
 * (src/email/sortedList.ts), the role list is read into sets once per bundle.
 */
import { currentBundle } from '../data/context.js';
import { onPreload } from '../data/preload.js';
import { DISPOSABLE, FREE_PROVIDERS, MAILCHECKER, ROLES } from './data/formats.js';
import { ROLE_SEPARATORS } from './patterns.js';
import { SortedList } from './sortedList.js';

function mainList(): SortedList {
  const bundle = currentBundle();
  return bundle.derive('email/disposable:list', [DISPOSABLE], () => new SortedList(bundle.load(DISPOSABLE)));
}

function mailcheckerList(): SortedList {
  const bundle = currentBundle();
  return bundle.derive('email/mailchecker:list', [MAILCHECKER], () => new SortedList(bundle.load(MAILCHECKER)));
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
export function matchDisposable(domain: string, secondOpinion: boolean): DisposableMatch | null {
  const main = findListed(mainList(), domain);
  if (main !== null) return { list: 'disposable-email-domains', entry: main };
  if (!secondOpinion) return null;
  const second = findListed(mailcheckerList(), domain);
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
export function isFreeProvider(domain: string): boolean {
  return freeList().has(domain) && findListed(mainList(), domain) === null;
}

function freeList(): SortedList {
  const bundle = currentBundle();
  return bundle.derive('email/free-providers:list', [FREE_PROVIDERS], () => new SortedList(bundle.load(FREE_PROVIDERS)));
}

/** Separators people use interchangeably in role names: no-reply, no_reply, no.reply, noreply. */
function squash(local: string): string {
  return local.replace(ROLE_SEPARATORS, '');
}

interface RoleLists {
  readonly exact: ReadonlySet<string>;
  readonly squashed: ReadonlyMap<string, string>;
}

function roleLists(): RoleLists {
  const bundle = currentBundle();
  return bundle.derive('email/roles:lists', [ROLES], (): RoleLists => {
    const list = bundle.load(ROLES);
    const squashed = new Map<string, string>();
    for (const role of list) {
      const key = squash(role);
      if (!squashed.has(key)) squashed.set(key, role);
    }
    return { exact: new Set(list), squashed };
  });
}

/**
 * The role-based-email-addresses entry a local part stands for, else null.
 * Case-insensitive; a plus tag is dropped (`info+news` → `info`); `-`, `_`
 * and `.` are interchangeable (`no_reply`, `no.reply` → `no-reply`).
 */
export function matchRole(local: string): string | null {
  const lower = local.toLowerCase();
  const plus = lower.indexOf('+');
  const base = plus > 0 ? lower.slice(0, plus) : lower;
  const { exact, squashed } = roleLists();
  if (exact.has(base)) return base;
  return squashed.get(squash(base)) ?? null;
}

onPreload('email', mainList);
onPreload('email', mailcheckerList);
onPreload('email', freeList);
onPreload('email', roleLists);
