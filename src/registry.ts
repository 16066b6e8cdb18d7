/**
 * The products, listed once: every file that needs all of them (the
 * checker, the `scoring` option's check, `data verify`/`export`/`update`)
 * takes them from here instead of importing each product.
 */
import { DEVICE_DATASETS } from './device/data/formats.js';
import { EMAIL_DATASETS } from './email/data/formats.js';
import { IP_DATASETS } from './ip/data/formats.js';
import { NAME_DATASETS } from './name/data/formats.js';
import { PHONE_DATASETS } from './phone/data/formats.js';
import type { DatasetFormat } from './data/format.js';

/** Every dataset any product reads, in the order `data info` lists them. */
export const DATASETS: readonly DatasetFormat<never>[] = Object.freeze(
  [...DEVICE_DATASETS, ...EMAIL_DATASETS, ...IP_DATASETS, ...NAME_DATASETS, ...PHONE_DATASETS] as DatasetFormat<never>[],
);
