/**
 * The fraud analyst's table: 30 made-up but realistic sign-up inputs an
 * analyst types in to see whether a score can be trusted, each with the
 * decision the analyst expects (their judgement, not an assertion), scored
 * by today's public API at the corpus date.
 *
 *   npm run eval:analyst             input → score, band, decision, reasons (codes with points)
 *   npm run eval:analyst -- --json
 */
import type { Checker } from '../../src/index.js';
import { pinnedChecker } from './checker.js';
import { decision, defaultBand } from './metrics.js';
import { measuredCommit } from './evaluate.js';
import { CORPUS_NOW } from './schema.js';

type Expect = 'accept' | 'review' | 'block' | 'review or block';

export type AnalystInput =
  | { readonly product: 'email'; readonly email: string }
  | { readonly product: 'phone'; readonly phone: string; readonly country?: string }
  | { readonly product: 'ip'; readonly ip: string }
  | { readonly product: 'device'; readonly userAgent: string; readonly headers?: Record<string, string> }
  | { readonly product: 'name'; readonly first: string; readonly last: string; readonly country?: string }
  | {
      readonly product: 'identity';
      readonly email?: string;
      readonly phone?: string;
      readonly ip?: string;
      readonly userAgent?: string;
      readonly headers?: Record<string, string>;
      readonly firstName?: string;
      readonly lastName?: string;
      readonly country?: string;
    };

export interface AnalystCase {
  readonly what: string;
  readonly expect: Expect;
  readonly input: AnalystInput;
}

const IPHONE_27 = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/27.0 Mobile/15E148 Safari/604.1';
const CHROME_WIN = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

export const ANALYST_CASES: readonly AnalystCase[] = [
  { what: 'Russian mobile, all zeros after the operator code', expect: 'review or block', input: { product: 'phone', phone: '+7 900 000 0000' } },
  { what: 'a real-looking Moscow MTS mobile (916)', expect: 'accept', input: { product: 'phone', phone: '+7 916 482 37 15' } },
  { what: 'Indian mobile, digits counting down', expect: 'review or block', input: { product: 'phone', phone: '+91 98765 43210' } },
  { what: 'French mobile, 12 34 56 78', expect: 'review or block', input: { product: 'phone', phone: '+33 6 12 34 56 78' } },
  { what: 'NANP fiction range 555-0123', expect: 'block', input: { product: 'phone', phone: '+1 212 555 0123' } },
  { what: "ACMA's fiction mobile", expect: 'block', input: { product: 'phone', phone: '+61 491 570 156' } },
  { what: "Ofcom's drama mobile, national format (GB)", expect: 'block', input: { product: 'phone', phone: '07700 900123', country: 'GB' } },
  { what: 'US toll-free given as a personal number', expect: 'review or block', input: { product: 'phone', phone: '+1 800 234 5678' } },
  { what: 'iPhone, iOS 18.1 Safari', expect: 'accept', input: { product: 'device', userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1' } },
  { what: 'iPhone, iOS 17.5 Safari', expect: 'accept', input: { product: 'device', userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1' } },
  {
    what: 'Galaxy S24, current Chrome, with client hints',
    expect: 'accept',
    input: {
      product: 'device',
      userAgent: 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36',
      headers: { 'sec-ch-ua': '"Not:A-Brand";v="8", "Google Chrome";v="156", "Chromium";v="156"', 'sec-ch-ua-mobile': '?1', 'sec-ch-ua-platform': '"Android"', 'sec-ch-ua-model': '"SM-S921B"', 'sec-ch-ua-platform-version': '"15.0.0"' },
    },
  },
  { what: '2013 Galaxy S4, Android 4.4 WebView', expect: 'review or block', input: { product: 'device', userAgent: 'Mozilla/5.0 (Linux; Android 4.4.2; GT-I9505 Build/KOT49H) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/30.0.0.0 Mobile Safari/537.36' } },
  {
    what: 'normal Chrome UA, HeadlessChrome only in Sec-CH-UA',
    expect: 'block',
    input: { product: 'device', userAgent: CHROME_WIN, headers: { 'sec-ch-ua': '"HeadlessChrome";v="156", "Chromium";v="156", "Not:A-Brand";v="8"', 'sec-ch-ua-mobile': '?0', 'sec-ch-ua-platform': '"Linux"' } },
  },
  { what: 'python-requests', expect: 'block', input: { product: 'device', userAgent: 'python-requests/2.32.3' } },
  { what: 'keyboard walk at a keyboard-walk domain', expect: 'block', input: { product: 'email', email: 'asdfgh@qwerty.ru' } },
  { what: 'a real Gmail user', expect: 'accept', input: { product: 'email', email: 'jane.doe@gmail.com' } },
  { what: 'generated Gmail local part', expect: 'review or block', input: { product: 'email', email: 'kf83hd92ks@gmail.com' } },
  { what: 'an everyday Gmail address', expect: 'accept', input: { product: 'email', email: 'sarah.johnson@gmail.com' } },
  { what: 'a name at a disposable service', expect: 'block', input: { product: 'email', email: 'john.smith@mailinator.com' } },
  { what: 'an underscore Gmail cannot issue', expect: 'block', input: { product: 'email', email: 'john_smith@gmail.com' } },
  { what: "Cloudflare's public resolver as the user's IP", expect: 'block', input: { product: 'ip', ip: '1.1.1.1' } },
  { what: 'a BT home broadband address', expect: 'accept', input: { product: 'ip', ip: '86.151.42.117' } },
  { what: 'a Tor exit', expect: 'block', input: { product: 'ip', ip: '204.8.96.141' } },
  { what: 'an AWS EC2 address (us-east-1)', expect: 'review or block', input: { product: 'ip', ip: '3.85.112.40' } },
  { what: 'Ivan Ivanov: the Russian placeholder, and a real common name', expect: 'review', input: { product: 'name', first: 'Ivan', last: 'Ivanov', country: 'RU' } },
  { what: 'Jan Kowalski: the Polish placeholder, and a real common name', expect: 'review', input: { product: 'name', first: 'Jan', last: 'Kowalski', country: 'PL' } },
  { what: 'Max Mustermann: the German specimen name', expect: 'block', input: { product: 'name', first: 'Max', last: 'Mustermann', country: 'DE' } },
  { what: 'John Doe', expect: 'block', input: { product: 'name', first: 'John', last: 'Doe', country: 'US' } },
  {
    what: 'Sarah Johnson: matching Gmail, UK mobile, BT home IP, current iPhone',
    expect: 'accept',
    input: { product: 'identity', email: 'sarah.johnson@gmail.com', firstName: 'Sarah', lastName: 'Johnson', phone: '+44 7831 405 218', ip: '86.151.42.117', userAgent: IPHONE_27, country: 'GB' },
  },
  {
    what: 'clean inputs from four countries: Russian name and mail, Nigerian mobile, Brazilian IP',
    expect: 'review or block',
    input: { product: 'identity', email: 'ivan.petrov84@mail.ru', firstName: 'Ivan', lastName: 'Petrov', phone: '+234 803 456 1290', ip: '177.33.48.201', userAgent: CHROME_WIN, country: 'RU' },
  },
];

export interface AnalystRow {
  readonly what: string;
  readonly product: string;
  readonly input: string;
  readonly expect: Expect;
  readonly score: number;
  readonly band: string;
  readonly decision: 'accept' | 'review' | 'block';
  readonly reasons: readonly string[];
}

const BANDS = ['0–199', '200–399', '400–599', '600–799', '800–1000'];

function describe(input: AnalystInput): string {
  switch (input.product) {
    case 'email':
      return input.email;
    case 'phone':
      return input.country ? `${input.phone} (${input.country})` : input.phone;
    case 'ip':
      return input.ip;
    case 'device':
      return input.headers ? `${input.userAgent} + ${Object.entries(input.headers).map(([k, v]) => `${k}: ${v}`).join('; ')}` : input.userAgent;
    case 'name':
      return `${input.first} ${input.last}${input.country ? ` (${input.country})` : ''}`;
    default:
      return [input.email, `${input.firstName} ${input.lastName}`, input.phone, input.ip, input.userAgent && (input.userAgent.includes('iPhone') ? 'iPhone Safari' : 'Chrome/Windows'), input.country].filter(Boolean).join(' · ');
  }
}

function run(checker: Checker, input: AnalystInput): { score: number; reasons: readonly { code: string; points: number }[] } {
  switch (input.product) {
    case 'email':
      return checker.email(input.email);
    case 'phone':
      return checker.phone(input.phone, input.country ? { defaultCountry: input.country } : undefined);
    case 'ip':
      return checker.ip(input.ip, { now: CORPUS_NOW });
    case 'device':
      return checker.device(input.userAgent, input.headers ? { headers: input.headers } : undefined);
    case 'name':
      return checker.name(input.first, input.last, input.country ? { country: input.country } : undefined);
    default: {
      const { product: _product, ...identity } = input;
      return checker.identity(identity, { now: CORPUS_NOW }).identity;
    }
  }
}

/** Scores every case; a case whose check throws is reported with score -1 and the error as its reason. */
export function analystTable(checker: Checker, cases: readonly AnalystCase[] = ANALYST_CASES): AnalystRow[] {
  return cases.map((c) => {
    try {
      const result = run(checker, c.input);
      const band = defaultBand(result.score);
      return {
        what: c.what,
        product: c.input.product,
        input: describe(c.input),
        expect: c.expect,
        score: result.score,
        band: BANDS[band]!,
        decision: decision(band),
        reasons: result.reasons.map((r) => `${r.code} ${r.points >= 0 ? '+' : ''}${r.points}`),
      };
    } catch (error) {
      return { what: c.what, product: c.input.product, input: describe(c.input), expect: c.expect, score: -1, band: '—', decision: 'block', reasons: [`threw: ${(error as Error).message}`] };
    }
  });
}

export function formatAnalystTable(rows: readonly AnalystRow[]): string {
  const lines: string[] = [];
  rows.forEach((r, i) => {
    const agrees = r.expect.split(' or ').includes(r.decision) ? 'as expected' : `analyst expected ${r.expect}`;
    lines.push(`${String(i + 1).padStart(2)}. [${r.product}] ${r.what}`);
    lines.push(`    ${r.input}`);
    lines.push(`    → ${r.score} [${r.band}] ${r.decision} (${agrees})`);
    lines.push(`    ${r.reasons.join(', ')}`);
  });
  const agreed = rows.filter((r) => r.expect.split(' or ').includes(r.decision)).length;
  lines.push('');
  lines.push(`${agreed} of ${rows.length} decisions as the analyst expects (accept = 600–1000, review = 400–599, block = 0–399).`);
  return `${lines.join('\n')}\n`;
}

function main(argv: readonly string[]): void {
  const { checker } = pinnedChecker(CORPUS_NOW);
  const rows = analystTable(checker);
  const commit = measuredCommit();
  process.stdout.write(argv.includes('--json') ? `${JSON.stringify(rows, null, 2)}\n` : `The fraud analyst's table${commit ? ` at commit ${commit}` : ''}, scored at ${CORPUS_NOW.toISOString()}\n\n${formatAnalystTable(rows)}`);
}

if (process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'))) main(process.argv.slice(2));
