/**
 * The inputs `preload()` runs each check on after loading its data, so that
 * the check's code is compiled too: V8 compiles a function on its first call
 * and optimises it after many, and a first check of a cold process spent
 * more in that than in its data (measured: docs/server.md, "Warm-up"). The
 * inputs are generated, each distinct, because the checks remember domains,
 * user agents, name parts and score sets: repeating one input would warm the
 * memo and not the code behind it. Each product's list walks its main paths
 * (a valid input of each kind, the common failures); the results are thrown
 * away, and no provider is asked (the sync checks only).
 */

/**
 * Calls per product: the first call after preload stopped getting faster from
 * about 50 calls on, while the preload itself grows with every call
 * (figures: docs/perf.md). Twice the point where it stopped improving.
 */
export const WARM_UP_CALLS = 100;

const pick = <T>(list: readonly T[], i: number): T => list[i % list.length]!;

/** The i-th e-mail address: free, corporate, role, disposable, typo, reserved, IDN and malformed ones. */
export function warmUpEmail(i: number): string {
  return pick(
    [
      `jane.doe${i}@gmail.com`,
      `j.smith${i}@acme-widgets-${i}.com`,
      `info${i % 3 === 0 ? '' : i}@northwind-${i}.co.uk`,
      `temp${i}@mailinator.com`,
      `mario${i}@gmial.com`,
      `user${i}@yaho.co`,
      `admin${i}@shop${i}.example.com`,
      `jürgen${i}@müller-${i}.de`,
      `not an address ${i}`,
      `noreply${i}@outlook.com`,
    ],
    i,
  );
}

/** The i-th user agent and client hints: phones, tablets, desktops, a TV, bots, tools and junk. */
export function warmUpDevice(i: number): { readonly userAgent: string; readonly headers?: Record<string, string> } {
  const v = 100 + (i % 40);
  return pick(
    [
      { userAgent: `Mozilla/5.0 (Linux; Android 14; SM-S91${i % 10}B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${v}.0.${i}.0 Mobile Safari/537.36` },
      { userAgent: `Mozilla/5.0 (iPhone; CPU iPhone OS 17_${i % 6} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.${i % 6} Mobile/15E${i} Safari/604.1` },
      { userAgent: `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${v}.0.${i}.0 Safari/537.36` },
      {
        userAgent: `Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${v}.0.${i}.0 Mobile Safari/537.36`,
        headers: { 'sec-ch-ua-model': `"Pixel ${6 + (i % 3)}"`, 'sec-ch-ua-platform': '"Android"', 'sec-ch-ua-platform-version': `"1${i % 5}.0.0"`, 'sec-ch-ua-mobile': '?1' },
      },
      { userAgent: `Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:${v}.0) Gecko/20100101 Firefox/${v}.${i}` },
      { userAgent: `Mozilla/5.0 (iPad; CPU OS 16_${i % 7} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/${v}.0.${i} Mobile/15E148 Safari/604.1` },
      { userAgent: `Mozilla/5.0 (Linux; Android 9; Redmi Note ${5 + (i % 5)} Build/PKQ1.${i}) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/${v}.0.0.0 Mobile Safari/537.36 [FBAN/FB4A;FBAV/${i}.0.0]` },
      { userAgent: `Mozilla/5.0 (SMART-TV; Linux; Tizen 6.${i % 5}) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/${i % 20}.0 Chrome/${v}.0.0.0 TV Safari/537.36` },
      { userAgent: `Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html) ${i}` },
      { userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/${v}.0.${i}.0 Safari/537.36` },
      { userAgent: `curl/8.${i % 12}.${i}` },
      { userAgent: `Nokia6300/2.0 (05.${i}) Profile/MIDP-2.0 Configuration/CLDC-1.1` },
      { userAgent: i % 2 === 0 ? '' : `x${i}` },
    ],
    i,
  );
}

/** The i-th IP address: IPv4 and IPv6 across the world, private and special ranges, malformed. */
export function warmUpIp(i: number): string {
  const a = (i * 37) % 223;
  const b = (i * 101) % 256;
  return pick(
    [
      `81.${b}.${(i * 7) % 256}.${i % 256}`,
      `${1 + a}.${b}.${(i * 13) % 256}.1`,
      `2a00:1450:${(0x4000 + i).toString(16)}:800::200e`,
      `2001:${(0x4860 + (i % 64)).toString(16)}:${i.toString(16)}::8888`,
      `10.${b}.0.${i % 256}`,
      `100.64.${b}.1`,
      `::ffff:79.${b}.0.1`,
      `192.168.${b}.${i % 256}`,
      `999.${i}.1.1`,
      `2002:${(0x5000 + i).toString(16)}:0101::1`,
    ],
    i,
  );
}

/** The i-th phone number: mobiles and fixed lines of several plans, service numbers, national and broken ones. */
export function warmUpPhone(i: number): { readonly phone: string; readonly defaultCountry?: string } {
  const n = String(1_000_000 + ((i * 7919) % 9_000_000));
  return pick(
    [
      { phone: `+39 333 ${n}` },
      { phone: `+1 202 555 ${n.slice(-4)}` },
      { phone: `+44 20 7946 ${n.slice(-4)}` },
      { phone: `+49 30 ${n}` },
      { phone: `+86 10 6552 ${n.slice(-4)}` },
      { phone: `+33 6 12 ${n.slice(-6, -4)} ${n.slice(-4, -2)} ${n.slice(-2)}` },
      { phone: `+91 98${n.slice(-8)}` },
      { phone: `+55 11 9${n.slice(-8)}` },
      { phone: `0333 ${n}`, defaultCountry: 'IT' },
      { phone: `+800 ${n.slice(-8)}` },
      { phone: `+39 899 ${n.slice(-6)}` },
      { phone: `+1 800 555 ${n.slice(-4)}` },
      { phone: `12${i}` },
      { phone: `phone ${i}` },
    ],
    i,
  );
}

const FIRST = [
  'Jane', 'Marco', 'Giulia', 'Siobhan', 'Jan', 'Olga', 'Wei', 'Mohammed', 'Andrea', 'José', 'Zoë', 'Ngozi', 'Hiroshi', 'Anna-Lena',
  'Иван', 'Мария', 'Dr. John', 'Mickey', 'Asdf', 'Test', 'Xqzv', 'Jean-Luc',
] as const;
const LAST = [
  'Doe', 'Rossi', 'Kowalski', "O'Shaughnessy", 'Müller', 'Nguyen', 'García López', 'Smith', 'van der Berg', 'Petrov', 'Иванова', 'Mouse',
  'Qwerty', 'User', 'Bianchi', 'Tanaka', 'Okafor', 'Picard',
] as const;

/** The i-th name: pairs of real given and family names in several scripts, placeholders, fictional and typed junk, and unseen spellings. */
export function warmUpName(i: number): { readonly first: string; readonly last: string } {
  const first = pick(FIRST, i);
  const last = pick(LAST, Math.floor(i / FIRST.length) + i);
  // Every third name is respelt, so parts are met afresh and not only from the memo.
  return i % 3 === 2 ? { first: `${first}${String.fromCharCode(97 + (i % 26))}`, last: `${last}${String.fromCharCode(97 + ((i * 7) % 26))}` } : { first, last };
}

/** The i-th sign-up for the identity check: the products' inputs above, some fields left out, a declared country on some. */
export function warmUpIdentity(i: number): {
  readonly email?: string;
  readonly phone?: string;
  readonly ip?: string;
  readonly userAgent?: string;
  readonly firstName?: string;
  readonly lastName?: string;
  readonly country?: string;
} {
  const { first, last } = warmUpName(i);
  return {
    email: i % 5 === 4 ? undefined : `${first.toLowerCase()}.${last.toLowerCase()}${i}@${pick(['gmail.com', 'libero.it', 'mailinator.com', 'acme-widgets.com'], i)}`,
    phone: i % 4 === 3 ? undefined : warmUpPhone(i).phone,
    ip: warmUpIp(i),
    userAgent: i % 3 === 2 ? undefined : warmUpDevice(i).userAgent,
    firstName: first,
    lastName: last,
    country: pick(['IT', 'GB', undefined, 'DE'], i),
  };
}
