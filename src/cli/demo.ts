import type { Checker } from '../checker.js';

/** One sample input of the demo. */
export interface DemoInput {
  readonly product: 'email' | 'device' | 'ip' | 'phone' | 'name';
  readonly values: readonly string[];
  readonly headers?: Record<string, string>;
}

/** Sample inputs: real-world shapes, good and bad, for every product. */
export const DEMO_INPUTS: readonly DemoInput[] = [
  { product: 'email', values: ['jane.doe@gmail.com'] },
  { product: 'email', values: ['jane.doe@gmial.com'] },
  { product: 'email', values: ['info@stripe.com'] },
  { product: 'email', values: ['temp123@mailinator.com'] },
  { product: 'email', values: ['not an email'] },
  {
    product: 'device',
    // The newest Chrome in the bundled release history: recent on the bundle's date, outdated some months after
    // it, as a browser that old would be (data update brings newer releases).
    values: ['Mozilla/5.0 (Linux; Android 14; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/157.0.0.0 Mobile Safari/537.36'],
  },
  {
    product: 'device',
    values: ['Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/157.0.0.0 Mobile Safari/537.36'],
    headers: { 'Sec-CH-UA-Model': '"2201117TY"', 'Sec-CH-UA-Platform-Version': '"13.0.0"' },
  },
  { product: 'device', values: ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'] },
  { product: 'ip', values: ['86.151.42.117'] },
  { product: 'ip', values: ['81.2.69.142'] },
  { product: 'ip', values: ['8.8.8.8'] },
  { product: 'ip', values: ['192.168.1.10'] },
  { product: 'phone', values: ['+39 347 482 9163'] },
  { product: 'phone', values: ['+33 6 47 82 91 35'] },
  { product: 'phone', values: ['+44 7911 123456'] },
  { product: 'phone', values: ['+1 900 555 0123'] },
  { product: 'phone', values: ['12ab'] },
  { product: 'name', values: ['Siobhan', "O'Shaughnessy"] },
  { product: 'name', values: ['Mickey', 'Mouse'] },
  { product: 'name', values: ['asdf', 'qwerty'] },
];

/** Checks one demo input and renders it as one line: product, input, verdict, score, cluster, top reasons. */
export function summarise(input: DemoInput, checker: Checker): string {
  const [a = '', b = ''] = input.values;
  let result: { score: number; score_cluster: string; reasons: readonly { code: string; points: number }[] } & Record<string, unknown>;
  let verdict: string;
  switch (input.product) {
    case 'email': {
      const r = checker.email(a);
      result = r as unknown as typeof result;
      verdict = `${r.status}${r.suggestion ? ` → ${r.suggestion}` : ''}${r.is_free ? ', free' : ''}`;
      break;
    }
    case 'device': {
      const r = checker.device(a, input.headers ? { headers: input.headers } : undefined);
      result = r as unknown as typeof result;
      verdict = [r.category, r.brand, r.model, r.browser_name, r.operating_system].filter(Boolean).join(' · ');
      break;
    }
    case 'ip': {
      const r = checker.ip(a);
      result = r as unknown as typeof result;
      verdict = [r.connection_type, r.country, r.city, r.isp].filter(Boolean).join(' · ');
      break;
    }
    case 'phone': {
      const r = checker.phone(a);
      result = r as unknown as typeof result;
      verdict = [r.status, r.type, r.country, r.original_network].filter(Boolean).join(' · ');
      break;
    }
    case 'name': {
      const r = checker.name(a, b);
      result = r as unknown as typeof result;
      verdict = [r.is_valid ? 'valid' : 'not valid', r.risk_type, r.gender].filter(Boolean).join(' · ');
      break;
    }
  }
  const shown = input.product === 'name' ? `${a} ${b}` : a.length > 60 ? `${a.slice(0, 57)}…` : a;
  const reasons = result.reasons
    .filter((r) => r.points !== 0 && !r.code.endsWith('_BASELINE'))
    .map((r) => `${r.code} ${r.points > 0 ? '+' : ''}${r.points}`)
    .join(', ');
  return `${input.product.padEnd(6)} ${JSON.stringify(shown).padEnd(62)} ${String(result.score).padStart(4)} ${result.score_cluster.padEnd(9)} ${verdict}${reasons ? `  [${reasons}]` : ''}`;
}
