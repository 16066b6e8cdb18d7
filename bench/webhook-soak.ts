/**
 * Webhook soak: the built server (`serve`, the journal queue with its
 * default settings) takes webhook requests at a steady rate while the
 * receiver is down (its port refuses connections), then the receiver comes
 * up. Prints, every 30 s and at the end: requests accepted, the journal's
 * size, the queue's depth (from /metrics), the server's RSS, and the p50/p99
 * of check requests (no webhook) sent beside the load; then the deliveries,
 * distinct deliveries, duplicates and the time to drain.
 *
 *   npm run build && npx tsx bench/webhook-soak.ts                    # 10 min down at 200/s, then up
 *   npx tsx bench/webhook-soak.ts --down-minutes 1 --rate 100         # a shorter run
 *   npx tsx bench/webhook-soak.ts --json                              # one JSON object at the end
 *
 * Bounded: the drain waits 20 minutes at most; 127.0.0.1 only. The server
 * runs in its own process; the load generator, the check prober and the
 * receiver share this one.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync, readFileSync } from 'node:fs';
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const ROOT = join(import.meta.dirname, '..');
const argv = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = argv.indexOf(name);
  return i === -1 ? fallback : Number(argv[i + 1]);
};
const DOWN_MS = option('--down-minutes', 10) * 60_000;
const RATE = option('--rate', 200);
const CHECK_RATE = option('--check-rate', 20);
const DRAIN_LIMIT_MS = 20 * 60_000;
const SAMPLE_MS = option('--sample-seconds', 30) * 1000;

const dir = mkdtempSync(join(tmpdir(), 'identity-signals-soak-'));
const journal = join(dir, 'journal', 'deliveries.ndjson');
writeFileSync(join(dir, 'crm.csv'), 'domain,company_name\nacme-widgets.com,Acme\n');
writeFileSync(
  join(dir, 'config.json'),
  JSON.stringify({
    keys: [{ key: 'k1', webhookSecret: 'whsec', rateLimit: { perSecond: 0 } }],
    providers: [{ type: 'table', file: 'crm.csv' }],
    webhook: { dir: 'journal', allowPrivateTargets: true },
  }),
);

// The receiver's port: taken, then let go, so that connections are refused until the receiver listens there.
const receivedIds: string[] = [];
const receiver = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    receivedIds.push(String(req.headers['x-delivery-id']));
    res.writeHead(204).end();
  });
});
const hookPort = await new Promise<number>((ok) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const port = (probe.address() as AddressInfo).port;
    probe.close(() => ok(port));
  });
});

const server = spawn(process.execPath, [join(ROOT, 'dist', 'cli', 'index.js'), 'serve', '--port', '0', '--config', join(dir, 'config.json')], {
  cwd: dir,
  env: { PATH: process.env.PATH ?? '', IDENTITY_SIGNALS_DATA_WARN: 'off', IDENTITY_SIGNALS_LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'pipe'],
});
const port = await new Promise<number>((ok, fail) => {
  let err = '';
  server.stderr.on('data', (c: Buffer) => {
    err += c.toString();
    const match = /listening on http:\/\/127\.0\.0\.1:(\d+)\//.exec(err);
    if (match) ok(Number(match[1]));
  });
  server.on('exit', (code) => fail(new Error(`serve ended with ${code}: ${err}`)));
});
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

function post(body: object): Promise<{ status: number; ms: number }> {
  const payload = JSON.stringify(body);
  const started = performance.now();
  return new Promise((ok) => {
    const req = request(
      { host: '127.0.0.1', port, method: 'POST', path: '/1.0/email', agent, headers: { 'content-type': 'application/json', 'x-api-key': 'k1', 'content-length': Buffer.byteLength(payload) } },
      (res) => {
        res.resume();
        res.on('end', () => ok({ status: res.statusCode!, ms: performance.now() - started }));
      },
    );
    req.on('error', () => ok({ status: 0, ms: performance.now() - started }));
    req.end(payload);
  });
}

async function metric(name: string): Promise<number> {
  return new Promise((ok) => {
    request({ host: '127.0.0.1', port, path: '/metrics', agent }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => ok(Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN)));
    })
      .on('error', () => ok(NaN))
      .end();
  });
}

const rssMb = () => Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const journalMb = () => {
  try {
    return statSync(journal).size / 1024 / 1024;
  } catch {
    return 0;
  }
};
const quantile = (values: number[], q: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};

let accepted = 0;
let refused = 0;
let failed = 0;
/** Answers other than 200 by status (0: no answer), with what they said. */
const others = new Map<number, number>();
let checks: number[] = [];
const allChecks: { phase: string; ms: number }[] = [];
let phase = 'down';
const started = Date.now();
const samples: Record<string, number | string>[] = [];
let n = 0;

// Open loop: requests go out on a timer whatever the answers' latency, as clients' would.
const tick = 50;
const load = setInterval(() => {
  if (phase !== 'down') return;
  for (let i = 0; i < (RATE * tick) / 1000; i++) {
    const k = n++;
    void post({ customer_id: 'c', claims: ['email'], email: `user${k}@acme-widgets.com`, webhook_url: `http://127.0.0.1:${hookPort}/hook` }).then((r) => {
      if (r.status === 200) accepted += 1;
      else if (r.status === 503) refused += 1;
      else failed += 1;
      if (r.status !== 200) others.set(r.status, (others.get(r.status) ?? 0) + 1);
    });
  }
}, tick);
const prober = setInterval(() => {
  void post({ customer_id: 'c', claims: ['email'], email: `probe${n}@example.org` }).then((r) => {
    checks.push(r.ms);
    allChecks.push({ phase, ms: r.ms });
  });
}, 1000 / CHECK_RATE);

const sample = async () => {
  const row = {
    t_s: Math.round((Date.now() - started) / 1000),
    phase,
    accepted,
    refused,
    failed,
    depth: await metric('identity_signals_webhook_queue_depth'),
    journal_mb: Number(journalMb().toFixed(1)),
    rss_mb: Number(rssMb().toFixed(0)),
    received: receivedIds.length,
    check_p50_ms: Number(quantile(checks, 0.5).toFixed(1)),
    check_p99_ms: Number(quantile(checks, 0.99).toFixed(1)),
  };
  checks = [];
  samples.push(row);
  if (!argv.includes('--json')) console.log(JSON.stringify(row));
};
const sampler = setInterval(() => void sample(), SAMPLE_MS);

await new Promise((ok) => setTimeout(ok, DOWN_MS));
phase = 'drain';
clearInterval(load);
await new Promise((ok) => setTimeout(ok, 2000)); // the last requests' answers
const upAt = Date.now();
await new Promise<void>((ok) => receiver.listen(hookPort, '127.0.0.1', ok));
let drainedAt = NaN;
while (Date.now() - upAt < DRAIN_LIMIT_MS) {
  await new Promise((ok) => setTimeout(ok, 1000));
  if ((await metric('identity_signals_webhook_queue_depth')) === 0 && new Set(receivedIds).size >= accepted) {
    drainedAt = Date.now();
    break;
  }
}
phase = 'done';
clearInterval(sampler);
clearInterval(prober);
await sample();
const distinct = new Set(receivedIds).size;
const down = allChecks.filter((c) => c.phase === 'down').map((c) => c.ms);
const drain = allChecks.filter((c) => c.phase === 'drain').map((c) => c.ms);
const summary = {
  down_minutes: DOWN_MS / 60_000,
  rate_per_s: RATE,
  accepted,
  refused,
  failed,
  not_200_by_status: Object.fromEntries(others),
  received: receivedIds.length,
  distinct,
  lost: accepted - distinct,
  duplicates: receivedIds.length - distinct,
  drain_s: Number(((drainedAt - upAt) / 1000).toFixed(1)),
  journal_mb_peak: Math.max(...samples.map((s) => Number(s.journal_mb))),
  journal_mb_end: Number(journalMb().toFixed(2)),
  rss_mb_peak: Math.max(...samples.map((s) => Number(s.rss_mb))),
  check_p50_ms_down: Number(quantile(down, 0.5).toFixed(1)),
  check_p99_ms_down: Number(quantile(down, 0.99).toFixed(1)),
  check_p50_ms_drain: Number(quantile(drain, 0.5).toFixed(1)),
  check_p99_ms_drain: Number(quantile(drain, 0.99).toFixed(1)),
  checks_down: down.length,
  checks_drain: drain.length,
  load_average_at_end: Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]),
};
console.log(argv.includes('--json') ? JSON.stringify({ summary, samples }) : `summary ${JSON.stringify(summary)}`);
server.kill('SIGTERM');
await new Promise((ok) => server.once('exit', ok));
agent.destroy();
receiver.closeAllConnections();
receiver.close();
rmSync(dir, { recursive: true, force: true });
