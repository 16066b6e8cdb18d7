/**
 * Finds the references in a package's texts that lead nowhere in the package:
 * what a reader of the README, a doc page, a `--help` text or a TSDoc comment
 * would try to open and not find, because the file was never shipped (or
 * never was in the repository at all).
 *
 * What counts as a reference, and where it is looked up:
 * - a Markdown link `[text](target)` that is not a URL or an anchor: from the
 *   linking file's folder for a `.md` file (as npm and GitHub render it), from
 *   the package root for anything else (TSDoc, `--help`);
 * - a path that starts `./` or `../` (a link written out, an import
 *   specifier of the built code, which in a declaration file names the
 *   `.d.ts` beside the `.js`): from the file's folder; but not a `./` path
 *   in the code of a `.md` file (a code block or span), where `./out` is a
 *   folder the reader's own command makes or a source file of the repository;
 * - a path under `docs/`: from the package root (how the texts write it);
 * - a bare document name such as `design.md`: from the file's folder, or else
 *   from the package root.
 *
 * In built code (`.js`, `.cjs`) only `docs/` paths are read: its comments are
 * gone, its other paths are module specifiers and file names of the data
 * (which the package's own tests load), and its human texts (errors, help)
 * name pages as `docs/…`.
 *
 * Paths into the source repository (`src/…`, `test/…`, `scripts/…`,
 * `data/raw/…`) are not references into the package and are not checked. URLs
 * are taken out first, so `https://example.com/docs/x.html` is not `docs/x.html`.
 */
import { posix } from 'node:path';

/** One reference that no shipped file answers. */
export interface DanglingReference {
  /** The file (package-relative) or the name of the text (`identity-signals email --help`). */
  readonly file: string;
  readonly line: number;
  /** The reference as written. */
  readonly reference: string;
  /** Where it was looked for (package-relative). */
  readonly tried: readonly string[];
}

const URL = /\b[a-z][a-z\d+.-]*:\/\/[^\s"'`<>)\]]*/gi;
const LINK = /\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;
// A path is word characters, dots, dashes and @, in segments separated by slashes; it ends on a word
// character or a slash, so the full stop after "see docs/ip.md." is not part of it.
const RELATIVE = /(?<![\w@/.-])\.{1,2}\/(?:[\w@.-]+\/)*[\w@.-]*[\w@/-]/g;
const DOCS = /(?<![\w@/.-])docs\/(?:[\w@.-]+\/)*[\w@.-]*[\w@/-]/g;
const DOCUMENT = /(?<![\w@/.-])[\w-]+\.md\b/g;

/** Whether `target` (package-relative, normalised) is a shipped file or a folder of one. */
function exists(target: string, shipped: ReadonlySet<string>, folders: ReadonlySet<string>): boolean {
  let path = target;
  while (path.endsWith('/')) path = path.slice(0, -1);
  return path === '' || path === '.' || shipped.has(path) || folders.has(path);
}

/** Package-relative path of `target` written in a file of folder `dir` (`../x` when it leaves the package). */
function resolveFrom(dir: string, target: string): string {
  return posix.normalize(posix.join(dir, target));
}

/** In a declaration file, `./x.js` names `./x.d.ts` (and `.cjs` → `.d.cts`, `.mjs` → `.d.mts`). */
function declarationOf(path: string): string | null {
  const m = /\.([cm]?)js$/.exec(path);
  return m === null ? null : `${path.slice(0, m.index)}.d.${m[1]}ts`;
}

/** The [start, end) ranges of the code of a Markdown text: fenced blocks, then spans. */
function codeRanges(text: string): [number, number][] {
  const blocks: [number, number][] = [];
  const fence = /^ {0,3}(`{3,}|~{3,})/gm;
  let open: { index: number; marker: string } | null = null;
  for (const m of text.matchAll(fence)) {
    if (open === null) open = { index: m.index, marker: m[1]! };
    else if (m[1]!.startsWith(open.marker[0]!) && m[1]!.length >= open.marker.length) {
      blocks.push([open.index, m.index]);
      open = null;
    }
  }
  if (open !== null) blocks.push([open.index, text.length]);
  for (const m of text.matchAll(/`[^`\n]+`/g)) blocks.push([m.index, m.index + m[0].length]);
  return blocks;
}

function lineOf(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/**
 * The references of `texts` (package-relative path or text name → content)
 * that no file of `shipped` (package-relative paths of every file in the
 * package) answers.
 */
export function danglingReferences(texts: ReadonlyMap<string, string>, shipped: Iterable<string>): DanglingReference[] {
  const files = new Set([...shipped].map((f) => posix.normalize(f)));
  const folders = new Set<string>();
  for (const file of files) for (let d = posix.dirname(file); d !== '.'; d = posix.dirname(d)) folders.add(d);
  const found: DanglingReference[] = [];
  for (const [name, raw] of texts) {
    // A text that is not a file of the package (a --help text) reads as if it sat at the root.
    const dir = files.has(name) ? posix.dirname(name) : '.';
    const markdown = name.endsWith('.md');
    const declaration = /\.d\.[cm]?ts$/.test(name);
    const built = /\.[cm]?js$/.test(name);
    const code = markdown ? codeRanges(raw) : [];
    const inCode = (index: number): boolean => code.some(([start, end]) => index >= start && index < end);
    // URLs blanked out, same length, so indexes (and line numbers) stay.
    const text = raw.replace(URL, (url) => ' '.repeat(url.length));
    const seen = new Set<number>();
    const here: (DanglingReference & { index: number })[] = [];
    const check = (index: number, reference: string, candidates: readonly string[]): void => {
      if (seen.has(index)) return;
      seen.add(index);
      if (candidates.some((c) => exists(c, files, folders))) return;
      here.push({ file: name, line: lineOf(text, index), reference, tried: candidates, index });
    };
    for (const m of built ? [] : text.matchAll(LINK)) {
      const target = m[1]!.split(/[#?]/, 1)[0]!;
      if (target === '' || /^[a-z][a-z\d+.-]*:/i.test(target)) continue;
      const index = m.index + 2;
      check(index, m[1]!, [resolveFrom(markdown || target.startsWith('.') ? dir : '.', target)]);
      // The link's path is not checked again below as a bare path.
      seen.add(index);
    }
    for (const m of built ? [] : text.matchAll(RELATIVE)) {
      if (m[0].startsWith('./') && inCode(m.index)) continue;
      const path = resolveFrom(dir, m[0]);
      const types = declaration ? declarationOf(path) : null;
      check(m.index, m[0], types === null ? [path] : [path, types]);
    }
    for (const m of text.matchAll(DOCS)) check(m.index, m[0], [posix.normalize(m[0])]);
    for (const m of built ? [] : text.matchAll(DOCUMENT)) check(m.index, m[0], [...new Set([resolveFrom(dir, m[0]), m[0]])]);
    // In the order they are written.
    for (const { index: _, ...reference } of here.sort((a, b) => a.index - b.index)) found.push(reference);
  }
  return found;
}

/** One line per dangling reference: `file:line: reference (looked for …)`. */
export function formatDangling(references: readonly DanglingReference[]): string {
  return references.map((r) => `${r.file}:${r.line}: ${r.reference} (looked for ${r.tried.join(', ')})`).join('\n');
}
