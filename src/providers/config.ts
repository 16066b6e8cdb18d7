import type { OptionRule } from '../common/options.js';
import { isPlainObject, kindOf, optionError } from '../common/options.js';
import { quoteInput } from '../common/quoteInput.js';
import { PROVIDER_PRODUCTS, fieldType } from './fields.js';
import type { ProviderProduct } from './types.js';

/**
 * A checker's `providers[i]`: a {@link Provider} (`name`, `fields` by
 * product naming only fields providers may fill, `lookup`, optional
 * `timeoutMs`) or the deprecated `{ name, enrichEmail }`. Any object with
 * those members is taken, class instances included.
 */
export const providerItem: OptionRule = (value, path) => {
  const p = value as Record<string, unknown> | null;
  if (typeof p !== 'object' || p === null || typeof p.name !== 'string' || p.name === '') {
    throw optionError(path, `must be a provider { name, fields, lookup(input, { signal }) }, got ${kindOf(value)}`);
  }
  if (p.timeoutMs !== undefined && !(typeof p.timeoutMs === 'number' && p.timeoutMs > 0 && Number.isFinite(p.timeoutMs))) {
    throw optionError(`${path}.timeoutMs`, `must be a number of milliseconds > 0, got ${kindOf(p.timeoutMs)}`);
  }
  if (typeof p.lookup !== 'function') {
    if (typeof p.enrichEmail === 'function') return;
    throw optionError(path, `must be a provider { name, fields, lookup(input, { signal }) }, got an object without lookup`);
  }
  if (!isPlainObject(p.fields)) throw optionError(`${path}.fields`, `must be an object of field lists by product, got ${kindOf(p.fields)}`);
  for (const [product, fields] of Object.entries(p.fields)) {
    if (!PROVIDER_PRODUCTS.includes(product as ProviderProduct)) {
      throw optionError(`${path}.fields.${product}`, `is not a product (${PROVIDER_PRODUCTS.join(', ')})`);
    }
    if (!Array.isArray(fields)) throw optionError(`${path}.fields.${product}`, `must be an array of field names, got ${kindOf(fields)}`);
    fields.forEach((field: unknown, i) => {
      if (typeof field !== 'string' || fieldType(product as ProviderProduct, field) === undefined) {
        throw optionError(`${path}.fields.${product}[${i}]`, `is not a ${product} field a provider may fill (docs/providers.md), got ${typeof field === 'string' ? quoteInput(field) : kindOf(field)}`);
      }
    });
  }
};
