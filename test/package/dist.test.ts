import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const run = (args: string[]) => spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', timeout: 60_000 });

// `npm test` builds before it runs the tests; this checks what users get:
// both module formats load and find their data from dist/.
describe('built package (dist/)', () => {
  it('has been built', () => {
    expect(existsSync(join(root, 'dist', 'index.cjs')), 'run `npm run build` first').toBe(true);
  });

  it('works from CommonJS', () => {
    const out = run([
      '-e',
      `const s = require('./dist/index.cjs');
       const e = s.checkEmail('jane@gmial.com'), i = s.checkIp('8.8.8.8'), p = s.checkPhone('+393331234567'), n = s.checkName('Jane', 'Doe');
       const d = s.checkDevice('Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36');
       console.log(JSON.stringify([e.suggestion, i.country, p.original_network, n.risk_type, d.brand]));`,
    ]);
    expect(out.stderr).toBe('');
    expect(JSON.parse(out.stdout)).toEqual(['gmail.com', 'US', 'TIM', 'PLACEHOLDER', 'Samsung']);
  });

  it('works from ESM subpaths, and the CLI runs', () => {
    const out = run([
      '--input-type=module',
      '-e',
      `import { checkEmail } from './dist/email/index.js'; import { checkIp } from './dist/ip/index.js';
       console.log(JSON.stringify([checkEmail('a@mailinator.com').status, checkIp('10.0.0.1').connection_type]));`,
    ]);
    expect(out.stderr).toBe('');
    expect(JSON.parse(out.stdout)).toEqual(['disposable', 'RSV']);
    const cli = run(['dist/cli/index.js', 'phone', '+44 7911 123456', '--compact']);
    expect(cli.status).toBe(0);
    expect(JSON.parse(cli.stdout).original_network).toBe('JT');
  });

  it('reads no data file at import time (sideEffects: false; data loads on first use)', () => {
    const out = run([
      '--input-type=module',
      '-e',
      `import fs from 'node:fs'; import { syncBuiltinESMExports } from 'node:module';
       const read = fs.readFileSync, seen = [];
       fs.readFileSync = function (p, ...a) { if (String(p).includes('/data/')) seen.push(String(p)); return read.call(this, p, ...a); };
       syncBuiltinESMExports();
       await import('./dist/index.js');
       console.log(JSON.stringify(seen));`,
    ]);
    expect(out.stderr).toBe('');
    expect(JSON.parse(out.stdout)).toEqual([]);
  });
});
