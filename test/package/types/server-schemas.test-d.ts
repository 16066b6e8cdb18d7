/**
 * Type tests: the HTTP schemas (src/server/schemas.ts) and the library's
 * result types describe the same objects. Every result fits its schema (so
 * Fastify's serialiser never drops or rejects a value a check returns), and
 * the two have exactly the same keys (so a field added to a result type and
 * forgotten in its schema fails here). Checked by `tsc --noEmit`.
 */
import type { Static } from 'typebox';
import { describe, expectTypeOf, it } from 'vitest';
import type { DeviceResult, EmailResult, IpResult, NameResult, PhoneResult } from '../../../src/index.js';
import type { IdentityScore } from '../../../src/identity/index.js';
import type { EmailAsyncResult, NameAsyncResult } from '../../../src/providers/index.js';
import type {
  DeviceResultSchema,
  EmailAsyncResultSchema,
  EmailResultSchema,
  IdentityScoreSchema,
  IpResultSchema,
  NameAsyncResultSchema,
  NameResultSchema,
  PhoneResultSchema,
} from '../../../src/server/schemas.js';

type Mutable<T> = T extends readonly (infer U)[] ? Mutable<U>[] : T extends object ? { -readonly [K in keyof T]: Mutable<T[K]> } : T;

describe('server schemas match the result types', () => {
  it('email', () => {
    expectTypeOf<Mutable<EmailResult>>().toExtend<Static<typeof EmailResultSchema>>();
    expectTypeOf<keyof EmailResult>().toEqualTypeOf<keyof Static<typeof EmailResultSchema>>();
  });
  it('device', () => {
    expectTypeOf<Mutable<DeviceResult>>().toExtend<Static<typeof DeviceResultSchema>>();
    expectTypeOf<keyof DeviceResult>().toEqualTypeOf<keyof Static<typeof DeviceResultSchema>>();
  });
  it('ip', () => {
    expectTypeOf<Mutable<IpResult>>().toExtend<Static<typeof IpResultSchema>>();
    expectTypeOf<keyof IpResult>().toEqualTypeOf<keyof Static<typeof IpResultSchema>>();
  });
  it('phone', () => {
    expectTypeOf<Mutable<PhoneResult>>().toExtend<Static<typeof PhoneResultSchema>>();
    expectTypeOf<keyof PhoneResult>().toEqualTypeOf<keyof Static<typeof PhoneResultSchema>>();
  });
  it('name', () => {
    expectTypeOf<Mutable<NameResult>>().toExtend<Static<typeof NameResultSchema>>();
    expectTypeOf<keyof NameResult>().toEqualTypeOf<keyof Static<typeof NameResultSchema>>();
    expectTypeOf<keyof NameResult['normalized']>().toEqualTypeOf<keyof Static<typeof NameResultSchema>['normalized']>();
  });
  it('email.enriched and name.enriched webhooks: the async results, provider_errors included and required', () => {
    expectTypeOf<Mutable<EmailAsyncResult>>().toExtend<Static<typeof EmailAsyncResultSchema>>();
    expectTypeOf<keyof EmailAsyncResult>().toEqualTypeOf<keyof Static<typeof EmailAsyncResultSchema>>();
    expectTypeOf<Mutable<NameAsyncResult>>().toExtend<Static<typeof NameAsyncResultSchema>>();
    expectTypeOf<keyof NameAsyncResult>().toEqualTypeOf<keyof Static<typeof NameAsyncResultSchema>>();
    // Required on both sides: the type says every result has it, and the schema lets no body leave it out.
    type Errors<T> = Pick<T, 'provider_errors' & keyof T>;
    expectTypeOf<Errors<EmailAsyncResult>>().toEqualTypeOf<Required<Errors<EmailAsyncResult>>>();
    expectTypeOf<Errors<NameAsyncResult>>().toEqualTypeOf<Required<Errors<NameAsyncResult>>>();
    expectTypeOf<Errors<Static<typeof EmailAsyncResultSchema>>>().toEqualTypeOf<Required<Errors<Static<typeof EmailAsyncResultSchema>>>>();
  });
  it('identity (POST /1.0/hub)', () => {
    expectTypeOf<Mutable<IdentityScore>>().toExtend<Static<typeof IdentityScoreSchema>>();
    expectTypeOf<keyof IdentityScore>().toEqualTypeOf<keyof Static<typeof IdentityScoreSchema>>();
  });
});
