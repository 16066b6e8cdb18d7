import type { ProviderFailure } from '../common/providerFailure.js';
import type { DeviceResult } from '../device/index.js';
import type { EmailResult } from '../email/index.js';
import type { IpResult } from '../ip/index.js';
import type { NameResult } from '../name/index.js';
import type { PhoneResult } from '../phone/index.js';

/**
 * What an `…Async` check adds to the offline result: `provider_errors`, on
 * every result, so `r.provider_errors.map(…)` needs no guard.
 */
export interface AsyncExtras {
  /**
   * Providers that failed, timed out or answered a field with the wrong
   * type; their facts stay as offline. Empty when every provider answered,
   * and when none was asked (no provider serves the product, or the input
   * is not one a provider could look up: a malformed address, an invalid IP).
   */
  readonly provider_errors: readonly ProviderFailure[];
}

/** `checker.emailAsync`'s result: the e-mail result with the late fields filled, and `domain_black_list_count`. */
export type EmailAsyncResult = EmailResult &
  AsyncExtras & {
    /** How many domain block lists list the domain, when a provider looked (`dnsProvider({ domainBlockLists })`). */
    readonly domain_black_list_count?: number;
  };
/** `checker.ipAsync`'s result: `black_list_count`, company fields and `hostname` (reverse DNS) from providers. */
export type IpAsyncResult = IpResult & AsyncExtras & { /** The address's reverse-DNS name, forward-confirmed. */ readonly hostname?: string };
/** `checker.phoneAsync`'s result: portability, roaming and messaging fields from providers. */
export type PhoneAsyncResult = PhoneResult & AsyncExtras;
/** `checker.deviceAsync`'s result. */
export type DeviceAsyncResult = DeviceResult & AsyncExtras;
/** `checker.nameAsync`'s result. */
export type NameAsyncResult = NameResult & AsyncExtras;
