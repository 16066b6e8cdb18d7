import type { Checker } from '../checker.js';
import type { ProductName } from '../scoring/index.js';

/** Per-input extras: client-hint headers for device, a default country for phone, the country a name is from. */
export interface CheckExtras {
  readonly headers?: Record<string, string>;
  readonly defaultCountry?: string;
  readonly country?: string;
}

/** The one product → check dispatch of the CLI. Non-string values throw InputError, like the checks. */
export function checkOne(checker: Checker, product: ProductName, values: readonly unknown[], extras: CheckExtras = {}): unknown {
  const [a, b] = values as string[];
  switch (product) {
    case 'email':
      return checker.email(a!);
    case 'device':
      return checker.device(a!, extras.headers !== undefined && Object.keys(extras.headers).length > 0 ? { headers: extras.headers } : undefined);
    case 'ip':
      return checker.ip(a!);
    case 'phone':
      return checker.phone(a!, extras.defaultCountry === undefined ? undefined : { defaultCountry: extras.defaultCountry });
    case 'name':
      return checker.name(a!, b!, extras.country === undefined ? undefined : { country: extras.country });
  }
}
