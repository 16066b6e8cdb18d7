/**
 * Builds data/email/ from the curated lists in data/raw/email/:
 *   popular-domains.tsv       → popular-domains.json (typo-suggestion targets,
 *   tld-typos.tsv                TLD typo map and reviewed non-typos)
 *   not-typos.tsv
 *   mailchecker-allowlist.tsv → mailchecker-allowlist.json
 *
 * The lists are hand-curated; this script checks them against the pinned
 * npm packages so that a data refresh cannot silently break them:
 * - every popular domain has an ICANN public suffix (tldts) and is on no
 *   disposable list (a "popular" throwaway domain would be a curation bug);
 * - every allowlist entry is still in mailchecker (else it is stale);
 * - typo targets and TLD map entries are well formed and unique.
 *
 * Run: npx tsx scripts/data.ts email  (or --check to diff against data/).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { parse } from 'tldts';
import { ROOT, finish, generatedJson, packageVersion, sha256, writeGenerated, writeManifest } from '../lib/generated.js';
import type { ManifestEntry } from '../lib/generated.js';

const SCRIPT = 'scripts/email/build.ts';
/** Read by src/email/data.ts; bump both together when the shape changes. */
const FORMAT_VERSION = 1;
const RAW = join(ROOT, 'data', 'raw', 'email');
const require = createRequire(import.meta.url);

interface Row {
  readonly line: number;
  readonly cells: readonly string[];
}

/** Reads a TSV file, skipping `#` comments and blank lines; checks the column count. */
function readTsv(name: string, columns: number): { rows: Row[]; text: string } {
  const text = readFileSync(join(RAW, name), 'utf8');
  const rows: Row[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = raw.trimEnd();
    if (line === '' || line.startsWith('#')) return;
    const cells = line.split('\t');
    if (cells.length !== columns) fail(`${name}:${i + 1}: expected ${columns} tab-separated columns, got ${cells.length}`);
    rows.push({ line: i + 1, cells });
  });
  return { rows, text };
}

function fail(message: string): never {
  console.error(`${SCRIPT}: ${message}`);
  process.exit(1);
}

const DOMAIN_SHAPE = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

function checkDomainShape(file: string, row: Row, domain: string): void {
  if (!DOMAIN_SHAPE.test(domain)) fail(`${file}:${row.line}: "${domain}" is not a lower-case ASCII domain`);
}

// Upstream lists, loaded the way the runtime loads them (src/email/lists.ts).
const disposable = new Set<string>(require('disposable-email-domains-js/dist/dict/disposable_email_blocklist.json') as string[]);
const mailchecker = (require('mailchecker/platform/node') as { blacklist(): Set<string> }).blacklist();

function listedIn(list: ReadonlySet<string>, domain: string): string | null {
  for (let d = domain; ; ) {
    if (list.has(d)) return d;
    const dot = d.indexOf('.');
    if (dot < 0) return null;
    d = d.slice(dot + 1);
  }
}

// --- popular domains -------------------------------------------------------
const popularTsv = readTsv('popular-domains.tsv', 3);
const popular: { domain: string; region: string }[] = [];
const seen = new Set<string>();
for (const row of popularTsv.rows) {
  const [domain, region] = row.cells as [string, string, string];
  checkDomainShape('popular-domains.tsv', row, domain);
  if (seen.has(domain)) fail(`popular-domains.tsv:${row.line}: duplicate ${domain}`);
  seen.add(domain);
  const parsed = parse(domain, { allowPrivateDomains: false });
  if (parsed.isIcann !== true || parsed.domain === null) fail(`popular-domains.tsv:${row.line}: ${domain} has no ICANN public suffix`);
  const hit = listedIn(disposable, domain) ?? listedIn(mailchecker, domain);
  if (hit !== null) fail(`popular-domains.tsv:${row.line}: ${domain} is on a disposable list (${hit}); a popular provider cannot be a throwaway one`);
  popular.push({ domain, region });
}

// --- TLD typos ---------------------------------------------------------------
const tldTsv = readTsv('tld-typos.tsv', 3);
const tldTypos: Record<string, string> = {};
for (const row of tldTsv.rows) {
  const [typed, intended] = row.cells as [string, string, string];
  if (!/^[a-z]{2,63}$/.test(typed) || !/^[a-z]{2,63}$/.test(intended)) fail(`tld-typos.tsv:${row.line}: TLDs must be lower-case letters`);
  if (parse(`x.${typed}`).isIcann !== true) fail(`tld-typos.tsv:${row.line}: .${typed} is not an ICANN TLD; unknown TLDs need no row`);
  if (Object.hasOwn(tldTypos, typed)) fail(`tld-typos.tsv:${row.line}: duplicate ${typed}`);
  tldTypos[typed] = intended;
}

// --- reviewed non-typos ------------------------------------------------------
const notTyposTsv = readTsv('not-typos.tsv', 3);
const notTypos: string[] = [];
for (const row of notTyposTsv.rows) {
  const [domain, near] = row.cells as [string, string, string];
  checkDomainShape('not-typos.tsv', row, domain);
  if (!seen.has(near)) fail(`not-typos.tsv:${row.line}: ${near} is not in popular-domains.tsv`);
  if (seen.has(domain)) fail(`not-typos.tsv:${row.line}: ${domain} is already a popular domain`);
  notTypos.push(domain);
}
notTypos.sort();

// --- mailchecker allowlist ---------------------------------------------------
const allowTsv = readTsv('mailchecker-allowlist.tsv', 3);
const allowlist: string[] = [];
for (const row of allowTsv.rows) {
  const [domain] = row.cells as [string, string, string];
  checkDomainShape('mailchecker-allowlist.tsv', row, domain);
  if (!mailchecker.has(domain)) fail(`mailchecker-allowlist.tsv:${row.line}: ${domain} is no longer in mailchecker; remove the stale entry`);
  allowlist.push(domain);
}
allowlist.sort();

// --- write -------------------------------------------------------------------
const popularJson = generatedJson(SCRIPT, FORMAT_VERSION, { domains: popular, tldTypos, notTypos });
const allowJson = generatedJson(SCRIPT, FORMAT_VERSION, allowlist);
writeGenerated('email/popular-domains.json', popularJson);
writeGenerated('email/mailchecker-allowlist.json', allowJson);

/** Day the curated lists and the pinned packages were last reviewed together. */
const today = '2026-11-22';
const ours = 'CC0-1.0 (curated for identity-signals)';
const entries: ManifestEntry[] = [
  { file: 'email/popular-domains.json', source: 'data/raw/email/popular-domains.tsv, tld-typos.tsv, not-typos.tsv', licence: ours, date: today, sha256: sha256(popularJson), formatVersion: FORMAT_VERSION },
  { file: 'email/mailchecker-allowlist.json', source: 'data/raw/email/mailchecker-allowlist.tsv', licence: ours, date: today, sha256: sha256(allowJson), formatVersion: FORMAT_VERSION },
  { file: 'raw/email/popular-domains.tsv', source: 'curated by hand', licence: ours, date: today, sha256: sha256(popularTsv.text) },
  { file: 'raw/email/tld-typos.tsv', source: 'curated by hand', licence: ours, date: today, sha256: sha256(tldTsv.text) },
  { file: 'raw/email/not-typos.tsv', source: 'curated by hand', licence: ours, date: today, sha256: sha256(notTyposTsv.text) },
  { file: 'raw/email/mailchecker-allowlist.tsv', source: 'curated by hand', licence: ours, date: today, sha256: sha256(allowTsv.text) },
  { file: 'npm:disposable-email-domains-js', source: `disposable-email-domains-js@${packageVersion('disposable-email-domains-js')} (runtime dependency)`, licence: 'CC0-1.0', date: today, sha256: sha256(JSON.stringify([...disposable])), notes: 'main disposable list, read at run time' },
  { file: 'npm:mailchecker', source: `mailchecker@${packageVersion('mailchecker')} (runtime dependency)`, licence: 'MIT', date: today, sha256: sha256(JSON.stringify([...mailchecker])), notes: 'second opinion on disposable domains, behind mailchecker-allowlist' },
  { file: 'npm:email-providers', source: `email-providers@${packageVersion('email-providers')} (runtime dependency)`, licence: 'ISC', date: today, sha256: sha256(readFileSync(join(ROOT, 'node_modules', 'email-providers', 'all.json'))), notes: 'free providers (all.json) minus disposable domains' },
  { file: 'npm:role-based-email-addresses', source: `role-based-email-addresses@${packageVersion('role-based-email-addresses')} (runtime dependency)`, licence: 'MIT', date: today, sha256: sha256(JSON.stringify(require('role-based-email-addresses'))) },
];
writeManifest('email', entries);
finish(SCRIPT);
