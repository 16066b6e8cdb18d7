/**
 * The name tables of the package's bundle, opened once for the tests of
 * internal functions (each receives the tables it reads, as a checker's
 * rules do).
 */
import { openData } from '../../src/data/context.js';
import { PartAnalyser } from '../../src/name/analyse.js';
import { openNameTables } from '../../src/name/tables.js';

export const tables = openNameTables(openData(undefined));
/** The joke reader's state (its tables and caches), for the reader's own functions. */
export const rd = tables.reader.state;
/** A part analyser over the tables, with its own memo. */
export const analyser = new PartAnalyser(tables);
