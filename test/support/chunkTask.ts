import type { ChunkTask } from '../../src/batch/types.js';

/**
 * A chunk of CSV `records` as the reading thread hands it out: the first
 * chunk (seq 0) of a file whose header is line 1, NDJSON output with the
 * default fields, no report; `task` gives the columns and mapping and
 * overrides any of the rest.
 */
export function chunkTask(records: string[], task: Pick<ChunkTask, 'columns' | 'mapping'> & Partial<ChunkTask>): ChunkTask {
  return {
    seq: 0,
    format: 'csv',
    delimiter: ',',
    records,
    lines: records.map((_, i) => i + 2),
    output: 'ndjson',
    fields: [],
    checker: {},
    report: false,
    ...task,
  };
}
