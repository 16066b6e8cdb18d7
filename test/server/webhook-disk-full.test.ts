import type { ChildProcess } from 'node:child_process';
import { spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { scratchFolders } from '../support/scratch.js';
import { startServeBin } from '../support/serveBin.js';

// A real full disk under the built server (npm test builds first; in a
// focused run, `npm run build` first): the journal lives on a 1 MiB tmpfs,
// deliveries are pending (the receiver answers 503), and the disk is filled.
// The server must keep answering, refuse new webhooks with 503 (/ready says
// why), not loop over the deliveries whose outcome it cannot write, and
// deliver everything it accepted once the disk has room again. Mounting a
// tmpfs needs root (CI runs as root); elsewhere the test says so and the
// same behaviour is covered in process by test/server/webhook-journal-faults.test.ts.

const { root, folder } = scratchFolders('identity-signals-disk-full-');
const mountPoint = join(root, 'disk');
mkdirSync(mountPoint);
const mounted = process.getuid?.() === 0 && spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=1m,mode=0700', 'tmpfs', mountPoint]).status === 0;
const children: ChildProcess[] = [];
// Registered after scratchFolders: after-all hooks run last first, so the processes go, then the mount, then the folder.
afterAll(() => {
  if (mounted) spawnSync('umount', ['-l', mountPoint]);
});
afterAll(async () => {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) {
      const gone = new Promise((ok) => child.once('close', ok));
      child.kill('SIGKILL');
      await gone;
    }
  }
});

function call(port: number, method: string, path: string, body?: object): Promise<{ status: number; text: string }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((ok, fail) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        timeout: 2000,
        headers: payload === undefined ? {} : { 'content-type': 'application/json', 'x-api-key': 'k1', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => ok({ status: res.statusCode!, text }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('no answer within 2 s')));
    req.on('error', fail);
    req.end(payload);
  });
}

/** CPU seconds the process has used (user + system), from /proc. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

describe('webhook journal on a full disk (real tmpfs, the built server)', () => {
  it.runIf(mounted)('the server answers, refuses webhooks with 503, does not loop, and delivers everything once the disk has room', async () => {
    const dir = folder();
    let status = 503;
    const hits: string[] = [];
    const receiver = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        hits.push(String(req.headers['x-delivery-id']));
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((ok) => receiver.listen(0, '127.0.0.1', ok));
    const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    writeFileSync(join(dir, 'crm.csv'), 'domain,company_name\nacme-widgets.com,Acme\n');
    const config = join(dir, 'config.json');
    writeFileSync(
      config,
      JSON.stringify({
        keys: [{ key: 'k1', webhookSecret: 'whsec', rateLimit: { perSecond: 10_000, burst: 10_000 } }],
        providers: [{ type: 'table', file: 'crm.csv' }],
        webhook: { dir: join(mountPoint, 'journal'), allowPrivateTargets: true, baseDelayMs: 50, maxDelayMs: 200 },
      }),
    );
    const serve = startServeBin(['--config', config], { IDENTITY_SIGNALS_LOG_LEVEL: 'warn' });
    children.push(serve.child);
    const filler = join(mountPoint, 'filler');
    try {
      const port = await serve.port;
      const email = (n: number, webhook: boolean) =>
        call(port, 'POST', '/1.0/email', { customer_id: 'c', claims: ['email'], email: `jane${n}@acme-widgets.com`, ...(webhook ? { webhook_url: hook } : {}) });
      const accepted = await Promise.all(Array.from({ length: 20 }, (_, n) => email(n, true)));
      expect(accepted.map((r) => r.status)).toEqual(Array(20).fill(200));
      while (new Set(hits).size < 20) await new Promise((ok) => setTimeout(ok, 20));

      // The disk fills up: nothing more fits in the journal.
      const fd = openSync(filler, 'w');
      try {
        const block = Buffer.alloc(65_536, 0x78);
        for (;;) writeSync(fd, block);
      } catch (error) {
        expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
      } finally {
        closeSync(fd);
      }
      const pid = serve.child.pid!;
      const hitsBefore = hits.length;
      const logBefore = serve.stdout().length + serve.stderr().length;
      const cpuBefore = cpuSeconds(pid);
      let healthy = 0;
      const unanswered: string[] = [];
      for (let i = 0; i < 20; i++) {
        await new Promise((ok) => setTimeout(ok, 250));
        const health = await call(port, 'GET', '/health').catch((error: Error) => ({ status: 0, text: error.message }));
        if (health.status === 200) healthy += 1;
        else unanswered.push(health.text);
      }
      const cpu = cpuSeconds(pid) - cpuBefore;
      const sent = hits.length - hitsBefore;
      const logged = serve.stdout().length + serve.stderr().length - logBefore;
      const ready = await call(port, 'GET', '/ready');
      const refused = await email(100, true);
      const checked = await email(101, false);
      console.log(
        `full disk, 5 s: /health answered ${healthy} of 20, ${cpu.toFixed(2)} CPU s, ${sent} attempts to the receiver, ${logged} bytes of log; /ready ${ready.status}, a webhook request ${refused.status}, a check ${checked.status}`,
      );
      expect(unanswered).toEqual([]);
      expect(ready.status).toBe(503);
      expect(JSON.parse(ready.text)).toMatchObject({ reason: expect.stringMatching(/^webhooks: the webhook journal cannot be written: ENOSPC/) });
      expect(refused.status).toBe(503);
      expect(JSON.parse(refused.text)).toMatchObject({ error: { code: 'WEBHOOKS_UNAVAILABLE' } });
      expect(checked.status).toBe(200);
      // What was in flight when the disk filled, then nothing: no loop.
      expect(sent).toBeLessThan(40);
      expect(logged).toBeLessThan(16_384);

      // Room again, and the receiver is up: everything accepted arrives, /ready is back.
      unlinkSync(filler);
      status = 200;
      const end = Date.now() + 90_000;
      while (Date.now() < end) {
        const readyAgain = await call(port, 'GET', '/ready');
        if (readyAgain.status === 200 && (await call(port, 'GET', '/metrics')).text.includes('identity_signals_webhook_queue_depth 0')) break;
        await new Promise((ok) => setTimeout(ok, 200));
      }
      expect((await call(port, 'GET', '/ready')).status).toBe(200);
      expect((await email(102, true)).status).toBe(200);
      const distinct = new Set(hits);
      console.log(`disk has room again: ${distinct.size} distinct deliveries received (20 accepted while it was full, 1 after), ${hits.length} requests in all`);
      expect(distinct.size).toBeGreaterThanOrEqual(20);
    } finally {
      try {
        unlinkSync(filler);
      } catch {
        // removed above
      }
      serve.child.kill('SIGKILL');
      await new Promise<void>((ok) => (receiver.closeAllConnections(), receiver.close(() => ok())));
    }
  }, 180_000);

  it.skipIf(mounted)('needs root to mount a tmpfs: covered in process by test/server/webhook-journal-faults.test.ts', () => {
    console.log('webhook-disk-full: not run (mounting a tmpfs needs root)');
  });
});
