import { describe, expect, it } from 'vitest';
import { createPool } from '../../src/batch/pool.js';
import { chooseThreads } from '../../src/batch/threads.js';
import { chunkTask } from '../support/chunkTask.js';

// Peak resident memory under 500 MB whatever the core count. A
// thread of rows of all five products costs 80–90 MB at its first chunk and
// more as the run goes on, so `--workers` defaulting to the cores went past
// it from 3 threads on (505–527 MB on 20,000 rows); the default is now the
// cores that fit the budget, at the cost measured on the run's first thread.

describe('chooseThreads: the cores, as many as fit the memory budget', () => {
  // A thread of all five products: 80 MB at its first chunk; the run then grows by each thread's
  // young generation (16 MB) and a quarter of its cost, and the reading thread's young generation (32 MB).
  const measured = { beforeMb: 200, afterMb: 280, budgetMb: 500, youngGenerationMb: 16 };

  it('8 cores, 80 MB a thread, 280 MB with the first: 2 threads (464 MB expected, 580 with 3), said with the mapping from cores to threads', () => {
    const choice = chooseThreads({ ...measured, wanted: 8, explicit: false });
    expect(choice).toEqual({ threads: 2, perThreadMb: 80, expectedMb: 464, line: 'workers: 2 of 8 cores (memory budget 500 MB, ~80 MB a thread, expected peak ~464 MB)' });
    expect(Object.isFrozen(choice)).toBe(true);
    expect(chooseThreads({ ...measured, wanted: 8, explicit: false, budgetMb: 580 }).threads).toBe(3);
    expect(chooseThreads({ ...measured, wanted: 8, explicit: false, budgetMb: 579 }).threads).toBe(2);
  });

  it('never more threads than the cores, however much room', () => {
    expect(chooseThreads({ ...measured, wanted: 2, explicit: false, budgetMb: 100_000 }).threads).toBe(2);
    expect(chooseThreads({ ...measured, wanted: 1, explicit: false }).line).toBe('workers: 1 of 1 core (memory budget 500 MB, ~80 MB a thread, expected peak ~348 MB)');
  });

  it('a cheap thread (e-mail rows load a tenth of the data) lets more cores run: 7 of 8 at 32 MB a thread', () => {
    const email = { ...measured, beforeMb: 66, afterMb: 98 };
    expect(chooseThreads({ ...email, wanted: 8, explicit: false })).toMatchObject({ threads: 7, expectedMb: 490 });
    expect(chooseThreads({ ...email, wanted: 4, explicit: false }).threads).toBe(4);
  });

  it('at least one thread, with a warning, when one alone is expected over the budget', () => {
    const choice = chooseThreads({ ...measured, wanted: 8, explicit: false, budgetMb: 250 });
    expect(choice.threads).toBe(1);
    expect(choice.warning).toBe('one worker thread is expected to take the process to 348 MB, over the memory budget of 250 MB (--max-memory)');
  });

  it('--workers N wins, with a warning when it is likely over the budget, naming the count that fits', () => {
    const choice = chooseThreads({ ...measured, wanted: 5, explicit: true });
    expect(choice.threads).toBe(5);
    // The count is the one asked for: no line saying it, only the warning.
    expect(choice.line).toBeUndefined();
    expect(choice.warning).toBe('--workers 5 is likely to peak near 812 MB, over the memory budget of 500 MB; --workers 2 fits it');
    expect(chooseThreads({ ...measured, wanted: 2, explicit: true }).warning).toBeUndefined();
  });
});

describe('the thread pool under a memory budget', () => {
  const rows = (n: number, from: number) => Array.from({ length: n }, (_, i) => `user${from + i}@example.com`);
  const chunk = (seq: number) => chunkTask(rows(20, seq * 20), { seq, columns: ['Email'], mapping: { email: ['Email'] } });

  it('starts one thread, measures it, and starts no more when the budget has no room: fewer threads than asked', async () => {
    const said: string[] = [];
    const warned: string[] = [];
    const pool = createPool(4, { memory: { explicit: false, budgetMb: 1, say: (l) => said.push(l), warn: (l) => warned.push(l) } });
    try {
      expect(pool.window).toBe(3);
      await Promise.all([0, 1, 2].map((seq) => pool.run(chunk(seq))));
      expect(said).toHaveLength(1);
      expect(said[0]).toMatch(/^batch: workers: 1 of 4 cores \(memory budget 1 MB, ~[\d,]+ MB a thread, expected peak ~[\d,]+ MB\)$/);
      expect(warned).toEqual([expect.stringMatching(/^batch: warning: one worker thread is expected to take the process to [\d,]+ MB, over the memory budget of 1 MB \(--max-memory\)$/)]);
      // A window's worth more chunks still go to the one thread.
      await Promise.all([3, 4, 5].map((seq) => pool.run(chunk(seq))));
      expect(pool.threads).toBe(1);
      expect(pool.window).toBe(3);
    } finally {
      await pool.close();
    }
  }, 120_000);

  it('with room, the threads asked for are started once the first is measured, and the window grows with them', async () => {
    const said: string[] = [];
    const pool = createPool(3, { memory: { explicit: false, budgetMb: 1_000_000, say: (l) => said.push(l), warn: (l) => said.push(l) } });
    try {
      await pool.run(chunk(0));
      expect(pool.threads).toBe(1);
      expect(said).toEqual([expect.stringMatching(/^batch: workers: 3 of 3 cores \(memory budget 1,000,000 MB, ~[\d,]+ MB a thread, expected peak ~[\d,]+ MB\)$/)]);
      expect(pool.window).toBe(9);
      const results = await Promise.all([1, 2, 3, 4, 5, 6].map((seq) => pool.run(chunk(seq))));
      expect(results.map((r) => r.seq)).toEqual([1, 2, 3, 4, 5, 6]);
      expect(pool.threads).toBe(3);
    } finally {
      await pool.close();
    }
  }, 120_000);

  it('--workers N starts its N threads at once, not after the first thread is measured', async () => {
    const pool = createPool(2, { memory: { explicit: true, budgetMb: 1_000_000, say: () => {}, warn: () => {} } });
    try {
      const first = [pool.run(chunk(0)), pool.run(chunk(1))];
      expect(pool.threads).toBe(2);
      expect((await Promise.all(first)).map((r) => r.seq)).toEqual([0, 1]);
    } finally {
      await pool.close();
    }
  }, 120_000);

  it('--workers N starts N threads even over the budget, and warns', async () => {
    const said: string[] = [];
    const warned: string[] = [];
    const pool = createPool(2, { memory: { explicit: true, budgetMb: 1, say: (l) => said.push(l), warn: (l) => warned.push(l) } });
    try {
      await pool.run(chunk(0));
      await Promise.all([1, 2, 3].map((seq) => pool.run(chunk(seq))));
      expect(pool.threads).toBe(2);
      expect(said).toEqual([]);
      expect(warned).toEqual([expect.stringMatching(/^batch: warning: --workers 2 is likely to peak near [\d,]+ MB, over the memory budget of 1 MB; one worker thread is expected to take the process to [\d,]+ MB$/)]);
    } finally {
      await pool.close();
    }
  }, 120_000);

  it('without --workers, a run that nears the budget all the same stops its last thread, down to one; the chunks still come back', async () => {
    // What fills late in a long run (caches, a heap's slack) is not in the first chunk's measure:
    // 2 threads of all five products estimated at 458 MB peaked at 497 MB on 1,000,000 rows.
    let rss = 100;
    const said: string[] = [];
    const pool = createPool(3, { memory: { explicit: false, budgetMb: 400, say: (l) => said.push(l), warn: (l) => said.push(l), residentMb: () => rss } });
    try {
      rss = 150;
      await pool.run(chunk(0));
      // 150 + 2 × 50 + 3 × (16 + 12.5) + 32 = 368 MB expected: 3 threads.
      expect(said).toEqual(['batch: workers: 3 of 3 cores (memory budget 400 MB, ~50 MB a thread, expected peak ~368 MB)']);
      await Promise.all([1, 2, 3].map((seq) => pool.run(chunk(seq))));
      expect(pool.threads).toBe(3);
      // 97% of the budget is 388 MB.
      rss = 390;
      await pool.run(chunk(4));
      expect(said.at(-1)).toBe('batch: workers: 2 (resident memory reached 390 MB of the 400 MB budget: one thread stopped)');
      expect(pool.threads).toBe(2);
      expect(pool.window).toBe(6);
      rss = 300;
      const results = await Promise.all([5, 6, 7, 8].map((seq) => pool.run(chunk(seq))));
      expect(results.map((r) => r.checked)).toEqual([20, 20, 20, 20]);
      expect(pool.threads).toBe(2);
      rss = 395;
      // One thread at a time: the next is stopped once the first has ended, and the last never.
      let seq = 9;
      for (; pool.threads > 1 && seq < 400; seq++) {
        await pool.run(chunk(seq));
        await new Promise((ok) => setTimeout(ok, 20));
      }
      expect(pool.threads).toBe(1);
      expect(said.at(-1)).toBe('batch: workers: 1 (resident memory reached 395 MB of the 400 MB budget: one thread stopped)');
      expect((await pool.run(chunk(seq))).checked).toBe(20);
      expect(pool.threads).toBe(1);
    } finally {
      await pool.close();
    }
  }, 120_000);

  it('--workers N keeps its N threads near the budget: the person asked for them', async () => {
    let rss = 100;
    const said: string[] = [];
    const pool = createPool(2, { memory: { explicit: true, budgetMb: 400, say: (l) => said.push(l), warn: (l) => said.push(l), residentMb: () => rss } });
    try {
      rss = 150;
      await pool.run(chunk(0));
      rss = 399;
      await Promise.all([1, 2, 3, 4].map((seq) => pool.run(chunk(seq))));
      expect(pool.threads).toBe(2);
      expect(said).toEqual([]);
    } finally {
      await pool.close();
    }
  }, 120_000);
});
