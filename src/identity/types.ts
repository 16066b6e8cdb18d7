import type { DeviceResult } from '../device/index.js';
import type { EmailResult } from '../email/index.js';
import type { IpResult } from '../ip/index.js';
import type { NameResult } from '../name/index.js';
import type { PhoneResult } from '../phone/index.js';
import type { DeviceAsyncResult, EmailAsyncResult, IpAsyncResult, NameAsyncResult, PhoneAsyncResult } from './asyncResults.js';
import type { BaselineCode, Reason, RiskCluster } from '../scoring/types.js';
import type { IdentityReasonCode } from './scoreModel.js';

/**
 * The inputs of one sign-up. Every field is optional: the checks that have
 * input run, and a cross-signal rule fires only when all it compares is
 * there. The name check runs when both `firstName` and `lastName` are given.
 */
export interface IdentityInput {
  readonly email?: string;
  readonly phone?: string;
  readonly ip?: string;
  readonly userAgent?: string;
  /** Request headers for the device check (client hints). */
  readonly headers?: Record<string, string | readonly string[] | undefined>;
  readonly firstName?: string;
  readonly lastName?: string;
  /** The country the person declares (ISO 3166-1 alpha-2); also the name check's hint and the phone's default country. */
  readonly country?: string;
}

/** Per-call options of an identity check. */
export interface IdentityCallOptions {
  /** The instant of the check, for the IP's local time. @default the checker's clock */
  readonly now?: Date;
}

/** The identity's own score: every product carried in, then every cross-signal finding. */
export interface IdentityScore {
  /**
   * 0–1000: the trust that these inputs are one real person acting in good
   * faith. 500 when nothing is known; a missing input moves nothing (see
   * `confidence`).
   */
  readonly score: number;
  readonly score_cluster: RiskCluster;
  /** `IDENTITY_BASELINE` (500), then one per product carried in and one per finding; their points add up to `score`. */
  readonly reasons: readonly Reason<IdentityReasonCode | BaselineCode<'identity'>>[];
  /**
   * How much of the identity the score rests on: the share of the five
   * inputs (e-mail, phone, IP, user agent, name) that were given and could
   * be read, 0 to 1 in steps of 0.2. An e-mail that parses, a valid phone
   * number and IP, a user agent that is not empty or garbage, a name that
   * is not invalid each count 0.2, whatever their own score (a disposable
   * address is read, and is evidence). Missing inputs lower this, never the
   * score: an e-mail alone can score as high as all five, with confidence 0.2.
   *
   * @example
   * checkIdentity({ email: 'sarah.johnson@gmail.com' }).identity.confidence; // 0.2
   */
  readonly confidence: number;
}

/** Each product's result (for the inputs given) plus {@link IdentityScore}. */
export interface IdentityResult {
  readonly email?: EmailResult;
  readonly phone?: PhoneResult;
  readonly ip?: IpResult;
  readonly device?: DeviceResult;
  readonly name?: NameResult;
  readonly identity: IdentityScore;
}

/**
 * What `checker.identityAsync` and `checkIdentityAsync` return: each
 * product's result is its async check's (`checker.emailAsync`, …), so it
 * carries `provider_errors` (empty when no provider failed or none was
 * asked) and the fields its providers filled.
 */
export interface IdentityAsyncResult extends IdentityResult {
  readonly email?: EmailAsyncResult;
  readonly phone?: PhoneAsyncResult;
  readonly ip?: IpAsyncResult;
  readonly device?: DeviceAsyncResult;
  readonly name?: NameAsyncResult;
}
