/**
 * The labelled sign-up corpus: its row format and the constants that pin it.
 *
 * A row is one sign-up. `label` and `family` say how the row was BUILT
 * (which generator made it), never what any check says about it. Each input
 * also carries its own label under `products`, so a product is measured on
 * its own input: an abusive sign-up may type a clean-looking phone, a
 * genuine one may come through a VPN.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The day the corpus describes: browser versions, the sign-ups' clock, the checker's `now`. */
export const CORPUS_DATE = '2026-11-01';
/** The instant the checker is pinned to (noon UTC of {@link CORPUS_DATE}); each row also has its own `at`. */
export const CORPUS_NOW = new Date(`${CORPUS_DATE}T12:00:00Z`);
/** The builder's seed: change it and every row changes. */
export const SEED = 0x51_6e_05;
/** Format of the rows (bump on any change of field meaning). */
export const CORPUS_FORMAT = 1;

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Where the corpus lives (committed; rebuilt by scripts/signups/build.ts, checked by npm run data:check). */
export const CORPUS_FILE = join(ROOT, 'test', 'fixtures', 'signups', 'signups.jsonl');

export type Label = 'genuine' | 'abusive';
export type Split = 'fit' | 'score';
export type Product = 'email' | 'phone' | 'ip' | 'device' | 'name';
export const PRODUCTS: readonly Product[] = ['email', 'phone', 'ip', 'device', 'name'];

/** How one input was built: its label and the generator (family) that made it. */
export interface InputLabel {
  readonly label: Label;
  /** `genuine/…` or `abusive/…`, the generator of this input. */
  readonly family: string;
}

/** One sign-up. Inputs a form did not ask for are absent (and so is their product label). */
export interface SignupRow {
  readonly id: string;
  readonly split: Split;
  readonly label: Label;
  /** The sign-up's family (`genuine/everyday`, `abusive/bot-farm`, …). */
  readonly family: string;
  /** The country the sign-up declares (ISO 3166-1 alpha-2): the form's country field. */
  readonly country: string;
  /** When the sign-up happened (UTC, ISO 8601), in the week before {@link CORPUS_DATE}. */
  readonly at: string;
  readonly email: string;
  readonly first_name?: string;
  readonly last_name?: string;
  readonly phone?: string;
  readonly ip: string;
  readonly user_agent: string;
  /** Request headers the device check reads (client hints); `{}` when the browser sends none. */
  readonly headers: Readonly<Record<string, string>>;
  readonly products: Readonly<Partial<Record<Product, InputLabel>>>;
}

/** Reads corpus rows from JSON Lines text (the `//` header line skipped). */
export function parseCorpus(text: string): SignupRow[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('{"//"'))
    .map((line) => JSON.parse(line) as SignupRow);
}
