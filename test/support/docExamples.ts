/**
 * Finds the TypeScript examples of the documentation (```ts blocks of
 * README.md and docs/*.md, `@example` blocks of TSDoc comments in src/) and
 * reads the output they show, so test/docs/examples.test.ts can compile and
 * run them and compare.
 *
 * The conventions the docs follow (checked, not guessed):
 * - Shown output is a comment after an expression statement, on its line or
 *   on the comment lines right below it (no blank line between):
 *   `checkIp('1.1.1.1').country; // 'AU'` or `// → 'AU'`. It is a JavaScript
 *   literal (string, number, boolean, null, undefined, NaN, array, object);
 *   `…` (or `...`) stands for "anything" as a value, for "more elements" in an
 *   array, for "more keys" in an object and for "any text" inside a string
 *   (`'t=1767225600,v1=…'`). Without `…` an object shows every key. A number with decimals matches the actual value rounded to as many
 *   decimals. Prose may follow the literal after `:`, `;`, `,`, ` (` or ` —`
 *   (`// null: not scored`, `// 11 (seven locales + tier 3)`).
 * - `// throws` or `// → throws InputError: why` after an expression: it must
 *   throw (or reject), with an error of that name when one is given.
 * - A comment after an expression that is not a value is an error: write the
 *   value, or move the remark to its own line above.
 * - After a `const x = …;` declaration a comment that reads as a value is
 *   shown output for `x`; any other comment there is a remark.
 * - `// not run: <why>` anywhere in a block: compiled, not run (it needs your
 *   own files, the network or a listening port).
 * - Relative imports in Markdown examples are relative to the repository root.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** One example as found in the docs or the sources. */
export interface DocExample {
  /** Where it is, `README.md:17` or `src/ip/time.ts:9` (its first code line). */
  readonly where: string;
  /** Repository-relative path of the file holding it. */
  readonly file: string;
  /** The example's code, one line per source line. */
  readonly code: string;
  /** 1-based source line of each code line. */
  readonly lines: readonly number[];
  readonly kind: 'markdown' | 'tsdoc';
  /** The reason given by `// not run: …`, or undefined when it runs. */
  readonly notRun: string | undefined;
}

const NOT_RUN = /\/\/\s*not run:(.+)$/mu;

function notRunReason(code: string): string | undefined {
  return NOT_RUN.exec(code)?.[1]?.trim();
}

/** The ```ts (or ```typescript) blocks of one Markdown file. */
export function markdownExamples(root: string, file: string): DocExample[] {
  const text = readFileSync(join(root, file), 'utf8').split('\n');
  const out: DocExample[] = [];
  for (let i = 0; i < text.length; i++) {
    if (!/^\s*```(?:ts|typescript)\s*$/u.test(text[i]!)) continue;
    const code: string[] = [];
    const lines: number[] = [];
    let j = i + 1;
    for (; j < text.length && !/^\s*```\s*$/u.test(text[j]!); j++) {
      code.push(text[j]!);
      lines.push(j + 1);
    }
    const joined = code.join('\n');
    out.push({ where: `${file}:${i + 2}`, file, code: joined, lines, kind: 'markdown', notRun: notRunReason(joined) });
    i = j;
  }
  return out;
}

const BLOCK_TAG = /^@[a-z]+\b/iu;

/**
 * The `@example` blocks of the TSDoc comments of one source file. A block
 * runs from the tag (its text may start on the tag's line) to the next block
 * tag at the start of a comment line or the end of the comment; Markdown
 * fences inside it are dropped.
 */
export function tsdocExamples(root: string, file: string): DocExample[] {
  const text = readFileSync(join(root, file), 'utf8');
  const out: DocExample[] = [];
  for (const m of text.matchAll(/\/\*\*[\s\S]*?\*\//gu)) {
    const startLine = text.slice(0, m.index).split('\n').length;
    const commentLines = m[0]
      .replace(/^\/\*\*/u, '')
      .replace(/\*\/$/u, '')
      .split('\n')
      .map((l) => l.replace(/^\s*\* ?/u, ''));
    let current: { code: string[]; lines: number[] } | undefined;
    const flush = (): void => {
      if (current === undefined) return;
      while (current.code.length > 0 && current.code.at(-1)!.trim() === '') {
        current.code.pop();
        current.lines.pop();
      }
      while (current.code.length > 0 && current.code[0]!.trim() === '') {
        current.code.shift();
        current.lines.shift();
      }
      if (current.code.length > 0) {
        const joined = current.code.join('\n');
        out.push({ where: `${file}:${current.lines[0]}`, file, code: joined, lines: current.lines, kind: 'tsdoc', notRun: notRunReason(joined) });
      }
      current = undefined;
    };
    commentLines.forEach((raw, k) => {
      const line = startLine + k;
      // A one-line comment may hold description, tag and code: `/** Hints. @example f(x) // 1 */`.
      const inline = /(?:^|\s)@example(?![\w-])(.*)$/u.exec(raw);
      const trimmed = raw.trim();
      if (inline !== null) {
        flush();
        current = { code: [], lines: [] };
        if (inline[1]!.trim() !== '') {
          current.code.push(inline[1]!.trim());
          current.lines.push(line);
        }
        return;
      }
      if (BLOCK_TAG.test(trimmed)) {
        flush();
        return;
      }
      if (current === undefined || /^```/u.test(trimmed)) return;
      current.code.push(raw);
      current.lines.push(line);
    });
    flush();
  }
  return out;
}

function walk(root: string, dir: string, keep: (path: string) => boolean): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walk(root, path, keep));
    else if (keep(path)) out.push(path);
  }
  return out.sort();
}

/** The Markdown files with examples: README.md and docs/*.md. */
export function docFiles(root: string): string[] {
  return ['README.md', ...walk(root, 'docs', (p) => p.endsWith('.md'))];
}

/** The source files whose TSDoc is checked: src/**\/*.ts without tests. */
export function sourceFiles(root: string): string[] {
  return walk(root, 'src', (p) => p.endsWith('.ts') && !p.endsWith('.test.ts') && !p.endsWith('.d.ts'));
}

/** Every example of the docs and the sources, in file order. */
export function allExamples(root: string): DocExample[] {
  return [
    ...docFiles(root).flatMap((f) => markdownExamples(root, f)),
    ...sourceFiles(root).flatMap((f) => tsdocExamples(root, f)),
  ];
}

/** `relative()` with forward slashes, for specifiers. */
export function posixRelative(from: string, to: string): string {
  const r = relative(from, to).split('\\').join('/');
  return r.startsWith('.') ? r : `./${r}`;
}

// ---------------------------------------------------------------------------
// Shown output: a small literal grammar with `…` wildcards.

/** The value an example shows, as a pattern to match the real value against. */
export type Shown =
  | { readonly t: 'any' }
  | { readonly t: 'value'; readonly v: string | boolean | null | undefined }
  | { readonly t: 'number'; readonly v: number; readonly decimals: number }
  | { readonly t: 'array'; readonly items: readonly (Shown | 'rest')[] }
  | { readonly t: 'object'; readonly entries: readonly (readonly [string, Shown])[]; readonly open: boolean }
  /** `// throws [SomeError]`: the statement throws (or rejects), with an error of that name when one is given. */
  | { readonly t: 'throws'; readonly name: string | undefined };

class Reader {
  i = 0;
  constructor(readonly s: string) {}
  ws(): void {
    while (this.i < this.s.length && /\s/u.test(this.s[this.i]!)) this.i++;
  }
  peek(word: string): boolean {
    return this.s.startsWith(word, this.i);
  }
  eat(word: string): boolean {
    this.ws();
    if (!this.peek(word)) return false;
    this.i += word.length;
    return true;
  }
}

function ellipsis(r: Reader): boolean {
  return r.eat('…') || r.eat('...');
}

function readString(r: Reader): string | undefined {
  const q = r.s[r.i];
  if (q !== "'" && q !== '"' && q !== '`') return undefined;
  let out = '';
  let j = r.i + 1;
  for (; j < r.s.length && r.s[j] !== q; j++) {
    if (r.s[j] !== '\\') {
      out += r.s[j];
      continue;
    }
    const next = r.s[++j];
    const escapes: Record<string, string> = { n: '\n', t: '\t', r: '\r', 0: '\0' };
    if (next === 'u' && r.s[j + 1] === '{') {
      const end = r.s.indexOf('}', j);
      out += String.fromCodePoint(Number.parseInt(r.s.slice(j + 2, end), 16));
      j = end;
    } else if (next === 'u') {
      out += String.fromCharCode(Number.parseInt(r.s.slice(j + 1, j + 5), 16));
      j += 4;
    } else if (next === 'x') {
      out += String.fromCharCode(Number.parseInt(r.s.slice(j + 1, j + 3), 16));
      j += 2;
    } else out += escapes[next!] ?? next;
  }
  if (j >= r.s.length) return undefined;
  r.i = j + 1;
  return out;
}

function readValue(r: Reader): Shown | undefined {
  r.ws();
  if (ellipsis(r)) return { t: 'any' };
  const str = readString(r);
  if (str !== undefined) return { t: 'value', v: str };
  const num = /^-?(?:\d[\d_]*(?:\.\d+)?(?:e[+-]?\d+)?|Infinity)\b/iu.exec(r.s.slice(r.i));
  if (num !== null) {
    r.i += num[0].length;
    const text = num[0].replaceAll('_', '');
    const decimals = /\.(\d+)/u.exec(text)?.[1]?.length ?? 0;
    return { t: 'number', v: Number(text), decimals };
  }
  for (const [word, v] of [['true', true], ['false', false], ['null', null], ['undefined', undefined]] as const) {
    if (new RegExp(`^${word}(?![\\w$])`, 'u').test(r.s.slice(r.i))) {
      r.i += word.length;
      return { t: 'value', v };
    }
  }
  if (/^NaN(?![\w$])/u.test(r.s.slice(r.i))) {
    r.i += 3;
    return { t: 'number', v: Number.NaN, decimals: 0 };
  }
  if (r.eat('[')) {
    const items: (Shown | 'rest')[] = [];
    for (;;) {
      if (r.eat(']')) return { t: 'array', items };
      if (ellipsis(r)) items.push('rest');
      else {
        const v = readValue(r);
        if (v === undefined) return undefined;
        items.push(v);
      }
      if (!r.eat(',')) return r.eat(']') ? { t: 'array', items } : undefined;
    }
  }
  if (r.eat('{')) {
    const entries: [string, Shown][] = [];
    let open = false;
    for (;;) {
      if (r.eat('}')) return { t: 'object', entries, open };
      r.ws();
      if (ellipsis(r)) open = true;
      else {
        const key = readString(r) ?? /^[\w$-]+/u.exec(r.s.slice(r.i))?.[0];
        if (key === undefined) return undefined;
        if (r.s[r.i] !== "'" && r.s[r.i] !== '"') r.i += key.length;
        if (!r.eat(':')) return undefined;
        const v = readValue(r);
        if (v === undefined) return undefined;
        entries.push([key, v]);
      }
      if (!r.eat(',')) return r.eat('}') ? { t: 'object', entries, open } : undefined;
    }
  }
  return undefined;
}

/**
 * Reads the value a comment shows (the comment's text without `//`), or
 * undefined when it does not start with a value. `→` in front is optional.
 */
export function parseShown(comment: string): Shown | undefined {
  const r = new Reader(comment.replace(/^\s*→\s*/u, ''));
  const v = readValue(r);
  if (v === undefined) return undefined;
  // Prose may follow a value after a separator: `: why`, `; why`, `, why`,
  // ` (why)`, ` — why`, ` → more`. Anything else (`600+`, `08:00 UTC`,
  // `10 or so`) is not a value the example shows.
  const rest = r.s.slice(r.i);
  if (!/^(?:\s*$|[:;,]\s|\s+[(—→])/u.test(rest)) return undefined;
  return v;
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null || value === undefined) return String(value);
  const json = JSON.stringify(value);
  return json === undefined ? String(value) : json.length > 200 ? `${json.slice(0, 200)}…` : json;
}

/** Compares what an example said it throws with what it threw; the first difference, or undefined. */
export function thrownMismatch(shown: Shown, error: unknown): string | undefined {
  if (shown.t !== 'throws') return `threw ${String(error)}, but the example shows a value`;
  const name = error instanceof Error ? error.name : typeof error;
  return shown.name === undefined || shown.name === name ? undefined : `shown to throw ${shown.name}, threw ${name}: ${String(error)}`;
}

/**
 * Compares a real value with what the example shows; returns the first
 * difference as `path: why`, or undefined when they match.
 */
export function mismatch(shown: Shown, actual: unknown, path = '$'): string | undefined {
  switch (shown.t) {
    case 'any':
      return undefined;
    case 'throws':
      return `${path}: shown to throw, but it returned ${describe(actual)}`;
    case 'value':
      if (typeof shown.v === 'string' && shown.v.includes('…') && typeof actual === 'string') {
        return wildcardString(shown.v).test(actual) ? undefined : `${path}: shown ${describe(shown.v)}, got ${describe(actual)}`;
      }
      return Object.is(actual, shown.v) ? undefined : `${path}: shown ${describe(shown.v)}, got ${describe(actual)}`;
    case 'number': {
      if (typeof actual !== 'number') return `${path}: shown ${shown.v}, got ${describe(actual)}`;
      if (Object.is(actual, shown.v)) return undefined;
      if (shown.decimals > 0 && Number(actual.toFixed(shown.decimals)) === shown.v) return undefined;
      return `${path}: shown ${shown.v}, got ${actual}`;
    }
    case 'array': {
      if (!Array.isArray(actual)) return `${path}: shown an array, got ${describe(actual)}`;
      if (!shown.items.includes('rest') && shown.items.length === actual.length) {
        for (let k = 0; k < actual.length; k++) {
          const d = mismatch(shown.items[k] as Shown, actual[k], `${path}[${k}]`);
          if (d !== undefined) return d;
        }
        return undefined;
      }
      return matchItems(shown.items, 0, actual, 0, path) ? undefined : `${path}: shown ${showArray(shown)}, got ${describe(actual)}`;
    }
    case 'object': {
      if (actual === null || typeof actual !== 'object') return `${path}: shown an object, got ${describe(actual)}`;
      const record = actual as Record<string, unknown>;
      for (const [key, v] of shown.entries) {
        if (!(key in record)) return `${path}.${key}: shown, but the value has no such key`;
        const d = mismatch(v, record[key], `${path}.${key}`);
        if (d !== undefined) return d;
      }
      if (!shown.open) {
        const extra = Object.keys(record).filter((k) => !shown.entries.some(([key]) => key === k));
        if (extra.length > 0) return `${path}: keys not shown (add them or …): ${extra.join(', ')}`;
      }
      return undefined;
    }
  }
}

/** A shown string with `…` in it: each `…` stands for any text (a hash, a long run). */
function wildcardString(shown: string): RegExp {
  const parts = shown.split('…').map((part) => part.replace(/[\\^$.*+?()[\]{}|]/gu, '\\$&'));
  return new RegExp(`^${parts.join('[\\s\\S]*')}$`, 'u');
}

function showArray(shown: Shown & { t: 'array' }): string {
  return `[${shown.items.map((i) => (i === 'rest' ? '…' : i.t === 'value' ? describe(i.v) : i.t === 'number' ? String(i.v) : i.t)).join(', ')}]`;
}

/** Ordered match with `rest` standing for zero or more elements. */
function matchItems(items: readonly (Shown | 'rest')[], i: number, actual: readonly unknown[], j: number, path: string): boolean {
  if (i === items.length) return j === actual.length;
  const item = items[i]!;
  if (item === 'rest') {
    for (let k = j; k <= actual.length; k++) if (matchItems(items, i + 1, actual, k, path)) return true;
    return false;
  }
  return j < actual.length && mismatch(item, actual[j], `${path}[${j}]`) === undefined && matchItems(items, i + 1, actual, j + 1, path);
}

/** {@link Shown} as JSON for the child process that runs the examples (NaN and ±Infinity survive). */
export function shownToJson(shown: unknown): string {
  return JSON.stringify(shown, (_k, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? { $number: String(v) } : v));
}

/** The inverse of {@link shownToJson}. */
export function shownFromJson(json: string): unknown {
  return JSON.parse(json, (_k, v: unknown) =>
    v !== null && typeof v === 'object' && '$number' in v ? Number((v as { $number: string }).$number) : v,
  );
}
