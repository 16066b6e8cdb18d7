/**
 * Type tests: `scoring.weights` takes the reason codes of the score models
 * and nothing else, and a band table of the products has five bands.
 * Checked by `tsc --noEmit` (`npm run lint`, which covers test/); never
 * executed. Each `@ts-expect-error` line is a mistake that compiled while
 * `weights` was `Record<string, number>` (and `bands` any `Band[]`): loosen
 * the type back and the directive itself fails ("Unused '@ts-expect-error'").
 * The run-time checks of the same mistakes, for JavaScript callers, are in
 * test/options.test.ts.
 */
import { describe, expectTypeOf, it } from 'vitest';
import {
  EMAIL_SCORE_MODEL,
  NAME_SCORE_MODEL,
  checkDevice,
  checkEmail,
  checkIdentity,
  checkIp,
  checkName,
  checkPhone,
  createChecker,
  createDeviceCheck,
  createEmailCheck,
  createIpCheck,
  createNameCheck,
  createPhoneCheck,
  createScorer,
} from '../../../src/index.js';
import type {
  DeviceReasonCode,
  DeviceWeightCode,
  EmailReasonCode,
  EmailWeightCode,
  IdentityReasonCode,
  IdentityWeightCode,
  IpReasonCode,
  IpWeightCode,
  NameReasonCode,
  NameWeightCode,
  PhoneReasonCode,
  PhoneWeightCode,
  ScoringOptions,
  WeightCode,
} from '../../../src/index.js';

// Never called: each line only has to compile, or not.
const UA = 'Mozilla/5.0';

describe('the weight codes are derived from the score models', () => {
  it("each product's weight codes are its reason codes less its info codes", () => {
    expectTypeOf<EmailWeightCode>().toExtend<EmailReasonCode>();
    expectTypeOf<DeviceWeightCode>().toExtend<DeviceReasonCode>();
    expectTypeOf<IpWeightCode>().toExtend<IpReasonCode>();
    expectTypeOf<PhoneWeightCode>().toExtend<PhoneReasonCode>();
    expectTypeOf<NameWeightCode>().toExtend<NameReasonCode>();
    expectTypeOf<IdentityWeightCode>().toExtend<IdentityReasonCode>();
    // Not string: a string would take every misspelling.
    expectTypeOf<string>().not.toExtend<WeightCode>();
    // A risk, a trust and a carried code are in, an info code is out (it moves no points, so it takes no weight).
    expectTypeOf<'EMAIL_FREE' | 'EMAIL_DISPOSABLE' | 'IDENTITY_EMAIL'>().toExtend<EmailWeightCode | IdentityWeightCode>();
    // Both sides of a carried product take a damping; the gate of a hard fact takes a weight.
    expectTypeOf<'IDENTITY_EMAIL_RISK' | 'IDENTITY_DEVICE_RISK' | 'IDENTITY_INPUT_GATED'>().toExtend<IdentityWeightCode>();
    expectTypeOf<'IDENTITY_EMAIL_RISKY'>().not.toExtend<IdentityWeightCode>();
    expectTypeOf<'EMAIL_DATA_STALE' | 'EMAIL_DOMAIN_UNLISTED'>().toExtend<EmailReasonCode>();
    expectTypeOf<'EMAIL_DATA_STALE'>().not.toExtend<EmailWeightCode>();
    expectTypeOf<'EMAIL_DOMAIN_UNLISTED'>().not.toExtend<EmailWeightCode>();
    expectTypeOf<'PHONE_CARRIER_KNOWN'>().not.toExtend<PhoneWeightCode>();
    expectTypeOf<'IP_NO_ASN'>().not.toExtend<IpWeightCode>();
    expectTypeOf<'PHONE_VOIP'>().toExtend<PhoneWeightCode>();
  });

  it('the codes of a checker are those of the five products and of the identity score', () => {
    expectTypeOf<WeightCode>().toEqualTypeOf<EmailWeightCode | DeviceWeightCode | IpWeightCode | PhoneWeightCode | NameWeightCode | IdentityWeightCode>();
  });
});

describe('a misspelt code is a compile error wherever scoring is given', () => {
  it('the global options type', () => {
    const good: ScoringOptions = { weights: { EMAIL_FREE: 0.2, PHONE_VOIP: 0.5, IDENTITY_NAME_IN_EMAIL: 0.4 } };
    // @ts-expect-error -- EMAILFREE is no signal (EMAIL_FREE is)
    const misspelt: ScoringOptions = { weights: { EMAILFREE: 0.2 } };
    // @ts-expect-error -- an info code takes no weight
    const info: ScoringOptions = { weights: { EMAIL_DATA_STALE: 0.2 } };
    void [good, misspelt, info];
  });

  it('createChecker', () => {
    createChecker({ scoring: { weights: { EMAIL_FREE: 0.2, DEVICE_ROBOT: 1, IP_VPN: 0.5, PHONE_VOIP: 0, NAME_FAMOUS: 0.3, IDENTITY_NIGHT_ACTIVITY: 0 } } });
    // @ts-expect-error -- EMAILFREE
    createChecker({ scoring: { weights: { EMAILFREE: 0.2 } } });
    // @ts-expect-error -- PHONE_VOIPP
    createChecker({ scoring: { weights: { EMAIL_FREE: 0.2, PHONE_VOIPP: 0.2 } } });
  });

  it('per product: the check factories take their own codes only', () => {
    createEmailCheck({ scoring: { weights: { EMAIL_FREE: 0.2 } } });
    // @ts-expect-error -- EMAILFREE
    createEmailCheck({ scoring: { weights: { EMAILFREE: 0.2 } } });
    // @ts-expect-error -- a phone code given to the e-mail check would change nothing
    createEmailCheck({ scoring: { weights: { PHONE_VOIP: 0.2 } } });
    createDeviceCheck({ scoring: { weights: { DEVICE_ROBOT: 1 } } });
    // @ts-expect-error -- DEVICE_BOT is no signal (DEVICE_ROBOT is)
    createDeviceCheck({ scoring: { weights: { DEVICE_BOT: 1 } } });
    createIpCheck({ scoring: { weights: { IP_VPN: 0.5 } } });
    // @ts-expect-error -- IP_VPNS
    createIpCheck({ scoring: { weights: { IP_VPNS: 0.5 } } });
    createPhoneCheck({ scoring: { weights: { PHONE_VOIP: 0.5 } } });
    // @ts-expect-error -- PHONE_VOIPP
    createPhoneCheck({ scoring: { weights: { PHONE_VOIPP: 0.5 } } });
    createNameCheck({ scoring: { weights: { NAME_FAMOUS: 0.3 } } });
    // @ts-expect-error -- NAME_FAMOS
    createNameCheck({ scoring: { weights: { NAME_FAMOS: 0.3 } } });
  });

  it('per call: the one-call functions', () => {
    checkEmail('jane@example.org', { scoring: { weights: { EMAIL_ROLE: 0.5 } } });
    // @ts-expect-error -- EMAIL_ROLES
    checkEmail('jane@example.org', { scoring: { weights: { EMAIL_ROLES: 0.5 } } });
    checkDevice(UA, { scoring: { weights: { DEVICE_HEADLESS: 1 } } });
    // @ts-expect-error -- DEVICE_HEADLES
    checkDevice(UA, { scoring: { weights: { DEVICE_HEADLES: 1 } } });
    checkIp('8.8.8.8', { scoring: { weights: { IP_TOR_EXIT: 1 } } });
    // @ts-expect-error -- IP_TOR
    checkIp('8.8.8.8', { scoring: { weights: { IP_TOR: 1 } } });
    checkPhone('+393331234567', { scoring: { weights: { PHONE_PREMIUM_RATE: 1 } } });
    // @ts-expect-error -- PHONE_PREMIUM
    checkPhone('+393331234567', { scoring: { weights: { PHONE_PREMIUM: 1 } } });
    checkName('Jane', 'Doe', { scoring: { weights: { NAME_FAMOUS: 0.3 } } });
    // @ts-expect-error -- NAME_FAMOUSE
    checkName('Jane', 'Doe', { scoring: { weights: { NAME_FAMOUSE: 0.3 } } });
    checkIdentity({}, { scoring: { weights: { IDENTITY_NIGHT_ACTIVITY: 0, EMAIL_FREE: 0.2 } } });
    // @ts-expect-error -- IDENTITY_NIGHT
    checkIdentity({}, { scoring: { weights: { IDENTITY_NIGHT: 0 } } });
  });

  it("createScorer: the model's codes", () => {
    createScorer(EMAIL_SCORE_MODEL, { weights: { EMAIL_FREE: 0.2 } });
    // @ts-expect-error -- EMAILFREE is not in the e-mail model
    createScorer(EMAIL_SCORE_MODEL, { weights: { EMAILFREE: 0.2 } });
    // @ts-expect-error -- nor is a name code
    createScorer(EMAIL_SCORE_MODEL, { weights: { NAME_FAMOUS: 0.2 } });
    // A model of your own keeps its own codes, and any number of bands.
    const own = { product: 'name', clusters: ['no', 'yes'], signals: { NAME_MINE: { kind: 'risk', weight: 0.5, evidence: 'my own data', description: 'mine' } } } as const;
    createScorer(own, { weights: { NAME_MINE: 0.2 }, bands: [{ min: 0, max: 499 }, { min: 500, max: 1000 }] });
    // @ts-expect-error -- NAME_MIME
    createScorer(own, { weights: { NAME_MIME: 0.2 } });
  });

  it('a shared options object still serves every product (no fresh literal, so no excess-property check)', () => {
    const shared: ScoringOptions = { weights: { EMAIL_FREE: 0.2, NAME_FAMOUS: 0.3 } };
    createEmailCheck({ scoring: shared });
    createNameCheck({ scoring: shared });
    createScorer(NAME_SCORE_MODEL, shared);
  });
});

describe("a products' band table has five bands", () => {
  const five = [{ min: 0, max: 199 }, { min: 200, max: 399 }, { min: 400, max: 599 }, { min: 600, max: 799 }, { min: 800, max: 1000 }] as const;
  it('five compile, four do not', () => {
    createChecker({ scoring: { bands: five } });
    checkEmail('jane@example.org', { scoring: { bands: five } });
    // @ts-expect-error -- four bands for five clusters
    createChecker({ scoring: { bands: [{ min: 0, max: 199 }, { min: 200, max: 399 }, { min: 400, max: 599 }, { min: 600, max: 1000 }] } });
    // @ts-expect-error -- six bands
    checkIp('8.8.8.8', { scoring: { bands: [...five, { min: 1001, max: 1001 }] } });
  });
});
