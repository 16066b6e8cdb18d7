/**
 * Domain and local-part lists, read from the npm packages that maintain
 * them, loaded on first use and copied into private sets (so a host that
 * mutates a package's set, e.g. `MailChecker.addCustomDomains`, cannot
 * change our answers behind our back).
 */
import { createRequire } from 'node:module';
import { mailcheckerAllowlist } from './data.js';
import { ROLE_SEPARATORS } from './patterns.js';

const require = createRequire(import.meta.url);

let mainDisposable: ReadonlySet<string> | undefined;
let mailchecker: ReadonlySet<string> | undefined;
let freeProviders: ReadonlySet<string> | undefined;
let roles: { exact: ReadonlySet<string>; squashed: ReadonlyMap<string, string> } | undefined;

function mainList(): ReadonlySet<string> {
  mainDisposable ??= new Set(
    (require('disposable-email-domains-js') as { disposableEmailBlocklist(): string[] }).disposableEmailBlocklist(),
  );
  return mainDisposable;
}

function mailcheckerList(): ReadonlySet<string> {
  if (mailchecker === undefined) {
    const upstream = (require('mailchecker/platform/node') as { blacklist(): Set<string> }).blacklist();
    const allow = mailcheckerAllowlist();
    const own = new Set<string>();
    for (const domain of upstream) if (!allow.has(domain)) own.add(domain);
    mailchecker = own;
  }
  return mailchecker;
}

/** Which list called a domain disposable, and the listed entry that matched. */
export interface DisposableMatch {
  readonly list: 'disposable-email-domains' | 'mailchecker';
  /** The listed domain: the domain itself or the parent it is a subdomain of. */
  readonly entry: string;
}

/** The domain or its nearest listed parent (down to the second level), else null. */
function findListed(list: ReadonlySet<string>, domain: string): string | null {
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
  freeProviders ??= new Set(require('email-providers/all.json') as string[]);
  return freeProviders.has(domain) && findListed(mainList(), domain) === null;
}

/** Separators people use interchangeably in role names: no-reply, no_reply, no.reply, noreply. */
function squash(local: string): string {
  return local.replace(ROLE_SEPARATORS, '');
}

function roleLists(): NonNullable<typeof roles> {
  if (roles === undefined) {
    const list = require('role-based-email-addresses') as string[];
    const squashed = new Map<string, string>();
    for (const role of list) {
      const key = squash(role);
      if (!squashed.has(key)) squashed.set(key, role);
    }
    roles = { exact: new Set(list), squashed };
  }
  return roles;
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
