/**
 * Writes small data bundles for tests, the way a site would produce one by
 * hand (docs/data.md): each file in the generated envelope, a manifest entry
 * with its sha256, size and record count.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { DatasetFormat } from '../../src/data/format.js';
import { DISPOSABLE } from '../../src/email/data/formats.js';
import { formatManifest } from '../../src/data/manifest.js';
import type { ManifestDataset } from '../../src/data/manifest.js';

/** One dataset of a test bundle (any declared format, with data of its shape or, to test the checks, not). */
export interface TestDataset {
  readonly format: DatasetFormat<never>;
  readonly data: unknown;
  /** @default '2026-11-20' */
  readonly retrieved?: string;
}

/** The bytes of a JSON dataset as builders write them. */
export function envelope(formatVersion: number, data: unknown): Buffer {
  return Buffer.from(`${JSON.stringify({ '//': 'test bundle', formatVersion, data })}\n`);
}

/** A manifest entry for `bytes` written as `format`. */
export function entryFor(format: DatasetFormat<never>, bytes: Buffer, records: number, retrieved = '2026-11-20'): ManifestDataset {
  return {
    product: format.product,
    name: format.name,
    file: format.file,
    formatVersion: format.formatVersion,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    bytes: bytes.length,
    records,
    source: 'test fixture',
    licence: 'CC0-1.0',
    retrieved,
  };
}

/** Writes a manifest listing `datasets` into `dir`. */
export function writeManifestFile(dir: string, datasets: readonly ManifestDataset[]): void {
  writeFileSync(join(dir, 'manifest.json'), formatManifest({ format: 'identity-signals-data', formatVersion: 1, created: '2026-11-20', datasets }));
}

/** A new temporary bundle directory holding `datasets` (JSON datasets only). */
export function makeBundle(datasets: readonly TestDataset[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'is-bundle-'));
  const entries: ManifestDataset[] = [];
  for (const d of datasets) {
    const bytes = envelope(d.format.formatVersion, d.data);
    mkdirSync(dirname(join(dir, d.format.file)), { recursive: true });
    writeFileSync(join(dir, d.format.file), bytes);
    entries.push(entryFor(d.format, bytes, d.format.records(d.data as never), d.retrieved));
  }
  writeManifestFile(dir, entries);
  return dir;
}

/** The package's own disposable-domain list as its bundle holds it (whatever its layout in this version), and its record count. */
function packageDisposable(): { readonly bytes: Buffer; readonly records: number } {
  const data = join(import.meta.dirname, '..', '..', 'data');
  const manifest = JSON.parse(readFileSync(join(data, 'manifest.json'), 'utf8')) as { datasets: { file: string; records: number }[] };
  return { bytes: readFileSync(join(data, DISPOSABLE.file)), records: manifest.datasets.find((d) => d.file === DISPOSABLE.file)!.records };
}

/**
 * Writes (or rewrites) in `dir` a partial bundle of one dataset, the
 * package's disposable list dated `retrieved`. `bytes`, when given, are
 * written as the file instead while the manifest still describes the
 * package's list: a bundle whose file fails verification.
 */
export function writeDisposableBundle(dir: string, retrieved: string, bytes?: Buffer): void {
  const own = packageDisposable();
  mkdirSync(dirname(join(dir, DISPOSABLE.file)), { recursive: true });
  writeFileSync(join(dir, DISPOSABLE.file), bytes ?? own.bytes);
  writeManifestFile(dir, [entryFor(DISPOSABLE as never, own.bytes, own.records, retrieved)]);
}
