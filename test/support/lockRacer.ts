/**
 * One of the processes of the journal-lock race (test/server/webhook-lock-race.test.ts):
 * for each round it waits for the round's start time (a busy wait, so both racers leave
 * the line within microseconds of each other), tries to open the round's journal
 * directory, and prints `held <round>` or `refused <round>`. The journals it holds stay
 * open until the process exits, as a server's would.
 */
import { WebhookJournal } from '../../src/server/webhookJournal.js';

const { dirs, startAt, spacingMs } = JSON.parse(process.env.LOCK_RACE ?? '{}') as { dirs: string[]; startAt: number; spacingMs: number };
const held: WebhookJournal[] = [];
const lines: string[] = [];
for (let round = 0; round < dirs.length; round++) {
  const at = startAt + round * spacingMs;
  while (Date.now() < at) {
    // busy wait: a timer would let the two processes start milliseconds apart
  }
  try {
    held.push(WebhookJournal.open(dirs[round]!));
    lines.push(`held ${round}`);
  } catch (error) {
    lines.push(`refused ${round} ${(error as Error).message}`);
  }
}
process.stdout.write(`${lines.join('\n')}\n`);
