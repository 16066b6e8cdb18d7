/**
 * The worker-thread entry of the batch pool (piscina loads this file in each
 * thread): one chunk in, its output lines, rejects and counts out.
 * @packageDocumentation
 */
import { checkChunk } from './checkChunk.js';

export default checkChunk;
