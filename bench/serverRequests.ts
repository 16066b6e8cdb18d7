/**
 * The requests both server benches send (bench/server-load.ts over loopback,
 * bench/server-cpu.ts into the request listener): 20 templates, cycled —
 * 17 good ones over the five products, 2 malformed (10%), 1 wrong key (5%).
 */
import { openSync, writeSync } from 'node:fs';
import { pino } from 'pino';
import type { Logger } from 'pino';

export const KEY = 'bench-key';
export const CUSTOMER = '2f1c4f5e-8b9a-4c6d-9e0f-1a2b3c4d5e6f';

export interface Template {
  readonly kind: 'ok' | 'malformed-json' | 'missing-field' | 'bad-key';
  readonly path: string;
  readonly body: string;
  readonly key: string;
  readonly expect: number;
}

const good = (product: string, fields: Record<string, string>): Template => ({
  kind: 'ok',
  path: `/1.0/${product}`,
  body: JSON.stringify({ customer_id: CUSTOMER, claims: [product], ...fields }),
  key: KEY,
  expect: 200,
});

const GOOD = [
  good('email', { email: 'jane.doe@gmail.com' }),
  good('email', { email: 'info@mailinator.com' }),
  good('email', { email: 'bob@gmial.com' }),
  good('ip', { ip: '81.2.69.142' }),
  good('ip', { ip: '2001:4860:4860::8888' }),
  good('ip', { ip: '10.1.2.3' }),
  good('phone', { phone_number: '+393331234567' }),
  good('phone', { phone_number: '+14155552671' }),
  good('phone', { phone_number: '+442071838750' }),
  good('name', { first_name: 'Jane', last_name: 'Doe' }),
  good('name', { first_name: 'Mickey', last_name: 'Mouse' }),
  good('name', { first_name: 'Zxqv', last_name: 'Asdf' }),
  good('device', { user_agent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1' }),
  good('device', { user_agent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36' }),
  good('device', { user_agent: 'Mozilla/5.0 (Linux; Android 14; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36' }),
  good('device', { user_agent: 'curl/8.5.0' }),
  good('email', { email: 'sales@acme-widgets.com' }),
];
export const TEMPLATES: readonly Template[] = [
  ...GOOD.slice(0, 6),
  { kind: 'malformed-json', path: '/1.0/email', body: '{"customer_id":"c","claims":["email"],"email":', key: KEY, expect: 400 },
  ...GOOD.slice(6, 12),
  { kind: 'missing-field', path: '/1.0/phone', body: JSON.stringify({ customer_id: CUSTOMER, claims: ['phone'] }), key: KEY, expect: 400 },
  ...GOOD.slice(12, 16),
  { kind: 'bad-key', path: '/1.0/ip', body: JSON.stringify({ customer_id: CUSTOMER, claims: ['ip'], ip: '81.2.69.142' }), key: 'not-a-key', expect: 401 },
  ...GOOD.slice(16),
];

/**
 * A pino logger as `serve` makes one (level info, `service` in every line),
 * each line written with one write(2) to /dev/null, as `serve` writes its
 * lines to stdout (a file or a pipe: synchronous writes in Node). A Writable
 * stream would instead copy every line into a Buffer first, a cost `serve`
 * does not have.
 */
export function serveLikeLogger(): Logger {
  const fd = openSync('/dev/null', 'w');
  return pino({ level: 'info', base: { service: 'identity-signals' } }, { write: (line: string) => void writeSync(fd, line) });
}

/** The median of `values`: the mean of the two middle values when their count is even. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
