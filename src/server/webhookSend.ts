import { lookup as dnsLookup } from 'node:dns';
import type { LookupAddress, LookupOptions } from 'node:dns';
import { request as httpRequest } from 'node:http';
import type { IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { quoteInput } from '../common/quoteInput.js';
import { systemTime } from '../common/clock.js';
import { classifySpecialRange } from '../ip/index.js';
import { signWebhook } from './webhook.js';

/** Options of one attempt ({@link sendWebhookOnce}). */
export interface SendOptions {
  /** HMAC-SHA256 key of the API key the request came with. */
  readonly secret: string;
  /** Sent as `x-delivery-id`: the same on every attempt of one delivery, so a receiver drops duplicates. */
  readonly deliveryId: string;
  /** Allow targets that resolve to private, loopback, link-local or metadata addresses. @default false */
  readonly allowPrivateTargets?: boolean;
  /** Time for the whole attempt: connect, send, status and the bounded read. @default 10000 */
  readonly timeoutMs?: number;
  /** Bytes of the receiver's answer read at most; the rest is not read (the connection is closed). @default 65536 */
  readonly maxResponseBytes?: number;
  /** Clock in ms, for the signature timestamp. @default the system clock */
  readonly now?: () => number;
}

/** How one attempt ended. */
export interface SendOutcome {
  /** 2xx: delivered. */
  readonly delivered: boolean;
  /** Worth another attempt later: network errors, time-outs, 408, 425, 429 and 5xx. */
  readonly retry: boolean;
  readonly status?: number;
  readonly error?: string;
}

/** Why a target address is refused, or null. Every special-purpose range counts (RFC 6890 registries), metadata 169.254.169.254 included. */
function refusedAddress(address: string): string | null {
  const special = classifySpecialRange(address);
  return special === null ? null : `${address} (${special.name})`;
}

/**
 * A `lookup` for the socket that refuses special-purpose addresses when it
 * connects: the check and the connection use the same answer, so a name
 * whose DNS answer changes after a check (DNS rebinding) cannot slip through.
 */
function guardedLookup(hostname: string, options: LookupOptions, callback: (...args: unknown[]) => void): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error);
    for (const a of addresses) {
      const why = refusedAddress(a.address);
      if (why !== null) return callback(Object.assign(new Error(`target refused: ${quoteInput(hostname)} resolves to ${why}`), { code: 'ETARGETREFUSED' }));
    }
    if (options.all === true) return callback(null, addresses);
    return callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}

const RETRY_STATUS = new Set([408, 425, 429]);

/**
 * One POST of a webhook: signed (`x-signature: t=…,v1=…`), with its
 * delivery id, redirects not followed (a 3xx is a failure), the target
 * checked at connect time, and the answer read up to `maxResponseBytes`
 * within `timeoutMs` (a receiver that streams 300 MB costs 64 KiB).
 *
 * @example
 * // not run: posts to your receiver
 * await sendWebhookOnce('https://hooks.example.org/x', '{"event":"email.enriched"}', { secret: 's', deliveryId: 'd1' });
 */
export function sendWebhookOnce(url: string, body: string, options: SendOptions): Promise<SendOutcome> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.resolve({ delivered: false, retry: false, error: `target refused: ${quoteInput(url)} is not a URL` });
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    return Promise.resolve({ delivered: false, retry: false, error: `target refused: scheme ${quoteInput(target.protocol)} is not allowed` });
  }
  if (target.username !== '' || target.password !== '') return Promise.resolve({ delivered: false, retry: false, error: 'target refused: credentials in the URL' });
  const host = target.hostname.replace(/^\[|\]$/g, '');
  const allow = options.allowPrivateTargets === true;
  // A literal address never reaches `lookup`: judge it here.
  if (!allow && isIP(host) !== 0) {
    const why = refusedAddress(host);
    if (why !== null) return Promise.resolve({ delivered: false, retry: false, error: `target refused: ${why}` });
  }
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxBytes = options.maxResponseBytes ?? 65_536;
  const t = Math.floor((options.now ?? systemTime)() / 1000);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<SendOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: SendOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve(outcome);
    };
    const req = send(target, {
      method: 'POST',
      agent: false,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'user-agent': 'identity-signals-webhook',
        'x-delivery-id': options.deliveryId,
        'x-signature': signWebhook(body, options.secret, t),
      },
      ...(allow ? {} : { lookup: guardedLookup as never }),
    });
    const timer = setTimeout(() => finish({ delivered: false, retry: true, error: `no answer within ${timeoutMs} ms` }), timeoutMs);
    req.on('error', (error: NodeJS.ErrnoException) => {
      const refused = error.code === 'ETARGETREFUSED';
      finish({ delivered: false, retry: !refused, error: refused ? error.message : `${error.code ?? 'error'}: ${error.message}` });
    });
    req.on('response', (res: IncomingMessage) => {
      const status = res.statusCode ?? 0;
      const ok = status >= 200 && status < 300;
      const outcome: SendOutcome = ok
        ? { delivered: true, retry: false, status }
        : { delivered: false, retry: status >= 500 || RETRY_STATUS.has(status), status, error: `HTTP ${status}` };
      // The answer is read only to be a polite client; past the bound the connection is closed, never buffered.
      let read = 0;
      res.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > maxBytes) finish(outcome);
      });
      res.on('end', () => finish(outcome));
      res.on('error', () => finish(outcome));
    });
    req.end(body);
  });
}
