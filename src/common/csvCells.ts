/**
 * The cells of one CSV line, for the data files the builders and `data
 * update` read (not the customer files of `batch`, which csv-parse reads):
 * handles "quoted, fields" and "" escapes; nothing else is special, and
 * cells are not trimmed.
 */
export function csvCells(line: string): string[] {
  const out: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch !== '"') cell += ch;
      else if (line[i + 1] === '"') {
        cell += '"';
        i++;
      } else quoted = false;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      out.push(cell);
      cell = '';
    } else cell += ch;
  }
  out.push(cell);
  return out;
}
