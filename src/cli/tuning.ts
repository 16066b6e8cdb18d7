/**
 * `identity-signals evaluate` and `tune`: a labelled file checked as
 * `batch --input` checks it (same reader, mapping, country column and
 * threads), its rows' scores and reasons kept with their labels, then
 * evaluated or fitted.
 *
 * How the labels travel: the label column is carried by the batch run itself
 * (the chunk's `label`, see ChunkTask), as the raw cell of each row, beside
 * that row's scores; the rows come back in input order and each label is read
 * here as it arrives, so a bad value stops the run at once and is named with
 * its line. A row batch would reject (broken quoting, a missing column, a
 * country that is no code) is rejected here too: counted, its line named,
 * kept with `--rejects FILE`.
 */
import { createHash } from 'node:crypto';
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { MappingError } from '../batch/mapColumns.js';
import { writtenFilesProblem } from '../batch/sameFile.js';
import type { BatchFileOptions } from '../batch/run.js';
import { packageVersion } from '../common/version.js';
import { evaluateScores } from '../tuning/evaluate.js';
import { fitScoring } from '../tuning/fit.js';
import { LABEL_VALUES, readLabel } from '../tuning/labels.js';
import { renderTuningReport } from '../tuning/report.js';
import { scoringFileText } from '../tuning/scoringFile.js';
import type { ScoringFromFile } from '../tuning/scoringFile.js';
import type { Evaluation, Label, LabelledRow, ScoringFit, ScoringProvenance } from '../tuning/types.js';
import { UsageError, quoted, wholeFlag } from './args.js';
import { delimiterFlag, mapsFlag, poolMaker } from './batch.js';
import type { Flags } from './args.js';
import { dataDirOf } from './data.js';
import type { CliIo } from './io.js';
import type { FlagName } from './usage.js';

/** What the labels mean, as every refusal of a label says it. */
const LABEL_MEANING = `${LABEL_VALUES.abusive.join(', ')} mean abusive; ${LABEL_VALUES.genuine.join(', ')} mean genuine (any case)`;

/** The labelled rows of a file, and what was read to get them. */
interface LabelledInput {
  readonly rows: LabelledRow[];
  readonly abusive: number;
  readonly genuine: number;
  /** Rows batch rejected (not in `rows`). */
  readonly rejected: number;
  /** sha256 of the input's bytes as read, hex. */
  readonly sha256: string;
}

type TuningCommand = 'evaluate' | 'tune';

function share(flags: Flags, name: 'target-fpr' | 'target-accepted-abusive'): number | undefined {
  const value = flags.given.get(name)?.[0];
  if (value === undefined) return undefined;
  const number = /^(?:0|[1-9]\d{0,8})?(?:\.\d{1,9})?$/.test(value) && value !== '' && value !== '.' ? Number(value) : Number.NaN;
  if (!(number > 0 && number <= 0.5)) throw new UsageError(`--${name} must be a share above 0 and at most 0.5 (0.01 is 1%), got ${quoted(value)}`, 'tune');
  return number;
}

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
const count = (n: number) => n.toLocaleString('en-US');

/** The batch run under `evaluate` or `tune`, from its flags: every fault a UsageError before a file is opened. */
function labelledRunOptions(flags: Flags, command: TuningCommand, scoring: ScoringFromFile | undefined, env: Readonly<Record<string, string | undefined>>): BatchFileOptions {
  const one = (name: FlagName) => flags.given.get(name)?.[0];
  const input = one('input')!;
  if (input === '-' && command === 'tune') throw new UsageError('tune reads a file, not stdin: its name and sha256 go into the scoring file', command);
  const delimiter = delimiterFlag(flags, command);
  const maps = mapsFlag(flags, command);
  const rejects = one('rejects');
  const out = one('out');
  if (rejects === '-' || out === '-') throw new UsageError(`${rejects === '-' ? '--rejects' : '--out'} takes a file (stdout is for the summary)`, command);
  const report = one('report');
  if (report === '-') throw new UsageError('--report takes a file (stdout is for the summary)', command);
  const problem = writtenFilesProblem(input, [out, rejects, report]);
  if (problem !== undefined) throw new UsageError(problem.replace('--output, --rejects and --report', '--out, --rejects and --report'), command);
  const data = dataDirOf(flags, env);
  return {
    input,
    output: '-',
    ...(delimiter === undefined ? {} : { delimiter }),
    outputFormat: 'scored',
    maps,
    label: one('label')!,
    quiet: flags.given.has('quiet'),
    ...(rejects === undefined ? {} : { rejects }),
    // A reject is reported (counted, its lines named), and the rows read are evaluated all the same.
    allowRejects: true,
    skip: 0,
    checker: {
      ...(scoring === undefined ? {} : { scoring }),
      ...(flags.country === undefined ? {} : { country: flags.country }),
      ...(flags.db.length === 0 ? {} : { databases: flags.db }),
      ...(data === undefined ? {} : { data }),
    },
  };
}

/** A row of the `scored` output as read back. */
interface ScoredLine {
  readonly line: number;
  readonly label: unknown;
  readonly [subject: string]: unknown;
}

/**
 * Checks the labelled file on a pool of threads and gives its rows, or
 * `undefined` when the run failed midway (it has said why; exit 1). Throws
 * {@link UsageError} (exit 2) for a label that is no label (naming its line
 * and value), a file without data rows, a missing label column (naming the
 * columns) and a file of one label.
 */
async function readLabelledFile(flags: Flags, command: TuningCommand, scoring: ScoringFromFile | undefined, io: CliIo): Promise<LabelledInput | undefined> {
  const options = labelledRunOptions(flags, command, scoring, io.env ?? process.env);
  const makePool = await poolMaker(flags, command, options.checker.data);
  const { BatchUsageError, runBatchFile } = await import('../batch/run.js');
  const hash = createHash('sha256');
  const rows: LabelledRow[] = [];
  const counts: Record<Label, number> = { abusive: 0, genuine: 0 };
  const stop = new AbortController();
  let bad: { line: number; value: unknown } | undefined;
  let rejected = 0;
  // Reason codes recur on every row: one string each, not one per row (≈40 MB less on 100,000 rows of five products).
  const codes = new Map<string, string>();
  const take = (text: string) => {
    if (bad !== undefined || text === '') return;
    const row = JSON.parse(text) as ScoredLine;
    const label = readLabel(row.label);
    if (label === null) {
      bad = { line: row.line, value: row.label };
      stop.abort();
      return;
    }
    counts[label]++;
    const labelled: Record<string, unknown> = { label, line: row.line };
    for (const [key, value] of Object.entries(row)) {
      if (key === 'line' || key === 'label') continue;
      const result = value as { reasons?: { code: string; points: number }[] };
      for (const reason of result.reasons ?? []) {
        let code = codes.get(reason.code);
        if (code === undefined) codes.set(reason.code, (code = reason.code));
        reason.code = code;
      }
      labelled[key] = value;
    }
    rows.push(labelled as unknown as LabelledRow);
  };
  const name = command;
  let code: number;
  try {
    code = await runBatchFile(
      options,
      {
        stdin: io.stdin,
        ...(io.stderr === undefined ? {} : { stderr: io.stderr }),
        out: (chunk) => {
          for (const line of chunk.split('\n')) take(line);
        },
        // The run's own lines, in this command's name; once a label is refused, the run's closing lines (how to resume) are not for this command.
        err: (line) => {
          if (bad !== undefined) return;
          const summary = /^batch: [\d,]+ rows? read, [\d,]+ checked, ([\d,]+) rejected/.exec(line);
          if (summary) rejected = Number(summary[1]!.replaceAll(',', ''));
          io.err(line.replace(/^batch: /, `${name}: `));
        },
        signal: stop.signal,
        onRead: (chunk) => hash.update(chunk),
      },
      makePool,
    );
  } catch (error) {
    if (error instanceof MappingError || error instanceof BatchUsageError) throw new UsageError(error.message.replace(/^batch: /, ''), 'none');
    throw error;
  }
  const column = options.label!;
  if (bad !== undefined) {
    throw new UsageError(`${options.input}: line ${bad.line}: the label column "${column}" holds ${labelShown(bad.value)}, which is no label (${LABEL_MEANING})`, 'none');
  }
  // The run said why (a read error, a thread that failed): nothing is evaluated or written from part of a file.
  if (code !== 0) return undefined;
  if (rows.length === 0) {
    throw new UsageError(`${options.input} has no data rows${rejected > 0 ? ` (all ${count(rejected)} were rejected)` : ''}: nothing to ${command}`, 'none');
  }
  for (const [label, other] of [['abusive', 'genuine'], ['genuine', 'abusive']] as const) {
    if (counts[other] === 0) {
      throw new UsageError(
        `${options.input}: every row's label (column "${column}") is ${label} (${count(counts[label])} rows): ${command} compares abusive with genuine rows, and there is no ${other} one (${LABEL_MEANING})`,
        'none',
      );
    }
  }
  return { rows, abusive: counts.abusive, genuine: counts.genuine, rejected, sha256: hash.digest('hex') };
}

function labelShown(value: unknown): string {
  if (typeof value === 'string') return value.trim() === '' ? 'an empty cell' : quoted(value);
  return `the JSON value ${JSON.stringify(value)?.slice(0, 64) ?? String(value)}`;
}


/** The evaluation as a person reads it: per subject its rows, AUC, band shares and best separating codes. */
function evaluationText(evaluation: Evaluation): string {
  const out: string[] = [`${count(evaluation.rows)} rows: ${count(evaluation.abusive)} abusive, ${count(evaluation.genuine)} genuine`];
  for (const s of evaluation.subjects) {
    out.push('', `${s.subject}: ${count(s.rows)} rows (${count(s.abusive)} abusive, ${count(s.genuine)} genuine), AUC ${s.auc === null ? 'n/a (one label only)' : s.auc.toFixed(3)}`);
    const bandWidth = Math.max(12, ...s.bands.map((b) => `${b.cluster} ${b.min}–${b.max}`.length + 2));
    out.push(`  ${'band'.padEnd(bandWidth)}${'abusive'.padStart(9)}${'genuine'.padStart(9)}`);
    for (const b of s.bands) out.push(`  ${`${b.cluster} ${b.min}–${b.max}`.padEnd(bandWidth)}${percent(b.abusiveShare).padStart(9)}${percent(b.genuineShare).padStart(9)}`);
    if (s.codes.length > 0) {
      const codeWidth = Math.max(12, ...s.codes.map((c) => c.code.length + 2));
      out.push(`  ${'code'.padEnd(codeWidth)}${'abusive'.padStart(9)}${'genuine'.padStart(9)}${'ln ratio'.padStart(10)}`);
      for (const c of s.codes) {
        out.push(`  ${c.code.padEnd(codeWidth)}${percent(c.abusiveRate).padStart(9)}${percent(c.genuineRate).padStart(9)}${c.logRatio.toFixed(2).padStart(10)}`);
      }
    }
  }
  return out.join('\n');
}

/** `evaluate`: prints the table (or `--json`), exit 0. */
export async function runEvaluate(flags: Flags, scoring: ScoringFromFile | undefined, io: CliIo): Promise<number> {
  const input = await readLabelledFile(flags, 'evaluate', scoring, io);
  if (input === undefined) return 1;
  const evaluation = evaluateScores(input.rows, scoring === undefined ? {} : { scoring });
  io.out(flags.given.has('json') ? JSON.stringify(evaluation) : evaluationText(evaluation));
  return 0;
}

/** The provenance of a tuned file: where it comes from and its cross-validated figures. */
function provenanceOf(fit: ScoringFit, input: LabelledInput, file: string, created: Date, extra: Readonly<Record<string, unknown>>): ScoringProvenance {
  return {
    tool: `identity-signals ${packageVersion()}`,
    created: created.toISOString(),
    input: { file: basename(file), sha256: input.sha256, rows: input.rows.length, abusive: input.abusive, genuine: input.genuine, rejected: input.rejected },
    options: { ...fit.options, ...extra },
    subjects: Object.fromEntries(fit.subjects.map((s) => [s.subject, { rows: s.rows, aucBefore: s.aucBefore, aucAfter: s.aucAfter }])),
    refused: fit.refused,
  };
}

/** The summary of a fit: per subject its AUC before → after, its bands and held-out rates; then the refusals. */
function fitText(fit: ScoringFit, out: string, report?: string): string {
  const lines: string[] = [];
  for (const s of fit.subjects) {
    const bands = s.bands.map((b) => `${b.min}–${b.max}`).join(', ');
    lines.push(
      `${s.subject}: ${count(s.rows)} rows (${count(s.abusive)} abusive, ${count(s.genuine)} genuine), cross-validated AUC ${s.aucBefore.toFixed(3)} → ${s.aucAfter.toFixed(3)}`,
      `  bands ${bands}; held out: ${percent(s.heldOut.genuineBlocked)} of genuine rows blocked, ${percent(s.heldOut.abusiveAccepted)} of abusive rows accepted`,
      `  weights changed: ${s.weights.filter((w) => w.after !== w.before).length} of ${s.weights.length}${s.weights.some((w) => w.kept !== null) ? ` (${s.weights.filter((w) => w.kept !== null).length} kept at the package's weight)` : ''}`,
    );
  }
  for (const r of fit.refused) lines.push(`${r.subject}: not fitted: ${r.reason}`);
  lines.push(`wrote ${out}${report === undefined ? '' : ` and ${report}`}`);
  return lines.join('\n');
}

/**
 * Writes `text` to `path` whole or not at all: into a new file beside it,
 * then renamed over it, so a run stopped midway never leaves half a scoring
 * file that a server would refuse at its next start (and a link at `path`
 * is replaced, not written through).
 */
function writeWhole(path: string, text: string): void {
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  try {
    writeFileSync(temporary, text, { flag: 'wx' });
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(`cannot write ${path}: ${code === 'ENOENT' ? 'no such folder' : (error as Error).message}`, 'none');
  }
}

/** `tune`: fits, writes `--out` (never the input), prints the summary. */
export async function runTune(flags: Flags, now: () => Date, io: CliIo): Promise<number> {
  const targetFpr = share(flags, 'target-fpr');
  const targetAcceptedAbusive = share(flags, 'target-accepted-abusive');
  const folds = wholeFlag(flags, 'folds', 2, 20, 'tune');
  const seed = wholeFlag(flags, 'seed', 0, 2 ** 32 - 1, 'tune');
  const out = flags.given.get('out')![0]!;
  const input = await readLabelledFile(flags, 'tune', undefined, io);
  if (input === undefined) return 1;
  const fit = fitScoring(input.rows, {
    ...(folds === undefined ? {} : { folds }),
    ...(seed === undefined ? {} : { seed }),
    ...(targetFpr === undefined ? {} : { targetFpr }),
    ...(targetAcceptedAbusive === undefined ? {} : { targetAcceptedAbusive }),
  });
  const file = flags.given.get('input')![0]!;
  const provenance = provenanceOf(fit, input, file, now(), {
    label: flags.given.get('label')![0],
    ...(flags.given.has('map') ? { map: flags.given.get('map') } : {}),
    ...(flags.country === undefined ? {} : { country: flags.country }),
  });
  writeWhole(out, scoringFileText(fit.scoring, provenance));
  const report = flags.given.get('report')?.[0];
  if (report !== undefined) writeWhole(report, renderTuningReport(fit, provenance));
  io.out(fitText(fit, out, report));
  return 0;
}
