/**
 * The worker-thread entry of the batch pool (piscina loads this file in each
 * thread): one chunk in, its output lines, rejects and counts out.
 * @packageDocumentation
 */
import { move, transferableSymbol, valueSymbol, workerData } from 'piscina';
import { usePrereadFile } from '../ip/mmdb.js';
import { checkChunk } from './checkChunk.js';
import type { PoolWorkerData } from './pool.js';
import type { ChunkResult, ChunkTask } from './types.js';

// The files the pool read once for every thread (the IP city databases), before any check opens them.
for (const [path, shared] of (workerData as PoolWorkerData | undefined)?.files ?? []) usePrereadFile(path, Buffer.from(shared));

const encoder = new TextEncoder();

/**
 * Checks a chunk and hands its output back as UTF-8 bytes whose memory is
 * moved to the reading thread, not cloned: a chunk of mixed rows is about a
 * megabyte of text, which cloned as a string landed on the reading thread's
 * heap (it grew to ~150 MB there before a collection) and cost it the
 * encoding on write.
 */
export default function checkChunkMoved(task: ChunkTask): unknown {
  const result = checkChunk(task);
  // TextEncoder gives the bytes their own buffer (Buffer.from may share its pool's slab, which must never be moved).
  const bytes = encoder.encode(result.text);
  const moved: ChunkResult = { ...result, text: bytes };
  return move({ [transferableSymbol]: bytes.buffer, [valueSymbol]: moved });
}
