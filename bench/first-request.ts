/**
 * The first check of each product after the data is loaded, against the
 * median of the checks that follow it: in process (`createChecker()`,
 * `preload()`, then the first call) and through a real `serve` process
 * (the first request after `/ready` answers 200). The figures of
 * docs/server.md, "Warm-up", come from this table.
 *
 *   npm run build && npx tsx bench/first-request.ts [--runs 5] [--steady 200] [--dist DIR] [--only inprocess|server] [--json]
 *
 * Each run of each product is its own process, so its first check is the
 * first of that product in that process; runs of the products are
 * interleaved so that a burst of load on the shared machine hits every
 * product alike. In process, the inputs are built before the clock starts
 * and each call is timed alone; "without preload" is the same first call in a
 * process that did not preload, for comparison. Through the server, one
 * keep-alive connection sends the requests one at a time (the client's own
 * code warmed by the /ready polls and one refused POST); the server's rate limit is off. Every
 * input is distinct (the checks remember domains, user agents and name
 * parts). Reported: medians over the runs. `--dist` benches another build
 * (the one before a change, for instance).
 */
import { spawn, spawnSync } from 'node:child_process';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { median } from './serverRequests.js';

const PRODUCTS = ['email', 'device', 'ip', 'phone', 'name', 'identity'] as const;
type Product = (typeof PRODUCTS)[number];

const root = join(import.meta.dirname, '..');
const KEY = 'first-request-key';
const CUSTOMER = '2f1c4f5e-8b9a-4c6d-9e0f-1a2b3c4d5e6f';

const FIRST = ['Anna', 'Marco', 'Giulia', 'Piet', 'Olga', 'Wei', 'Siobhan', 'Kenji'];
const LAST = ['Rossi', 'Bianchi', 'Kowalski', 'Smith', 'Müller', 'Nguyen', 'Okafor'];
const ua = (i: number) => `Mozilla/5.0 (Linux; Android ${10 + (i % 5)}; SM-S9${10 + (i % 80)}B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${i}.0.${i % 97}.0 Mobile Safari/537.36`;

/** The i-th input of a product, as the library's call arguments. */
function args(product: Product, i: number): unknown[] {
  switch (product) {
    case 'email':
      return [`user${i}@domain${i}.com`];
    case 'device':
      return [ua(i)];
    case 'ip':
      return [`81.${(i * 7) % 250}.${(i * 13) % 250}.${i % 250}`, { now: new Date(Date.UTC(2026, 0, 1, 12)) }];
    case 'phone':
      return [`+39 333 ${1_000_000 + i * 37}`];
    case 'name':
      return [`${FIRST[i % FIRST.length]}${i < FIRST.length ? '' : String.fromCharCode(97 + (i % 26))}`, LAST[i % LAST.length]!];
    case 'identity':
      return [{ email: `jane${i}@gmail.com`, firstName: 'Jane', lastName: 'Doe', ip: `79.${i % 250}.0.1`, phone: '+39 347 123 4567', userAgent: ua(i + 1000) }, { now: new Date(Date.UTC(2026, 0, 1, 12)) }];
  }
}

/** The i-th request of a product: path and body (the hub for identity). */
function body(product: Product, i: number): { path: string; body: string } {
  const a = args(product, i);
  const fields: Record<string, unknown> =
    product === 'email' ? { email: a[0] }
    : product === 'device' ? { user_agent: a[0] }
    : product === 'ip' ? { ip: a[0] }
    : product === 'phone' ? { phone_number: a[0] }
    : product === 'name' ? { first_name: a[0], last_name: a[1] }
    : (() => {
        const p = a[0] as Record<string, string>;
        return { email: p.email, first_name: p.firstName, last_name: p.lastName, ip: p.ip, phone_number: p.phone, user_agent: p.userAgent };
      })();
  const claims = product === 'identity' ? ['email', 'name', 'ip', 'phone', 'device'] : [product];
  return { path: product === 'identity' ? '/1.0/hub' : `/1.0/${product}`, body: JSON.stringify({ customer_id: CUSTOMER, claims, ...fields }) };
}

interface InProcess {
  readonly preload_ms: number;
  readonly first_us: number;
  readonly steady_us: number;
}

/** The child of the in-process case: plain node ESM, inputs given as JSON, so nothing but the package is timed. */
const CHILD = `
const [entryUrl, product, preloadIt, inputsJson] = process.argv.slice(1);
const inputs = JSON.parse(inputsJson, (k, v) => (typeof v === 'string' && /^\\d{4}-\\d{2}-\\d{2}T/.test(v) ? new Date(v) : v));
const lib = await import(entryUrl);
const c = lib.createChecker();
let t = performance.now();
if (preloadIt === '1') c.preload();
const preload_ms = performance.now() - t;
const f = c[product];
const times = [];
for (const a of inputs) { const t0 = performance.now(); f(...a); times.push((performance.now() - t0) * 1000); }
const steady = times.slice(1).sort((x, y) => x - y);
console.log(JSON.stringify({ preload_ms, first_us: times[0], steady_us: steady[steady.length >> 1] }));
`;

function inProcess(dist: string, product: Product, preload: boolean, steady: number): InProcess {
  const inputs = Array.from({ length: steady + 1 }, (_, i) => args(product, i));
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', CHILD, pathToFileURL(join(dist, 'index.js')).href, product, preload ? '1' : '0', JSON.stringify(inputs)], {
    cwd: root,
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(`${product}: the child failed (exit ${child.status}):\n${child.stderr}`);
  return JSON.parse(child.stdout) as InProcess;
}

interface Served {
  /** From the spawn to the first 200 of /ready. */
  readonly ready_ms: number;
  /** /ready answers seen before it: connection refused (not listening yet), 503 (listening, loading). */
  readonly refused: number;
  readonly not_ready: number;
  readonly first_us: number;
  readonly steady_us: number;
}

const freePort = () =>
  new Promise<number>((ok) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => ok(port));
    });
  });

/** One request on the agent's connection: status and the time from write to the end of the answer, in µs. */
function send(agent: Agent, port: number, method: string, path: string, payload?: string, key = KEY): Promise<{ status: number; us: number }> {
  return new Promise((ok, fail) => {
    const t = performance.now();
    const req = request({ host: '127.0.0.1', port, method, path, agent, headers: payload === undefined ? {} : { 'content-type': 'application/json', 'x-api-key': key } }, (res) => {
      res.resume();
      res.on('end', () => ok({ status: res.statusCode ?? 0, us: (performance.now() - t) * 1000 }));
    });
    req.on('error', fail);
    req.end(payload);
  });
}

async function served(dist: string, product: Product, steady: number): Promise<Served> {
  const port = await freePort();
  const started = performance.now();
  const server = spawn(process.execPath, [join(dist, 'cli', 'index.js'), 'serve', '--host', '127.0.0.1', '--port', String(port)], {
    cwd: root,
    env: { ...process.env, IDENTITY_SIGNALS_API_KEYS: KEY, IDENTITY_SIGNALS_RATE_LIMIT: '0', IDENTITY_SIGNALS_LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  server.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<void>((ok) => server.once('exit', () => ok()));
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    let refused = 0;
    let notReady = 0;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`${product}: serve exited (${server.exitCode}): ${stderr}`);
      try {
        const { status } = await send(agent, port, 'GET', '/ready');
        if (status === 200) break;
        notReady++;
      } catch {
        refused++;
      }
      await new Promise((ok) => setTimeout(ok, 10));
    }
    const readyMs = performance.now() - started;
    // The client's own POST code warmed too (the polls were GETs): one request the server refuses (401, before
    // any product code runs), as a client that has been talking to the server would have sent others.
    if ((await send(agent, port, 'POST', '/1.0/email', '{}', 'not-the-key')).status !== 401) throw new Error('the refused request was not refused');
    const requests = Array.from({ length: steady + 1 }, (_, i) => body(product, i));
    const times: number[] = [];
    for (const r of requests) {
      const { status, us } = await send(agent, port, 'POST', r.path, r.body);
      if (status !== 200) throw new Error(`${product}: ${r.path} answered ${status}`);
      times.push(us);
    }
    return { ready_ms: readyMs, refused, not_ready: notReady, first_us: times[0]!, steady_us: median(times.slice(1)) };
  } finally {
    agent.destroy();
    server.kill('SIGTERM');
    await exited;
  }
}

const { values: opts } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    steady: { type: 'string', default: '200' },
    dist: { type: 'string', default: join(root, 'dist') },
    only: { type: 'string' },
    json: { type: 'boolean', default: false },
  },
});
const runs = Number(opts.runs);
const steady = Number(opts.steady);
const dist = resolve(opts.dist);
const load = [loadavg()[0]!];

const rows: Record<string, unknown>[] = [];
if (opts.only !== 'server') {
  const samples = new Map<Product, { pre: InProcess[]; cold: InProcess[] }>(PRODUCTS.map((p) => [p, { pre: [], cold: [] }]));
  for (let r = 0; r < runs; r++) {
    for (const p of PRODUCTS) {
      samples.get(p)!.pre.push(inProcess(dist, p, true, steady));
      samples.get(p)!.cold.push(inProcess(dist, p, false, steady));
    }
  }
  for (const p of PRODUCTS) {
    const { pre, cold } = samples.get(p)!;
    const first = median(pre.map((s) => s.first_us));
    const steadyUs = median(pre.map((s) => s.steady_us));
    rows.push({ where: 'in process', product: p, preload_ms: median(pre.map((s) => s.preload_ms)), first_us: first, steady_us: steadyUs, ratio: first / steadyUs, without_preload_first_us: median(cold.map((s) => s.first_us)) });
  }
}
if (opts.only !== 'inprocess') {
  const samples = new Map<Product, Served[]>(PRODUCTS.map((p) => [p, []]));
  for (let r = 0; r < runs; r++) for (const p of PRODUCTS) samples.get(p)!.push(await served(dist, p, steady));
  for (const p of PRODUCTS) {
    const s = samples.get(p)!;
    const first = median(s.map((x) => x.first_us));
    const steadyUs = median(s.map((x) => x.steady_us));
    rows.push({ where: 'serve', product: p, ready_ms: median(s.map((x) => x.ready_ms)), not_ready: median(s.map((x) => x.not_ready)), first_us: first, steady_us: steadyUs, ratio: first / steadyUs });
  }
}
load.push(loadavg()[0]!);

if (opts.json) {
  console.log(JSON.stringify({ runs, steady, node: process.version, cpus: cpus().length, load, dist, rows }, null, 1));
} else {
  const n = (v: unknown, d = 0) => (typeof v === 'number' ? v.toFixed(d) : '');
  console.log(`first check after the data is loaded vs the median of the next ${steady}: median of ${runs} runs, ${process.version}, ${cpus().length} cores, load ${load.map((l) => l.toFixed(2)).join(' → ')}; dist: ${dist}\n`);
  console.log('| where | product | preload ms / ready ms | /ready 503s | first µs | steady µs | first / steady | first without preload µs |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(`| ${r.where} | ${r.product} | ${n(r.preload_ms ?? r.ready_ms)} | ${n(r.not_ready)} | ${n(r.first_us)} | ${n(r.steady_us)} | ${n(r.ratio, 1)} | ${n(r.without_preload_first_us)} |`);
  }
}
