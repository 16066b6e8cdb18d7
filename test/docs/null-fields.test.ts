/**
 * docs/null-fields.md lists every field that can be `null`. The list is checked two ways so it cannot drift: against the
 * result types (every property whose type admits `null`, read by the
 * compiler) and against what the checks return on a spread of inputs.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { checkDevice, checkEmail, checkIp, checkName, checkPhone } from '../../src/index.js';

const root = join(import.meta.dirname, '..', '..');
const PRODUCTS = ['email', 'device', 'ip', 'phone', 'name'] as const;
type Product = (typeof PRODUCTS)[number];

/** product → fields named in the table's rows (every `code` span of the fields column). */
function documented(): Map<Product, string[]> {
  const out = new Map<Product, string[]>(PRODUCTS.map((p) => [p, []]));
  for (const line of readFileSync(join(root, 'docs', 'null-fields.md'), 'utf8').split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    const product = cells[1] as Product;
    if (!out.has(product) || cells.length < 6) continue;
    for (const m of cells[2]!.matchAll(/`([^`]+)`/gu)) out.get(product)!.push(m[1]!);
  }
  return out;
}

/** product → properties of its result type whose type includes `null`, from src/ by the compiler. */
function nullableByType(): Map<Product, string[]> {
  const dir = join(root, '.tmp', 'null-fields');
  mkdirSync(dir, { recursive: true });
  const probe = join(dir, `probe-${process.pid}.ts`);
  writeFileSync(
    probe,
    "import type { EmailResult, DeviceResult, IpResult, PhoneResult, NameResult } from '../../src/index.js';\n" +
      'export type All = [EmailResult, DeviceResult, IpResult, PhoneResult, NameResult];\n',
  );
  const program = ts.createProgram([probe], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const alias = program.getSourceFile(probe)!.statements.find(ts.isTypeAliasDeclaration)!;
  const tuple = checker.getTypeAtLocation(alias.name) as ts.TypeReference;
  rmSync(probe, { force: true });
  const out = new Map<Product, string[]>();
  checker.getTypeArguments(tuple).forEach((type, i) => {
    const names = checker
      .getPropertiesOfType(type)
      .filter((p) => {
        const t = checker.getTypeOfSymbol(p);
        return (t.isUnion() ? t.types : [t]).some((x) => (x.flags & ts.TypeFlags.Null) !== 0);
      })
      .map((p) => p.name);
    out.set(PRODUCTS[i]!, names);
  });
  return out;
}

const UAS = [
  'Mozilla/5.0 (Linux; Android 14; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/157.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/157.0.0.0 Safari/537.36',
  'Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0',
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Nokia3310/1.0 (05.57) Profile/MIDP-2.1 Configuration/CLDC-1.1',
  'curl/8.4.0',
  '123',
  '',
];
const IPS = ['81.2.69.142', '8.8.8.8', '2a00:1450:4001:800::200e', '10.0.0.1', '2002:c000:0204::1', '::1', 'not an ip', '1.1.1.1'];
const PHONES = ['+39 333 123 4567', '+44 20 7946 0958', '+800 1234 5678', '+1 202 555 0100', 'abc', '12', '+39 02 1234 5678'];
const EMAILS = ['jane.doe@gmial.com', 'Jane.Doe@acme-widgets.com', 'jane@gmail.com', 'not an email', 'a@mailinator.com', 'admin@example.com', 'x@localhost'];
const NAMES: [string, string][] = [['Siobhan', "O'Shaughnessy"], ['Taylor', 'Smith'], ['asdf', 'qwerty'], ['', ''], ['Jane', 'Doe'], ['Mr', 'Smith']];

/** product → fields the checks returned as `null` for the inputs above. */
function nullAtRunTime(): Map<Product, Set<string>> {
  const results: Record<Product, object[]> = {
    email: EMAILS.map((e) => checkEmail(e)),
    device: UAS.map((ua) => checkDevice(ua)),
    ip: IPS.map((ip) => checkIp(ip)),
    phone: PHONES.map((p) => checkPhone(p)),
    name: NAMES.map(([f, l]) => checkName(f, l)),
  };
  const out = new Map<Product, Set<string>>();
  for (const p of PRODUCTS) {
    const keys = new Set<string>();
    for (const r of results[p]) for (const [k, v] of Object.entries(r)) if (v === null) keys.add(k);
    out.set(p, keys);
  }
  return out;
}

describe('docs/null-fields.md lists every field that can be null', () => {
  const table = documented();
  const typed = nullableByType();

  it.each(PRODUCTS)('%s: the table names each nullable field of the result type once, and no other', (product) => {
    const rows = table.get(product)!;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((f, i) => rows.indexOf(f) !== i), 'listed twice').toEqual([]);
    const types = typed.get(product)!;
    expect(types.filter((f) => !rows.includes(f)), 'nullable by type, missing from the table').toEqual([]);
    expect(rows.filter((f) => !types.includes(f)), 'in the table, but the type does not admit null').toEqual([]);
  });

  it('every field a check returns as null is in the table', () => {
    const seen = nullAtRunTime();
    for (const product of PRODUCTS) {
      const rows = table.get(product)!;
      expect([...seen.get(product)!].filter((f) => !rows.includes(f)), product).toEqual([]);
    }
    // The inputs do reach the null cases the issue names.
    for (const f of ['connection_speed', 'vpn_name', 'zip']) expect(seen.get('ip')!.has(f), f).toBe(true);
    for (const f of ['display_color_depth', 'jqm', 'js_web_gl', 'nfc']) expect(seen.get('device')!.has(f), f).toBe(true);
  });

  it('README links the table', () => {
    expect(readFileSync(join(root, 'README.md'), 'utf8')).toContain('(docs/null-fields.md)');
  });
});
