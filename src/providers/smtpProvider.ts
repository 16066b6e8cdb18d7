import { randomBytes } from 'node:crypto';
import { promises as dnsPromises } from 'node:dns';
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { BoundedCache, cacheKey } from '../common/boundedCache.js';
import type { CacheKey } from '../common/boundedCache.js';
import { InputError, ProviderError } from '../errors.js';
import { quoteInput } from '../common/quoteInput.js';
import { systemTime } from '../common/clock.js';
import { canaryOptions, resolverCanary } from './dnsCanary.js';
import type { CanaryOptions } from './dnsCanary.js';
import type { EmailEnrichment, Provider } from './types.js';

/** Options of {@link smtpProvider}. */
export interface SmtpProviderOptions extends CanaryOptions {
  /** The name said in EHLO: a name of the host the probe runs on, with a matching PTR, or many servers refuse. */
  readonly heloName: string;
  /** The envelope sender of MAIL FROM (an address of yours; nothing is ever sent). */
  readonly from: string;
  /** @default 25 */
  readonly port?: number;
  /** Time for the whole conversation with one server. @default 10000 */
  readonly timeoutMs?: number;
  /** Resolvers for the MX and address lookups. @default the system's */
  readonly servers?: readonly string[];
  /** Conversations at once with one domain's servers (servers rate-limit probing). @default 2 */
  readonly perDomainConcurrency?: number;
  /** How long a verdict is kept, by address. @default 600000 (10 minutes) */
  readonly cacheTtlMs?: number;
  /** Verdicts kept. @default 10000 */
  readonly cacheSize?: number;
  /** @default 'smtp' */
  readonly name?: string;
}

/** A reply: its code and text (multi-line replies joined). */
interface Reply {
  readonly code: number;
  readonly text: string;
}

/** The verdict a conversation gives, kept in the cache. */
type Verdict = Pick<EmailEnrichment, 'mx' | 'deliverable' | 'accept_all'>;

/**
 * The deliverability probe check-if-email-exists (Reacher) does: the
 * domain's best MX, then connect, EHLO, MAIL FROM, RCPT TO the address and
 * RCPT TO a random address at the same domain (to tell a catch-all server),
 * and QUIT — no message is ever sent. It fills `deliverable`, `accept_all`
 * and `mx`, so `status` becomes `deliverable` (address accepted, random one
 * refused), `accept-all` (both accepted), `invalid` (address refused with
 * 5xx) or stays `undetermined` (a 4xx such as greylisting, a silent server,
 * no answer in time: a `provider_errors` entry, never a verdict).
 *
 * Never used unless configured: most home and cloud networks block
 * outgoing port 25, and probing looks like spam preparation to some
 * operators (run it from a host with a proper PTR and `heloName`). At most
 * `perDomainConcurrency` conversations per domain run at once; verdicts are
 * cached per address for `cacheTtlMs`. A domain with neither MX nor address
 * is `mx: false` only from a resolver that finds the MX of `canaryDomains`
 * (see {@link CanaryOptions}): a resolver that answers NXDOMAIN to every
 * name gives a `provider_errors` entry instead.
 *
 * @example
 * // not run: talks SMTP to the domain's mail servers
 * const checker = createChecker({ providers: [smtpProvider({ heloName: 'probe.example.org', from: 'probe@example.org' })] });
 */
export function smtpProvider(options: SmtpProviderOptions): Provider {
  const name = options.name ?? 'smtp';
  if (typeof options.heloName !== 'string' || !/^[a-z0-9.-]+$/i.test(options.heloName)) {
    throw new InputError('INPUT_OPTION', `smtpProvider: heloName must be a host name, got ${quoteInput(options.heloName)}`, 'heloName');
  }
  if (typeof options.from !== 'string' || !/^[^\s<>@]+@[^\s<>@]+$/.test(options.from)) {
    throw new InputError('INPUT_OPTION', `smtpProvider: from must be an address, got ${quoteInput(options.from)}`, 'from');
  }
  const port = options.port ?? 25;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const perDomain = options.perDomainConcurrency ?? 2;
  const canary = canaryOptions(options, 'smtpProvider');
  const ttl = options.cacheTtlMs ?? 600_000;
  const cache = new BoundedCache<CacheKey, { readonly verdict: Verdict; readonly until: number }>(options.cacheSize ?? 10_000);
  const slots = new Map<string, { running: number; waiting: (() => void)[] }>();

  const acquire = async (domain: string, signal: AbortSignal): Promise<() => void> => {
    let slot = slots.get(domain);
    if (slot === undefined) slots.set(domain, (slot = { running: 0, waiting: [] }));
    const s = slot;
    if (s.running >= perDomain) {
      await new Promise<void>((ok, fail) => {
        const go = () => {
          signal.removeEventListener('abort', quit);
          ok();
        };
        const quit = () => {
          s.waiting.splice(s.waiting.indexOf(go), 1);
          fail(signal.reason);
        };
        s.waiting.push(go);
        signal.addEventListener('abort', quit, { once: true });
      });
    }
    s.running += 1;
    return () => {
      s.running -= 1;
      const next = s.waiting.shift();
      if (next !== undefined) next();
      else if (s.running === 0) slots.delete(domain);
    };
  };

  const newResolver = () => {
    const resolver = new dnsPromises.Resolver({ timeout: timeoutMs, tries: 1 });
    if (options.servers !== undefined) resolver.setServers([...options.servers]);
    return resolver;
  };
  // Shared by every lookup, so on a resolver of its own: one lookup's abort does not cancel the others' check.
  const resolverCheck = resolverCanary(name, canary.domains, canary.ttlMs, (domain) => newResolver().resolveMx(domain));

  const mxHost = async (domain: string, signal: AbortSignal, now: number): Promise<string | null> => {
    const resolver = newResolver();
    signal.addEventListener('abort', () => resolver.cancel(), { once: true });
    let host = domain;
    try {
      const records = (await resolver.resolveMx(domain)).sort((a, b) => a.priority - b.priority);
      if (records.length === 1 && (records[0]!.exchange === '' || records[0]!.exchange === '.')) return null;
      if (records.length > 0) host = records[0]!.exchange;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (code !== 'ENODATA' && code !== 'ENOTFOUND') throw error;
    }
    try {
      const [address] = await resolver.resolve4(host);
      if (address !== undefined) return address;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (code !== 'ENODATA' && code !== 'ENOTFOUND') throw error;
    }
    if (host !== domain) throw new Error(`MX host ${host} has no address`);
    // No MX and no address: "no mail", believed only from a resolver that finds names that must resolve.
    await resolverCheck.vouch(now);
    return null;
  };

  const probe = async (email: string, domain: string, signal: AbortSignal, now: number): Promise<Verdict> => {
    const address = await mxHost(domain, signal, now);
    if (address === null) return { mx: false };
    const session = await SmtpSession.open(address, port, timeoutMs, signal);
    try {
      expect(await session.reply(), 220, 'greeting');
      let hello = await session.command(`EHLO ${options.heloName}`);
      if (hello.code >= 500) hello = await session.command(`HELO ${options.heloName}`);
      expect(hello, 250, 'EHLO');
      expect(await session.command(`MAIL FROM:<${options.from}>`), 250, 'MAIL FROM');
      const rcpt = await session.command(`RCPT TO:<${email}>`);
      if (rcpt.code >= 500) return { mx: true, deliverable: false };
      if (rcpt.code !== 250 && rcpt.code !== 251) throw unknownAnswer(rcpt, 'RCPT TO');
      // A random local part nobody owns: accepted too means the server accepts everything.
      const other = await session.command(`RCPT TO:<${randomBytes(10).toString('hex')}@${domain}>`);
      if (other.code === 250 || other.code === 251) return { mx: true, accept_all: true };
      if (other.code >= 500) return { mx: true, deliverable: true, accept_all: false };
      throw unknownAnswer(other, 'RCPT TO (catch-all probe)');
    } finally {
      session.quit();
    }
  };

  const unknownAnswer = (reply: Reply, step: string) =>
    new ProviderError('PROVIDER_FAILED', `${name}: ${step} answered ${reply.code} ${quoteInput(reply.text)}: undetermined`, name);
  const expect = (reply: Reply, code: number, step: string) => {
    if (reply.code !== code) throw unknownAnswer(reply, step);
  };

  return {
    name,
    timeoutMs,
    fields: { email: ['mx', 'deliverable', 'accept_all'] },
    async lookup(input, { signal, now }) {
      if (input.product !== 'email') return {};
      const email = input.email.trim();
      // An address that could inject a command (CR, LF, angle brackets) is never sent.
      if (!/^[^\s<>]+$/.test(email)) return {};
      const key = cacheKey(email.toLowerCase());
      const kept = cache.get(key);
      if (kept !== undefined && kept.until > systemTime()) return kept.verdict;
      const release = await acquire(input.domain, signal);
      try {
        const verdict = await probe(email, input.domain, signal, now.getTime());
        cache.set(key, { verdict, until: systemTime() + ttl });
        return verdict;
      } finally {
        release();
      }
    },
  };
}

/** One SMTP conversation: replies read line by line, every wait bounded by the socket's time limit and the signal. */
class SmtpSession {
  private buffer = '';
  private readonly lines: string[] = [];
  private waiter: (() => void) | undefined;
  private failure: Error | undefined;

  private constructor(private readonly socket: Socket) {
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      this.buffer += chunk;
      // A server that streams without line ends is not SMTP: stop before it fills memory.
      if (this.buffer.length > 65_536) this.fail(new Error('reply line over 64 KiB'));
      let end: number;
      while ((end = this.buffer.indexOf('\n')) >= 0) {
        this.lines.push(this.buffer.slice(0, end).replace(/\r$/, ''));
        this.buffer = this.buffer.slice(end + 1);
      }
      this.wake();
    });
    socket.on('error', (error) => this.fail(error));
    socket.on('close', () => this.fail(new Error('connection closed')));
    socket.on('timeout', () => this.fail(new Error('no answer in time')));
  }

  static open(host: string, port: number, timeoutMs: number, signal: AbortSignal): Promise<SmtpSession> {
    signal.throwIfAborted();
    const socket = connect({ host, port, timeout: timeoutMs });
    const session = new SmtpSession(socket);
    signal.addEventListener('abort', () => session.fail(new Error('aborted')), { once: true });
    return new Promise((ok, fail) => {
      socket.once('connect', () => ok(session));
      socket.once('error', fail);
      socket.once('timeout', () => fail(new Error(`no connection to ${host}:${port} in time`)));
      signal.addEventListener('abort', () => fail(signal.reason), { once: true });
    });
  }

  private fail(error: Error): void {
    this.failure ??= error;
    this.socket.destroy();
    this.wake();
  }

  private wake(): void {
    const w = this.waiter;
    this.waiter = undefined;
    w?.();
  }

  /** The next complete reply (`250-…` lines continue, `250 …` ends it). */
  async reply(): Promise<Reply> {
    const text: string[] = [];
    for (;;) {
      while (this.lines.length === 0) {
        if (this.failure !== undefined) throw this.failure;
        await new Promise<void>((ok) => (this.waiter = ok));
      }
      const line = this.lines.shift()!;
      const code = Number(line.slice(0, 3));
      if (!Number.isInteger(code) || code < 200 || code > 599) throw new Error(`not an SMTP reply: ${quoteInput(line)}`);
      text.push(line.slice(4));
      if (line[3] !== '-') return { code, text: text.join(' ') };
    }
  }

  async command(line: string): Promise<Reply> {
    if (this.failure !== undefined) throw this.failure;
    this.socket.write(`${line}\r\n`);
    return this.reply();
  }

  /** Says QUIT without waiting for the answer, and closes. */
  quit(): void {
    if (this.failure === undefined && !this.socket.destroyed) this.socket.end('QUIT\r\n');
    this.socket.destroySoon?.();
  }
}
