/**
 * Builds data/email/ from the curated lists in data/raw/email/:
 *   popular-domains.tsv       → popular-domains.json (typo-suggestion targets,
 *   tld-typos.tsv                TLD typo map and reviewed non-typos)
 *   not-typos.tsv
 *   mailchecker-allowlist.tsv → mailchecker.json (mailchecker's list minus these)
 * and copies the upstream lists the check reads into the bundle:
 *   disposable-email-domains-js → disposable.json, email-providers → free-providers.json
 *   (domain lists: one sorted, comma-joined string each, searched in place),
 *   role-based-email-addresses → roles.json
 * (formats declared in src/email/data/formats.ts).
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
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'tldts';
import type { LocalPartsData } from '../../src/email/data/formats.js';
import { DISPOSABLE, FREE_PROVIDERS, LOCAL_PARTS, MAILCHECKER, POPULAR_DOMAINS, ROLES } from '../../src/email/data/formats.js';
import { buildLocalParts } from './localParts.js';
import { joinSortedList } from '../../src/email/sortedList.js';
import { ROOT, UPDATING, finish, packageVersion, retrieved, sha256, writeDataset, writeManifest } from '../lib/generated.js';
import type { ManifestEntry } from '../lib/generated.js';

const SCRIPT = 'scripts/email/build.ts';
const RAW = join(ROOT, 'data', 'raw', 'email');
// Packages are read from the build root's node_modules (the repository's, or those `data update` downloaded).
const require = createRequire(join(ROOT, 'package.json'));

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
  // A site's `data update` cannot edit the allowlist: an entry upstream dropped is simply no longer needed there.
  if (!mailchecker.has(domain) && UPDATING) continue;
  if (!mailchecker.has(domain)) fail(`mailchecker-allowlist.tsv:${row.line}: ${domain} is no longer in mailchecker; remove the stale entry`);
  allowlist.push(domain);
}
allowlist.sort();

// --- write -------------------------------------------------------------------
/** Day the curated lists and the pinned packages were last reviewed together. */
const today = '2026-11-22';
const ours = 'CC0-1.0 (curated for identity-signals)';
const pkg = (name: string): string => `${name}@${packageVersion(name)}`;
writeDataset(SCRIPT, POPULAR_DOMAINS, { domains: popular, tldTypos, notTypos }, {
  source: 'data/raw/email/popular-domains.tsv, tld-typos.tsv, not-typos.tsv (curated)',
  licence: ours,
  retrieved: today,
});
writeDataset(SCRIPT, DISPOSABLE, joinSortedList(disposable), { source: pkg('disposable-email-domains-js'), licence: 'CC0-1.0', retrieved: retrieved(today), notes: 'main disposable list' });
const allowed = new Set(allowlist);
writeDataset(SCRIPT, MAILCHECKER, joinSortedList([...mailchecker].filter((d) => !allowed.has(d))), {
  source: pkg('mailchecker'),
  licence: 'MIT',
  retrieved: retrieved(today),
  notes: `second opinion on disposable domains; ${allowlist.length} reviewed false positives removed (data/raw/email/mailchecker-allowlist.tsv)`,
});
writeDataset(SCRIPT, FREE_PROVIDERS, joinSortedList(require('email-providers/all.json') as string[]), {
  source: `${pkg('email-providers')} (all.json)`,
  licence: 'ISC',
  retrieved: retrieved(today),
  notes: 'free providers; a domain also on the main disposable list is not counted free at run time',
});
writeDataset(SCRIPT, ROLES, require('role-based-email-addresses') as string[], { source: pkg('role-based-email-addresses'), licence: 'MIT', retrieved: retrieved(today) });

// The local-part data is built from the repository's own name tables and curated rows, not from anything
// `data update` downloads: an update carries the package's copy over unchanged.
const local = UPDATING ? null : buildLocalParts('2026-12-06');
const f = local?.figures;
const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
const packaged = (): LocalPartsData =>
  (JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'data', 'email', 'local-parts.json'), 'utf8')) as { data: LocalPartsData }).data;
writeDataset(SCRIPT, LOCAL_PARTS, local?.data ?? packaged(), {
  source:
    'data/name/first-names.json + last-names.json (the name check\'s tables) and data/raw/name/english-word-classes.txt.br (WordNet 3.1 lemmas, SCOWL 60) for the character model, names and words; data/raw/email/placeholders.tsv, provider-rules.tsv, relays.tsv (curated, sourced per row)',
  licence: 'derived from public-domain (SSA), MIT (faker) and WordNet-licence data; curated rows CC0-1.0',
  retrieved: '2026-12-06',
  notes:
    f === undefined
      ? "carried over from the package's bundle (built from the package's own tables, nothing downloaded)"
      : `character model threshold ${f.threshold}; held out: ${pct(f.heldOutChosenAccuracy)} of ${f.heldOutChosen} chosen local parts read as chosen, ${pct(f.heldOutGeneratedAccuracy)} of ${f.heldOutGenerated} generated strings read as generated`,
});

const inputs: ManifestEntry[] = [
  ...(local?.inputs ?? []),
  { file: 'raw/email/popular-domains.tsv', source: 'curated by hand', licence: ours, date: today, sha256: sha256(popularTsv.text) },
  { file: 'raw/email/tld-typos.tsv', source: 'curated by hand', licence: ours, date: today, sha256: sha256(tldTsv.text) },
  { file: 'raw/email/not-typos.tsv', source: 'curated by hand', licence: ours, date: today, sha256: sha256(notTyposTsv.text) },
  { file: 'raw/email/mailchecker-allowlist.tsv', source: 'curated by hand', licence: ours, date: today, sha256: sha256(allowTsv.text) },
];
writeManifest('email', inputs);
finish(SCRIPT);
