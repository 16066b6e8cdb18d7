/**
 * A small CSV reader for the curated device tables in data/raw/device/.
 * Lines starting with `#` are comments (they carry the source notes), the
 * first other line is the header. Fields may be double-quoted ("a, b") with
 * "" as an escaped quote; nothing else is special.
 */
import { readFileSync } from 'node:fs';

/** One parsed row: header name → raw cell text (trimmed), plus its line number. */
export interface CsvRow {
  readonly line: number;
  readonly cells: Readonly<Record<string, string>>;
}

function splitLine(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"') {
        if (line[i + 1] === '"') {
          cur += '"';
          i++;
        } else {
          quoted = false;
        }
      } else {
        cur += ch;
      }
    } else if (ch === '"') {
      quoted = true;
    } else if (ch === ',') {
      out.push(cur.trim());
      cur = '';
    } else {
      cur += ch;
    }
  }
  out.push(cur.trim());
  return out;
}

/** Reads a CSV file; throws with file:line when a row has the wrong number of cells. */
export function readCsv(path: string): { header: string[]; rows: CsvRow[]; text: string } {
  const text = readFileSync(path, 'utf8');
  const lines = text.split('\n');
  let header: string[] | undefined;
  const rows: CsvRow[] = [];
  lines.forEach((raw, index) => {
    const line = raw.replace(/\r$/, '');
    if (line.trim() === '' || line.startsWith('#')) return;
    const cells = splitLine(line);
    if (header === undefined) {
      header = cells;
      return;
    }
    if (cells.length !== header.length) {
      throw new Error(`${path}:${index + 1}: ${cells.length} cells, header has ${header.length}`);
    }
    const record: Record<string, string> = {};
    header.forEach((name, i) => {
      record[name] = cells[i] ?? '';
    });
    rows.push({ line: index + 1, cells: record });
  });
  if (header === undefined) throw new Error(`${path}: no header line`);
  return { header, rows, text };
}
