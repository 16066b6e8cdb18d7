/**
 * Runs every product's data builder (scripts/<product>/build.ts) in turn.
 *   npm run data:build        regenerate data/
 *   npm run data:check        regenerate in memory and fail on drift
 * One product only: npm run data:build -- email
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './lib/generated.js';

const check = process.argv.includes('--check');
const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const products = readdirSync(join(ROOT, 'scripts'), { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(ROOT, 'scripts', d.name, 'build.ts')))
  .map((d) => d.name)
  .filter((p) => only.length === 0 || only.includes(p))
  .sort();

let failed = 0;
for (const product of products) {
  const args = ['--import', 'tsx', join(ROOT, 'scripts', product, 'build.ts'), ...(check ? ['--check'] : [])];
  const run = spawnSync(process.execPath, args, { stdio: 'inherit', cwd: ROOT });
  if (run.status !== 0) failed++;
}
if (failed > 0) {
  console.error(`${failed} data builder(s) failed`);
  process.exit(1);
}
