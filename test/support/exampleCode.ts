/**
 * Reads one documentation example as TypeScript: which statements show an
 * output (see the conventions in docExamples.ts), the code instrumented to
 * report those values at run time, and the names it uses without declaring
 * or importing them.
 */
import ts from 'typescript';
import { parseShown, type Shown } from './docExamples.js';

/** One statement whose value the example shows. */
export interface ShownOutput {
  /** 0-based line of the statement's last line within the example code. */
  readonly line: number;
  readonly comment: string;
  readonly shown: Shown;
}

export interface AnalysedExample {
  readonly outputs: readonly ShownOutput[];
  /** Comments after an expression that do not read as a value, as `line: comment`. */
  readonly problems: readonly { line: number; message: string }[];
  /** The code with every shown statement reporting its value through `__show(index, value)`. */
  readonly instrumented: string;
  readonly hasImports: boolean;
  /** Identifiers used but not declared or imported in the example. */
  readonly freeNames: readonly string[];
}

const COMMENT_LINE = /^\s*\/\/(.*)$/u;
/** `// throws`, `// → throws InputError: why`: the expression must throw (an error of that name). */
const THROWS = /^(?:→\s*)?throws(?:\s+([A-Z]\w*Error)\b)?/u;

/** The comment text after `end`: the rest of its line, then comment-only lines below it. */
function commentAfter(code: string, end: number): string {
  const lines = code.slice(end).split('\n');
  const parts: string[] = [];
  const first = COMMENT_LINE.exec(lines[0]!);
  if (first !== null) parts.push(first[1]!);
  else if (lines[0]!.trim() !== '' && lines[0]!.trim() !== ';') return '';
  for (const line of lines.slice(1)) {
    const m = COMMENT_LINE.exec(line);
    if (m === null || /^\s*not run:/u.test(m[1]!)) break;
    parts.push(m[1]!);
  }
  return parts.join('\n').trim();
}

/** Analyses one example (see {@link AnalysedExample}). */
export function analyseExample(code: string): AnalysedExample {
  const sf = ts.createSourceFile('example.ts', code, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const outputs: ShownOutput[] = [];
  const problems: { line: number; message: string }[] = [];
  const edits: { start: number; end: number; text: string }[] = [];
  const lineOf = (pos: number): number => sf.getLineAndCharacterOfPosition(pos).line;

  for (const statement of sf.statements) {
    const comment = commentAfter(code, statement.end);
    if (comment === '') continue;
    const shown = parseShown(comment);
    const line = lineOf(statement.end);
    // `if (guard) expr; // → value` shows expr's value (and fails when the guard is false).
    const target =
      ts.isIfStatement(statement) && statement.elseStatement === undefined && ts.isExpressionStatement(statement.thenStatement)
        ? statement.thenStatement
        : statement;
    if (ts.isExpressionStatement(target)) {
      const thrown = THROWS.exec(comment);
      if (thrown !== null) {
        const index = outputs.length;
        outputs.push({ line, comment, shown: { t: 'throws', name: thrown[1] } });
        edits.push({ start: target.getStart(sf), end: target.end, text: `await __throws(${index}, async () => (${target.expression.getText(sf)}));` });
        continue;
      }
      if (shown === undefined) {
        problems.push({
          line,
          message: `the comment after this expression is not a value (write it as \`// → <value>\` or move the remark above): // ${comment.split('\n')[0]}`,
        });
        continue;
      }
      const index = outputs.length;
      outputs.push({ line, comment, shown });
      edits.push({ start: target.getStart(sf), end: target.end, text: `__show(${index}, (${target.expression.getText(sf)}));` });
    } else if (ts.isVariableStatement(statement) && shown !== undefined) {
      const [declaration, ...more] = statement.declarationList.declarations;
      if (declaration === undefined || more.length > 0 || !ts.isIdentifier(declaration.name)) continue;
      const index = outputs.length;
      outputs.push({ line, comment, shown });
      edits.push({ start: statement.end, end: statement.end, text: `\n__show(${index}, ${declaration.name.text});` });
    }
  }
  let instrumented = code;
  for (const e of edits.sort((a, b) => b.start - a.start)) {
    instrumented = instrumented.slice(0, e.start) + e.text + instrumented.slice(e.end);
  }

  const declared = new Set<string>();
  const used = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node)) {
      const parent = node.parent;
      const isName =
        (ts.isPropertyAccessExpression(parent) && parent.name === node) ||
        (ts.isQualifiedName(parent) && parent.right === node) ||
        ((ts.isPropertyAssignment(parent) ||
          ts.isPropertySignature(parent) ||
          ts.isMethodDeclaration(parent) ||
          ts.isMethodSignature(parent) ||
          ts.isPropertyDeclaration(parent) ||
          ts.isGetAccessor(parent) ||
          ts.isSetAccessor(parent) ||
          ts.isEnumMember(parent)) &&
          parent.name === node) ||
        (ts.isLabeledStatement(parent) && parent.label === node) ||
        (ts.isBindingElement(parent) && parent.propertyName === node) ||
        (ts.isImportSpecifier(parent) && parent.propertyName === node) ||
        ts.isMetaProperty(parent);
      const isDeclaration =
        (ts.isVariableDeclaration(parent) ||
          ts.isFunctionDeclaration(parent) ||
          ts.isFunctionExpression(parent) ||
          ts.isClassDeclaration(parent) ||
          ts.isInterfaceDeclaration(parent) ||
          ts.isTypeAliasDeclaration(parent) ||
          ts.isEnumDeclaration(parent) ||
          ts.isParameter(parent) ||
          ts.isBindingElement(parent) ||
          ts.isImportSpecifier(parent) ||
          ts.isImportClause(parent) ||
          ts.isNamespaceImport(parent) ||
          ts.isTypeParameterDeclaration(parent)) &&
        (parent as ts.NamedDeclaration).name === node;
      if (isDeclaration) declared.add(node.text);
      else if (!isName) used.add(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  const hasImports = sf.statements.some((s) => ts.isImportDeclaration(s));
  const freeNames = [...used].filter((n) => !declared.has(n)).sort();
  return { outputs, problems, instrumented, hasImports, freeNames };
}
