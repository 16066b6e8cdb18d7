/**
 * Writes small data bundles for tests, the way a site would produce one by
 * hand (docs/data.md): each file in the generated envelope, a manifest entry
 * with its sha256, size and record count.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { DatasetFormat } from '../../src/data/format.js';
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
