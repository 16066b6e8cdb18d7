/**
 * The e-mail datasets of the running check's bundle (see src/data/context.ts):
 * read and verified on first use, kept by that bundle.
 */
import { currentBundle } from '../data/context.js';
import { POPULAR_DOMAINS } from './data/formats.js';
import type { PopularDomainsData } from './data/formats.js';

export type { PopularDomainsData } from './data/formats.js';

/** The curated popular-domain data. */
export function popularDomainsData(): PopularDomainsData {
  return currentBundle().load(POPULAR_DOMAINS);
}
