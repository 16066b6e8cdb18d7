/**
 * The worker-thread entry of the batch pool (piscina loads this file in each
 * thread): one chunk in, its output lines, rejects and counts out.
 * @packageDocumentation
 */
import { workerData } from 'piscina';
import { usePrereadFile } from '../ip/mmdb.js';
import { checkChunk } from './checkChunk.js';
import type { PoolWorkerData } from './pool.js';

// The files the pool read once for every thread (the IP city databases), before any check opens them.
for (const [path, shared] of (workerData as PoolWorkerData | undefined)?.files ?? []) usePrereadFile(path, Buffer.from(shared));

export default checkChunk;
