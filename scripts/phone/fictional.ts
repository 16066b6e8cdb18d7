/**
 * Reads data/raw/phone/fictional-ranges.tsv (the regulators' ranges reserved
 * for fiction, one range a line with its regulator, document title and URL)
 * into the `data` of data/phone/fictional.json, refusing a malformed line.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FictionalRangesJson, FictionalSource } from '../../src/phone/data/formats.js';
import { RAW, sha256 } from '../lib/generated.js';

export const FICTIONAL_TSV = 'phone/fictional-ranges.tsv';
const HEADER = ['calling_code', 'first', 'last', 'range', 'regulator', 'title', 'url'];

/** The raw file's text, its sha256 and the data built from it. */
export function readFictionalRanges(): { data: FictionalRangesJson; sha256: string; regulators: string[] } {
  const text = readFileSync(join(RAW, FICTIONAL_TSV), 'utf8');
  const fail = (line: number, why: string): never => {
    throw new Error(`data/raw/${FICTIONAL_TSV}:${line}: ${why}`);
  };
  const sources: FictionalSource[] = [];
  const ranges: Record<string, [string, string, number][]> = {};
  let header = false;
  text.split('\n').forEach((raw, i) => {
    const line = i + 1;
    if (raw === '' || raw.startsWith('#')) return;
    const cells = raw.split('\t');
    if (!header) {
      if (cells.join(',') !== HEADER.join(',')) fail(line, `header must be ${HEADER.join(' ')}`);
      header = true;
      return;
    }
    if (cells.length !== HEADER.length) fail(line, `${cells.length} columns, expected ${HEADER.length}`);
    const [code, first, last, , regulator, title, url] = cells as [string, string, string, string, string, string, string];
    if (!/^[1-9]\d{0,2}$/.test(code)) fail(line, `calling code ${code} is not 1–3 digits`);
    if (!/^[\dx]{4,17}$/.test(first) || first.length !== last.length) fail(line, `${first}..${last}: national numbers of one length, digits or x`);
    for (let k = 0; k < first.length; k++) {
      if ((first[k] === 'x') !== (last[k] === 'x')) fail(line, `${first}..${last}: x in different places`);
    }
    if (first.replace(/x/g, '') > last.replace(/x/g, '')) fail(line, `${first} is after ${last}`);
    if (!url.startsWith('https://') || regulator === '' || title === '') fail(line, 'a range needs its regulator, document title and https URL');
    let source = sources.findIndex((s) => s.url === url);
    if (source < 0) source = sources.push({ regulator, title, url }) - 1;
    else if (sources[source]!.title !== title || sources[source]!.regulator !== regulator) fail(line, `${url} cited with another regulator or title`);
    (ranges[code] ??= []).push([first, last, source]);
  });
  if (!header) fail(1, 'no header');
  return { data: { sources, ranges }, sha256: sha256(text), regulators: sources.map((s) => s.regulator) };
}
