/**
 * Type tests: the result types are the product's own unions, not `string`.
 * Checked by `tsc --noEmit` (`npm run lint`, which covers test/) and by
 * `vitest --typecheck`; never executed. Each assertion fails to compile when
 * the type it guards is widened back to `string` (or to another product's).
 */
import { describe, expectTypeOf, it } from 'vitest';
import type * as rootIdentity from '../../../src/index.js';
import type * as subIdentity from '../../../src/subpaths/identity.js';
import {
  DEVICE_SCORE_MODEL,
  EMAIL_SCORE_MODEL,
  IP_SCORE_MODEL,
  NAME_SCORE_MODEL,
  PHONE_SCORE_MODEL,
  createScorer,
  resolve,
} from '../../../src/index.js';
import type {
  ConnectionType,
  DeviceReasonCode,
  DeviceResult,
  EmailReasonCode,
  EmailResult,
  IpReasonCode,
  IpResult,
  NameReasonCode,
  NameResult,
  PhoneReasonCode,
  PhoneResult,
  ResolveRequest,
  ResolveResponse,
  ResultsByClaim,
} from '../../../src/index.js';

type Quality = 'poor' | 'bad' | 'moderate' | 'good' | 'high';
type Risk = 'very_low' | 'low' | 'review' | 'high' | 'very_high';

describe('score_cluster is the union of the product cluster names', () => {
  it('email and device use the quality scale', () => {
    expectTypeOf<EmailResult['score_cluster']>().toEqualTypeOf<Quality>();
    expectTypeOf<DeviceResult['score_cluster']>().toEqualTypeOf<Quality>();
    // @ts-expect-error -- 'review' is a name of the risk scale, not of email's
    const wrong: EmailResult['score_cluster'] = 'review';
    void wrong;
  });

  it('ip, phone and name use the risk scale', () => {
    expectTypeOf<IpResult['score_cluster']>().toEqualTypeOf<Risk>();
    expectTypeOf<PhoneResult['score_cluster']>().toEqualTypeOf<Risk>();
    expectTypeOf<NameResult['score_cluster']>().toEqualTypeOf<Risk>();
    // @ts-expect-error -- 'good' is a name of the quality scale, not of ip's
    const wrong: IpResult['score_cluster'] = 'good';
    void wrong;
  });

  it('a caller-built model keeps its own cluster names; an untyped one stays string', () => {
    const custom = createScorer({
      product: 'name',
      clusters: ['reject', 'accept'] as const,
      signals: { NAME_OK: { kind: 'trust', weight: 0.5, evidence: 'my own data', description: 'ok' } },
    });
    expectTypeOf(custom).returns.toHaveProperty('score_cluster').toEqualTypeOf<'reject' | 'accept'>();
    expectTypeOf<ReturnType<typeof custom>['reasons'][number]['code']>().toEqualTypeOf<'NAME_OK' | 'NAME_BASELINE'>();
    const loose = createScorer({ product: 'ip', clusters: ['a', 'b'] as string[], signals: {} });
    expectTypeOf(loose).returns.toHaveProperty('score_cluster').toEqualTypeOf<string>();
  });
});

describe('Reason.code is the union of the product reason codes, derived from its score model', () => {
  it('each product code type is exactly the keys of its model signals', () => {
    expectTypeOf<EmailReasonCode>().toEqualTypeOf<keyof typeof EMAIL_SCORE_MODEL.signals>();
    expectTypeOf<DeviceReasonCode>().toEqualTypeOf<keyof typeof DEVICE_SCORE_MODEL.signals>();
    expectTypeOf<IpReasonCode>().toEqualTypeOf<keyof typeof IP_SCORE_MODEL.signals>();
    expectTypeOf<PhoneReasonCode>().toEqualTypeOf<keyof typeof PHONE_SCORE_MODEL.signals>();
    expectTypeOf<NameReasonCode>().toEqualTypeOf<keyof typeof NAME_SCORE_MODEL.signals>();
    // Not string: a string is not a reason code.
    expectTypeOf<string>().not.toExtend<EmailReasonCode>();
    expectTypeOf<string>().not.toExtend<IpReasonCode>();
  });

  it("a result's reasons carry its own codes plus its baseline", () => {
    expectTypeOf<EmailResult['reasons'][number]['code']>().toEqualTypeOf<EmailReasonCode | 'EMAIL_BASELINE'>();
    expectTypeOf<DeviceResult['reasons'][number]['code']>().toEqualTypeOf<DeviceReasonCode | 'DEVICE_BASELINE'>();
    expectTypeOf<IpResult['reasons'][number]['code']>().toEqualTypeOf<IpReasonCode | 'IP_BASELINE'>();
    expectTypeOf<PhoneResult['reasons'][number]['code']>().toEqualTypeOf<PhoneReasonCode | 'PHONE_BASELINE'>();
    expectTypeOf<NameResult['reasons'][number]['code']>().toEqualTypeOf<NameReasonCode | 'NAME_BASELINE'>();
    expectTypeOf<'EMAIL_DISPOSABLE'>().toExtend<EmailReasonCode>();
    // @ts-expect-error -- a misspelt code is caught at compile time
    const typo: EmailResult['reasons'][number]['code'] = 'EMAIL_DISPOSABEL';
    // @ts-expect-error -- another product's code is not an email reason
    const foreign: EmailResult['reasons'][number]['code'] = 'IP_VPN';
    void typo;
    void foreign;
  });

  it('the scorer of a product model gives that product outcome', () => {
    const score = createScorer(PHONE_SCORE_MODEL);
    expectTypeOf<ReturnType<typeof score>['score_cluster']>().toEqualTypeOf<Risk>();
    expectTypeOf<ReturnType<typeof score>['reasons'][number]['code']>().toEqualTypeOf<PhoneReasonCode | 'PHONE_BASELINE'>();
    // @ts-expect-error -- the phone scorer takes phone signals only
    score([{ code: 'EMAIL_FREE' }]);
  });
});

describe('connection_type is the union of its codes', () => {
  it('is one of the twelve codes or null', () => {
    type Codes = 'COM' | 'ORG' | 'GOV' | 'MIL' | 'EDU' | 'LIB' | 'CDN' | 'ISP' | 'MOB' | 'DCH' | 'SES' | 'RSV';
    expectTypeOf<ConnectionType>().toEqualTypeOf<Codes>();
    expectTypeOf<IpResult['connection_type']>().toEqualTypeOf<Codes | null>();
    // @ts-expect-error -- the label is not a code (docs/design.md: the code, never a label)
    const label: IpResult['connection_type'] = 'Data Center';
    void label;
  });
});

describe('resolve() returns a union discriminated by claim', () => {
  it('a request written with its claim gives that claim envelope, res.email with no narrowing', async () => {
    const res = await resolve({ customer_id: 'c', claims: ['email'], email: 'jane@acme.com' });
    expectTypeOf(res).toEqualTypeOf<ResolveResponse<'email'>>();
    expectTypeOf(res.email).toEqualTypeOf<EmailResult>();
    expectTypeOf(res.email.score_cluster).toEqualTypeOf<Quality>();
    expectTypeOf(res.claims).toEqualTypeOf<readonly ['email']>();
    expectTypeOf(res.webhook_url).toEqualTypeOf<string | undefined>();
    // @ts-expect-error -- an email envelope has no ip object
    void res.ip;
    const ip = await resolve({ customer_id: 'c', claims: ['ip'], ip: '8.8.8.8' });
    expectTypeOf(ip.ip.connection_type).toEqualTypeOf<ConnectionType | null>();
    // webhook_url is echoed on email and name only
    expectTypeOf(ip.webhook_url).toEqualTypeOf<undefined>();
  });

  it('a wire request gives the union, narrowed by the result key', async () => {
    const res = await resolve(JSON.parse('{}') as unknown);
    expectTypeOf(res).toEqualTypeOf<ResolveResponse>();
    // @ts-expect-error -- not every member of the union has `email`
    void res.email;
    if ('email' in res) {
      expectTypeOf(res.email).toEqualTypeOf<EmailResult>();
      expectTypeOf(res.claims).toEqualTypeOf<readonly ['email']>();
    } else if ('device' in res) {
      expectTypeOf(res.device).toEqualTypeOf<DeviceResult>();
      expectTypeOf(res.device.score_cluster).toEqualTypeOf<Quality>();
    }
  });

  it('the union has one member per claim, each with its own result', () => {
    expectTypeOf<ResolveResponse<'phone'>['phone']>().toEqualTypeOf<PhoneResult>();
    expectTypeOf<ResultsByClaim['name']>().toEqualTypeOf<NameResult>();
    expectTypeOf<Extract<ResolveResponse, { readonly name: unknown }>>().toEqualTypeOf<ResolveResponse<'name'>>();
    // @ts-expect-error -- a request names exactly one claim
    const two: ResolveRequest = { customer_id: 'c', claims: ['email', 'ip'] };
    void two;
  });
});

describe('the identity check and its types come from the package root as from identity-signals/identity', () => {
  it('checkIdentity, its input, options and result', () => {
    expectTypeOf<typeof rootIdentity.checkIdentity>().toEqualTypeOf<typeof subIdentity.checkIdentity>();
    expectTypeOf<rootIdentity.IdentityInput>().toEqualTypeOf<subIdentity.IdentityInput>();
    expectTypeOf<rootIdentity.IdentityResult>().toEqualTypeOf<subIdentity.IdentityResult>();
    expectTypeOf<rootIdentity.IdentityCheckOptions>().toEqualTypeOf<subIdentity.IdentityCheckOptions>();
    expectTypeOf<rootIdentity.IdentityCallOptions>().toEqualTypeOf<subIdentity.IdentityCallOptions>();
    expectTypeOf<rootIdentity.IdentityScore>().toEqualTypeOf<subIdentity.IdentityScore>();
    expectTypeOf<ReturnType<typeof rootIdentity.checkIdentity>['identity']['score_cluster']>().toEqualTypeOf<Risk>();
  });
});
