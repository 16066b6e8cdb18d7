/**
 * Maintainer's refresh of the raw IP lists. USES THE NETWORK; never run by
 * tests or CI, never at run time.
 *
 *   npx tsx scripts/ip/refresh.ts            download every file again
 *   npx tsx scripts/ip/refresh.ts --dry-run  print what would be downloaded
 *   npm run data:build && npm test           rebuild data/ip and check
 *
 * It re-downloads exactly the files already under data/raw/ip/, from the same
 * repositories and paths they were copied from (data/raw/ip/SOURCE.md): each
 * folder `<owner>+<repo>/` is https://github.com/<owner>/<repo>, fetched at
 * its default branch (`HEAD`) from raw.githubusercontent.com. Nothing new is
 * added; to add a source, copy it by hand and document it in SOURCE.md first.
 *
 * One transformation, the same as the original copy: monosans
 * `proxies.json` keeps only `protocol`, `host`, `port`, `exit_ip`, dropping the
 * GeoLite2-derived `asn` and `geolocation` fields (MaxMind GeoLite2 EULA).
 *
 * After a run, update the commits and dates in data/raw/ip/SOURCE.md from the
 * summary this prints (the commit each repository's HEAD pointed to).
 */
import { writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { DATA, listFiles } from '../lib/generated.js';

const RAW = join(DATA, 'raw', 'ip');
const DRY = process.argv.includes('--dry-run');
/** Folders that are not GitHub copies. */
const LOCAL = new Set(['curated']);

interface Target {
  readonly owner: string;
  readonly repo: string;
  readonly path: string;
  readonly local: string;
}

function targets(): Target[] {
  const out: Target[] = [];
  for (const local of listFiles(RAW)) {
    const rel = relative(RAW, local).split(sep);
    const folder = rel[0]!;
    if (rel.length < 2 || LOCAL.has(folder)) continue; // SOURCE.md, curated/
    const plus = folder.indexOf('+');
    if (plus === -1) throw new Error(`${folder}: expected <owner>+<repo>`);
    out.push({ owner: folder.slice(0, plus), repo: folder.slice(plus + 1), path: rel.slice(1).join('/'), local });
  }
  return out;
}

/** Keeps only the proxy fields that are not GeoLite2-derived. */
function stripProxies(text: string): string {
  const list = JSON.parse(text) as { protocol: string; host: string; port: number; exit_ip: string | null }[];
  const kept = list.map((p) => ({ protocol: p.protocol, host: p.host, port: p.port, exit_ip: p.exit_ip }));
  return `${JSON.stringify(kept, null, 1)}\n`;
}

async function headCommit(owner: string, repo: string): Promise<string> {
  const res = await fetch(`https://api.github.com/repos/${owner}/${repo}/commits/HEAD`, {
    headers: { accept: 'application/vnd.github+json', 'user-agent': 'identity-signals-refresh' },
  });
  if (!res.ok) return `(commit unknown: HTTP ${res.status})`;
  const body = (await res.json()) as { sha: string; commit: { committer: { date: string } } };
  return `${body.sha} (${body.commit.committer.date})`;
}

async function main(): Promise<void> {
  const list = targets();
  const repos = new Map<string, string>();
  let failed = 0;
  for (const t of list) {
    const url = `https://raw.githubusercontent.com/${t.owner}/${t.repo}/HEAD/${t.path}`;
    if (DRY) {
      console.log(`${url} → ${relative(process.cwd(), t.local)}`);
      continue;
    }
    const res = await fetch(url);
    if (!res.ok) {
      console.error(`FAILED ${url}: HTTP ${res.status} (kept the old copy)`);
      failed++;
      continue;
    }
    let text = await res.text();
    if (t.owner === 'monosans' && t.path === 'proxies.json') text = stripProxies(text);
    writeFileSync(t.local, text);
    const key = `${t.owner}/${t.repo}`;
    if (!repos.has(key)) repos.set(key, await headCommit(t.owner, t.repo));
    console.log(`ok ${url}`);
  }
  if (!DRY) {
    console.log('\nCommits to record in data/raw/ip/SOURCE.md:');
    for (const [repo, commit] of repos) console.log(`  ${repo}: ${commit}`);
    console.log('\nNext: npm run data:build && npm test');
  }
  if (failed > 0) process.exitCode = 1;
}

await main();
