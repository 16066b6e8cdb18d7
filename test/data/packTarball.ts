/**
 * Packs files into a gzip-compressed ustar archive under `package/`, the
 * layout npm registries serve: the loopback registry of the data update
 * tests (test/fixtures/data-update/) is written with it.
 */
import { gzipSync } from 'node:zlib';

const BLOCK = 512;

export function packTarball(entries: readonly { readonly path: string; readonly content: Buffer }[]): Buffer {
  const blocks: Buffer[] = [];
  for (const { path, content } of entries) {
    const name = `package/${path}`;
    if (Buffer.byteLength(name) > 100) throw new Error(`tar: name longer than 100 bytes: ${name}`);
    const header = Buffer.alloc(BLOCK, 0);
    header.write(name, 0, 'utf8');
    header.write('0000644\0', 100, 'ascii');
    header.write('0000000\0', 108, 'ascii');
    header.write('0000000\0', 116, 'ascii');
    header.write(`${content.length.toString(8).padStart(11, '0')}\0`, 124, 'ascii');
    header.write('00000000000\0', 136, 'ascii');
    header.write('        ', 148, 'ascii');
    header.write('0', 156, 'ascii');
    header.write('ustar\0', 257, 'ascii');
    header.write('00', 263, 'ascii');
    let sum = 0;
    for (const b of header) sum += b;
    header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
    blocks.push(header, content, Buffer.alloc((BLOCK - (content.length % BLOCK)) % BLOCK, 0));
  }
  blocks.push(Buffer.alloc(BLOCK * 2, 0));
  return gzipSync(Buffer.concat(blocks), { level: 9 });
}
