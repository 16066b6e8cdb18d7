import { createHmac } from 'node:crypto';
import { promises as dns } from 'node:dns';
import { classifySpecialRange } from '../ip/index.js';
import { systemTime } from '../common/clock.js';

/** Options of {@link deliverWebhook}. */
export interface WebhookOptions {
  /** HMAC-SHA256 key shared with the receiver. */
  readonly secret: string;
  /** Attempts after the first one. @default 4 */
  readonly retries?: number;
  /** Delay before the first retry; doubles each time. @default 1000 */
  readonly baseDelayMs?: number;
  /** Time allowed per attempt. @default 5000 */
  readonly timeoutMs?: number;
  /**
   * Allow targets in special-purpose ranges (private, loopback, link-local,
   * CGNAT, …). Off by default so a request cannot make the server call into
   * its own network. @default false
   */
  readonly allowPrivateTargets?: boolean;
  /** @default globalThis.fetch */
  readonly fetch?: typeof fetch;
  /** Resolves a host name to its addresses. @default node:dns lookup (all addresses) */
  readonly lookup?: (host: string) => Promise<readonly string[]>;
  /** @default setTimeout-based sleep */
  readonly sleep?: (ms: number) => Promise<void>;
  /** Clock in ms, for the signature timestamp. @default the system clock */
  readonly now?: () => number;
}

/** How a delivery ended. */
export interface WebhookDelivery {
  readonly delivered: boolean;
  readonly attempts: number;
  /** HTTP status of the last attempt, when there was a response. */
  readonly status?: number;
  /** Why it was not delivered. */
  readonly error?: string;
}

/**
 * The `x-signature` header value: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`.
 * Receivers recompute the HMAC over `${t}.${rawBody}` and compare in constant time.
 *
 * @example
 * signWebhook('{"event":"email.enriched"}', 'secret', 1767225600); // 't=1767225600,v1=…'
 */
export function signWebhook(body: string, secret: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

/**
 * Checks that `url` is an http(s) URL whose host resolves only to public
 * addresses; returns the reason it is refused, or `null`.
 */
export async function refuseWebhookTarget(
  url: string,
  options: Pick<WebhookOptions, 'allowPrivateTargets' | 'lookup'> = {},
): Promise<string | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'not a valid URL';
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return `scheme ${parsed.protocol} is not allowed`;
  if (parsed.username !== '' || parsed.password !== '') return 'credentials in the URL are not allowed';
  if (options.allowPrivateTargets) return null;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  let addresses: readonly string[];
  if (classifySpecialRange(host) !== null) {
    addresses = [host];
  } else {
    try {
      addresses = await (options.lookup ?? defaultLookup)(host);
    } catch (error) {
      return `cannot resolve ${host}: ${(error as Error).message}`;
    }
  }
  for (const address of addresses) {
    const special = classifySpecialRange(address);
    if (special !== null) return `${host} resolves to ${address} (${special.name}, ${special.rfc})`;
  }
  return addresses.length === 0 ? `${host} has no address` : null;
}

/**
 * POSTs `payload` as JSON to `url`, signed with `x-signature`, retrying with
 * exponential back-off on network errors, 429 and 5xx. A 2xx ends it; any
 * other 4xx is final (the receiver said no).
 *
 * Limitation: the target is checked when delivery starts; a host whose DNS
 * answer changes between the check and the request (DNS rebinding) is not
 * caught. Put the server behind an egress proxy where that matters.
 */
export async function deliverWebhook(url: string, payload: unknown, options: WebhookOptions): Promise<WebhookDelivery> {
  const refused = await refuseWebhookTarget(url, options);
  if (refused !== null) return { delivered: false, attempts: 0, error: `target refused: ${refused}` };
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((ok) => setTimeout(ok, ms)));
  const now = options.now ?? systemTime;
  const retries = options.retries ?? 4;
  const body = JSON.stringify(payload);
  let last: WebhookDelivery = { delivered: false, attempts: 0 };
  for (let attempt = 0; attempt <= retries; attempt++) {
    if (attempt > 0) await sleep((options.baseDelayMs ?? 1000) * 2 ** (attempt - 1));
    try {
      const res = await doFetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-signature': signWebhook(body, options.secret, Math.floor(now() / 1000)) },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
      });
      // The answer is not needed, and a receiver may send gigabytes: cancel it rather than buffer it.
      await res.body?.cancel().catch(() => undefined);
      if (res.status >= 200 && res.status < 300) return { delivered: true, attempts: attempt + 1, status: res.status };
      last = { delivered: false, attempts: attempt + 1, status: res.status, error: `HTTP ${res.status}` };
      if (res.status < 500 && res.status !== 429) return last;
    } catch (error) {
      last = { delivered: false, attempts: attempt + 1, error: (error as Error).message };
    }
  }
  return last;
}

async function defaultLookup(host: string): Promise<readonly string[]> {
  return (await dns.lookup(host, { all: true, verbatim: true })).map((a) => a.address);
}
