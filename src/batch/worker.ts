/**
 * The worker-thread entry of the batch pool (piscina loads this file in each
 * thread): one chunk in, its output lines, rejects and counts out.
 * @packageDocumentation
 */
import { move, transferableSymbol, valueSymbol, workerData } from 'piscina';
import { useSharedFile } from '../common/sharedFiles.js';
import { BatchCheckers, checkChunk } from './checkChunk.js';
import type { PoolWorkerData } from './pool.js';
import type { ChunkResult, ChunkTask } from './types.js';

// The files the pool read once for every thread (the IP city databases and range tables), before any check opens them.
for (const [path, shared] of (workerData as PoolWorkerData | undefined)?.files ?? []) useSharedFile(path, Buffer.from(shared));

const encoder = new TextEncoder();

/** This thread's checkers, kept from chunk to chunk. */
const checkers = new BatchCheckers();

/**
 * A chunk's output as UTF-8 bytes, in `given` (memory of an earlier chunk the
 * reading thread has written and handed back) when it fits, else in a new
 * buffer a quarter larger than needed, so that the next, slightly longer
 * chunk still fits when it comes back.
 */
function encodeOutput(text: string, given: ArrayBuffer | undefined): Uint8Array {
  if (given !== undefined) {
    const into = new Uint8Array(given);
    const { read, written } = encoder.encodeInto(text, into);
    if (read === text.length) return into.subarray(0, written);
  }
  const into = new Uint8Array(new ArrayBuffer(Math.ceil(Buffer.byteLength(text, 'utf8') * 1.25)));
  return into.subarray(0, encoder.encodeInto(text, into).written);
}

/**
 * Checks a chunk and hands its output back as UTF-8 bytes whose memory is
 * moved to the reading thread, not cloned: a chunk of mixed rows is about a
 * megabyte of text, which cloned as a string landed on the reading thread's
 * heap (it grew to ~150 MB there before a collection) and cost it the
 * encoding on write. The bytes go into the task's `buffer` when the pool
 * handed one back (see createPool).
 */
export default function checkChunkMoved(task: ChunkTask): unknown {
  const result = checkChunk(task, checkers);
  // Bytes in a buffer of their own (Buffer.from may share its pool's slab, which must never be moved).
  const bytes = encodeOutput(result.text, task.buffer);
  const moved: ChunkResult = { ...result, text: bytes };
  return move({ [transferableSymbol]: bytes.buffer, [valueSymbol]: moved });
}
