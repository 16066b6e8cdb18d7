/**
 * Every dataset this version of the library reads, from each product's
 * declarations: what `data info`, `data verify` and `data export` walk.
 */
import { DEVICE_DATASETS } from '../device/data/formats.js';
import { EMAIL_DATASETS } from '../email/data/formats.js';
import { IP_DATASETS } from '../ip/data/formats.js';
import { NAME_DATASETS } from '../name/data/formats.js';
import { PHONE_DATASETS } from '../phone/data/formats.js';
import type { DatasetFormat } from './format.js';

/** The datasets, in product then name order. */
export const DATASETS: readonly DatasetFormat<never>[] = Object.freeze(
  [...DEVICE_DATASETS, ...EMAIL_DATASETS, ...IP_DATASETS, ...NAME_DATASETS, ...PHONE_DATASETS] as DatasetFormat<never>[],
);
