/**
 * Every TypeScript example of README.md, docs/*.md and the TSDoc `@example`
 * blocks of src/ compiles against the built package and, unless it says
 * `// not run: …`, runs and shows what it really prints.
 * The conventions are in test/support/docExamples.ts. Needs `npm run build`.
 *
 * Examples are written to .tmp/examples-<pid>/ (inside the package, gitignored) so
 * `identity-signals` resolves the way a user's import does: through the
 * package's `exports` map to dist/ (a package may import itself by name).
 * A TSDoc example without imports gets them added: public names from the
 * package (its own product's subpath first), names the package does not
 * export from the source module that exports them (those document internals
 * and are checked against src/, run through tsx).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allExamples,
  markdownExamples,
  mismatch,
  parseShown,
  posixRelative,
  shownToJson,
  sourceFiles,
  thrownMismatch,
  tsdocExamples,
  type DocExample,
} from '../support/docExamples.js';
import { analyseExample, type AnalysedExample } from '../support/exampleCode.js';

const root = join(import.meta.dirname, '..', '..');
// One directory per run: two test runs at once (watch mode, parallel CI jobs) must not share files.
const outDir = join(root, '.tmp', `examples-${process.pid}`);
const examples = allExamples(root);
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name: string; exports: Record<string, unknown> };
const entries = Object.keys(pkg.exports)
  .filter((k) => k !== './package.json')
  .map((k) => (k === '.' ? pkg.name : `${pkg.name}/${k.slice(2)}`));

const compilerOptions: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  lib: ['lib.es2023.d.ts'],
  types: ['node'],
  strict: true,
  noUncheckedIndexedAccess: true,
  skipLibCheck: true,
  noEmit: true,
  allowImportingTsExtensions: false,
};

interface Prepared {
  readonly example: DocExample;
  readonly analysis: AnalysedExample;
  readonly file: string;
  /** Lines added above the example's code in `file`. */
  readonly offset: number;
}
interface RunResult {
  readonly error?: string;
  readonly outputs: Record<string, { ok: boolean; detail?: string }>;
}

const prepared: Prepared[] = [];
const diagnostics = new Map<Prepared, string[]>();
let runResults: Record<string, RunResult> = {};
let runFailure: string | undefined;

/** The names each entry point of the built package exports, read by the compiler from dist/. */
function publicExports(): Map<string, Set<string>> {
  const probe = join(outDir, '_entries.ts');
  writeFileSync(probe, entries.map((e, i) => `import * as e${i} from '${e}';\nvoid e${i};\n`).join(''));
  const program = ts.createProgram([probe], compilerOptions);
  const checker = program.getTypeChecker();
  const sf = program.getSourceFile(probe)!;
  const out = new Map<string, Set<string>>();
  for (const statement of sf.statements) {
    if (!ts.isImportDeclaration(statement)) continue;
    const spec = (statement.moduleSpecifier as ts.StringLiteral).text;
    const symbol = checker.getSymbolAtLocation(statement.moduleSpecifier);
    if (symbol === undefined) throw new Error(`${spec} does not resolve: run npm run build`);
    out.set(spec, new Set(checker.getExportsOfModule(symbol).map((s) => s.name)));
  }
  return out;
}

/** Exported names of each source module, by a plain reading of its `export` lines. */
function internalExports(): Map<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const file of sourceFiles(root)) {
    const text = readFileSync(join(root, file), 'utf8');
    const names = [
      ...[...text.matchAll(/^export (?:declare )?(?:async )?(?:function\*?|const|let|class|abstract class|interface|type|enum) ([\w$]+)/gmu)].map((m) => m[1]!),
    ];
    for (const name of names) byName.set(name, [...(byName.get(name) ?? []), file]);
  }
  return byName;
}

/** Where a TSDoc example's free name comes from, or undefined to leave it to the compiler. */
function importFor(name: string, example: DocExample, pub: Map<string, Set<string>>, internal: Map<string, string[]>): string | undefined {
  const product = /^src\/([^/]+)\//u.exec(example.file)?.[1];
  const order = [`${pkg.name}/${product}`, pkg.name, ...entries];
  for (const entry of order) if (pub.get(entry)?.has(name) === true) return entry;
  const files = internal.get(name);
  if (files === undefined) return undefined;
  const file = files.find((f) => f === example.file) ?? files.find((f) => dirname(f) === dirname(example.file)) ?? files[0]!;
  return posixRelative(outDir, join(root, file)).replace(/\.ts$/u, '.js');
}

/** Markdown examples write relative imports from the repository root. */
function rebase(code: string): string {
  return code.replace(/(from\s+|import\s*\(\s*)(['"])(\.\.?\/[^'"]+)\2/gu, (_m, head: string, q: string, spec: string) => {
    return `${head}${q}${posixRelative(outDir, join(root, spec))}${q}`;
  });
}

function slug(where: string): string {
  return where.replace(/[^\w.-]+/gu, '_');
}

beforeAll(() => {
  if (!existsSync(join(root, 'dist', 'index.d.ts'))) throw new Error('dist/ is missing: run npm run build first');
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const pub = publicExports();
  const internal = internalExports();

  for (const example of examples) {
    const analysis = analyseExample(example.code);
    const imports = new Map<string, string[]>();
    if (example.kind === 'tsdoc') {
      for (const name of analysis.freeNames) {
        if (name in globalThis) continue;
        const from = importFor(name, example, pub, internal);
        if (from !== undefined) imports.set(from, [...(imports.get(from) ?? []), name]);
      }
    }
    const header = [`// ${example.where} (generated by test/docs/examples.test.ts)`, ...[...imports].map(([from, names]) => `import { ${names.join(', ')} } from '${from}';`)];
    const file = join(outDir, `${slug(example.where)}.ts`);
    const body = example.kind === 'markdown' ? rebase(example.code) : example.code;
    writeFileSync(file, `${header.join('\n')}\n${body}\nexport {};\n`);
    const p: Prepared = { example, analysis, file, offset: header.length };
    prepared.push(p);
    if (example.notRun === undefined) {
      const instrumented = example.kind === 'markdown' ? rebase(analysis.instrumented) : analysis.instrumented;
      const js = ts.transpileModule(`${header.join('\n')}\n${instrumented}\nexport {};\n`, {
        compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
      }).outputText;
      writeFileSync(file.replace(/\.ts$/u, '.mjs'), js);
    }
  }

  // Type-check all of them in one program, against dist/ types.
  const program = ts.createProgram(
    prepared.map((p) => p.file),
    compilerOptions,
  );
  for (const p of prepared) {
    const sf = program.getSourceFile(p.file)!;
    const found = [...program.getSyntacticDiagnostics(sf), ...program.getSemanticDiagnostics(sf)].map((d) => {
      const line = d.start === undefined ? -1 : sf.getLineAndCharacterOfPosition(d.start).line - p.offset;
      const at = p.example.lines[line] ?? p.example.lines[0];
      return `${p.example.file}:${at} TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
    });
    diagnostics.set(p, found);
  }

  // Run the runnable ones in one child process, the network switched off.
  const runnable = prepared.filter((p) => p.example.notRun === undefined);
  writeFileSync(
    join(outDir, '_plan.json'),
    shownToJson(runnable.map((p) => ({ where: p.example.where, module: p.file.replace(/\.ts$/u, '.mjs'), shown: p.analysis.outputs.map((o) => o.shown) }))),
  );
  const runner = join(outDir, '_run.mjs');
  writeFileSync(
    runner,
    `import { readFileSync, writeFileSync } from 'node:fs';
import dns from 'node:dns';
import net from 'node:net';
import { syncBuiltinESMExports } from 'node:module';
import { pathToFileURL } from 'node:url';
import { mismatch, shownFromJson, thrownMismatch } from ${JSON.stringify(posixRelative(outDir, join(root, 'test', 'support', 'docExamples.ts')))};

// An example that reaches for the network fails instead of using it.
const offline = (what) => { throw new Error('the example used the network (' + what + '): mark it // not run: …'); };
for (const k of Object.keys(dns)) if (typeof dns[k] === 'function' && /^(lookup|resolve)/.test(k)) dns[k] = () => offline('dns.' + k);
for (const k of Object.keys(dns.promises)) if (typeof dns.promises[k] === 'function' && /^(lookup|resolve)/.test(k)) dns.promises[k] = async () => offline('dns.' + k);
net.Socket.prototype.connect = function () { offline('socket'); };
net.Server.prototype.listen = function () { throw new Error('the example listened on a port: mark it // not run: …'); };
globalThis.fetch = async () => offline('fetch');
syncBuiltinESMExports();

const plan = shownFromJson(readFileSync(new URL('./_plan.json', import.meta.url), 'utf8'));
const results = {};
for (const ex of plan) {
  const outputs = {};
  globalThis.__show = (i, value) => {
    const detail = mismatch(ex.shown[i], value);
    outputs[i] = detail === undefined ? { ok: true } : { ok: false, detail };
  };
  globalThis.__throws = async (i, run) => {
    try {
      const value = await run();
      outputs[i] = { ok: false, detail: mismatch(ex.shown[i], value) };
    } catch (error) {
      const detail = thrownMismatch(ex.shown[i], error);
      outputs[i] = detail === undefined ? { ok: true } : { ok: false, detail };
    }
  };
  try {
    await import(pathToFileURL(ex.module).href);
    results[ex.where] = { outputs };
  } catch (error) {
    results[ex.where] = { outputs, error: String(error && error.stack || error).split('\\n').slice(0, 4).join('\\n') };
  }
}
writeFileSync(new URL('./_results.json', import.meta.url), JSON.stringify(results));
process.exit(0);
`,
  );
  const run = spawnSync(process.execPath, ['--import', 'tsx', runner], { cwd: root, encoding: 'utf8', timeout: 240_000 });
  const resultsFile = join(outDir, '_results.json');
  if (run.status !== 0 || !existsSync(resultsFile)) runFailure = `runner exited ${run.status}: ${run.stderr.slice(-2000)}`;
  else runResults = JSON.parse(readFileSync(resultsFile, 'utf8')) as Record<string, RunResult>;
}, 300_000);

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('documentation examples compile against the built package and show what they print', () => {
  it('finds the examples of README.md, docs/ and the TSDoc of src/', () => {
    expect(examples.filter((e) => e.file === 'README.md').length).toBeGreaterThan(0);
    expect(examples.filter((e) => e.file.startsWith('docs/')).length).toBeGreaterThan(5);
    expect(examples.filter((e) => e.kind === 'tsdoc').length).toBeGreaterThan(100);
  });

  it('resolves identity-signals and every subpath to dist/ through the exports map, as a user gets it', () => {
    for (const entry of entries) {
      const r = ts.resolveModuleName(entry, join(outDir, 'x.ts'), compilerOptions, ts.sys).resolvedModule;
      expect(r?.resolvedFileName.startsWith(join(root, 'dist') + '/'), `${entry} → ${r?.resolvedFileName}`).toBe(true);
    }
  });

  it.each(examples.map((e) => [e.where, e] as const))('%s', (_where, example) => {
    const p = prepared.find((q) => q.example === example)!;
    const at = (line: number): string => `${example.file}:${example.lines[line] ?? example.lines[0]}`;
    const problems = [
      ...p.analysis.problems.map((x) => `${at(x.line)} ${x.message}`),
      ...(diagnostics.get(p) ?? []),
    ];
    if (example.notRun === undefined) {
      expect(runFailure).toBeUndefined();
      const r = runResults[example.where];
      if (r?.error !== undefined) problems.push(`${example.where} threw when run: ${r.error}`);
      p.analysis.outputs.forEach((o, i) => {
        const got = r?.outputs[i];
        if (got === undefined) {
          if (r?.error === undefined) problems.push(`${at(o.line)} shown output never reached`);
        } else if (!got.ok) problems.push(`${at(o.line)} shows // ${o.comment.split('\n')[0]}\n    but ${got.detail}`);
      });
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });
});

describe('the example extractor', () => {
  it('takes @example blocks to the next tag or the end of the comment, inline ones too, without fences', () => {
    const dir = join(outDir, '_extractor');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'a.ts'),
      [
        '/** One line. @example f(1) // 2 */',
        'export const a = 1;',
        '/**',
        ' * Text with jane@example.org, not a tag.',
        ' * @example',
        ' * ```ts',
        ' * g();',
        ' * // not run: needs a file',
        ' * ```',
        ' * @returns nothing',
        ' */',
        'export function g(): void {}',
      ].join('\n'),
    );
    const found = tsdocExamples(root, join(posixRelative(root, dir), 'a.ts'));
    expect(found.map((e) => [e.code, e.lines, e.notRun])).toEqual([
      ['f(1) // 2', [1], undefined],
      ['g();\n// not run: needs a file', [7, 8], 'needs a file'],
    ]);
  });

  it('takes ```ts and ```typescript blocks of Markdown, with their line numbers', () => {
    const dir = join(outDir, '_extractor');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'a.md'), ['# T', '```ts', 'a();', '```', '```sh', 'ls', '```', '```typescript', 'b();', '```'].join('\n'));
    const found = markdownExamples(root, join(posixRelative(root, dir), 'a.md'));
    expect(found.map((e) => [e.code, e.lines])).toEqual([
      ['a();', [3]],
      ['b();', [9]],
    ]);
  });
});

describe('the shown-output reader', () => {
  it('reads literals, keeps prose after them, and rejects remarks', () => {
    expect(parseShown(" → 'gmail.com'")).toEqual({ t: 'value', v: 'gmail.com' });
    expect(parseShown(" null: 3 letters, not scored")).toEqual({ t: 'value', v: null });
    expect(parseShown(' -3.96 (above the threshold)')).toEqual({ t: 'number', v: -3.96, decimals: 2 });
    expect(parseShown(' national number read as GB')).toBeUndefined();
    expect(parseShown(' 600+')).toBeUndefined();
    expect(parseShown(' 08:00 UTC is morning')).toBeUndefined();
    expect(parseShown(' 10 or so')).toBeUndefined();
  });

  it('matches partial objects and arrays only where they say …', () => {
    const shown = parseShown("{ a: 1, b: [ 'x', … ], … }")!;
    expect(mismatch(shown, { a: 1, b: ['x', 'y'], c: 3 })).toBeUndefined();
    expect(mismatch(shown, { a: 2, b: ['x'] })).toBe('$.a: shown 1, got 2');
    expect(mismatch(parseShown('{ a: 1 }')!, { a: 1, c: 3 })).toMatch(/keys not shown.*c/u);
    expect(mismatch(parseShown('[1, 2]')!, [1, 2, 3])).toMatch(/shown \[1, 2\]/u);
    expect(mismatch(parseShown('-3.96')!, -3.9612)).toBeUndefined();
    expect(mismatch(parseShown('820')!, 820.4)).toBeDefined();
    expect(mismatch(parseShown('NaN')!, Number.NaN)).toBeUndefined();
    expect(mismatch(parseShown("'t=1,v1=…'")!, 't=1,v1=05d2b1')).toBeUndefined();
    expect(mismatch(parseShown("'t=1,v1=…'")!, 't=2,v1=05d2b1')).toBeDefined();
  });

  it('reads `// throws [Name]` and checks the error it names', () => {
    const [shown] = analyseExample("JSON.parse('{'); // → throws SyntaxError: not JSON").outputs;
    expect(shown?.shown).toEqual({ t: 'throws', name: 'SyntaxError' });
    expect(thrownMismatch(shown!.shown, new SyntaxError('x'))).toBeUndefined();
    expect(thrownMismatch(shown!.shown, new TypeError('x'))).toMatch(/shown to throw SyntaxError, threw TypeError/u);
    expect(mismatch(shown!.shown, 1)).toMatch(/shown to throw/u);
  });
});
