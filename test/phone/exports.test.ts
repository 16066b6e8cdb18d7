import { describe, expect, it } from 'vitest';
import * as phone from '../../src/phone/index.js';

describe('identity-signals/phone entry point', () => {
  it('exports exactly the documented runtime API', () => {
    expect(Object.keys(phone).sort()).toEqual(['PHONE_SCORE_MODEL', 'checkPhone', 'createPhoneCheck', 'lookupCarrier']);
    expect(phone.PHONE_SCORE_MODEL.product).toBe('phone');
    expect(phone.PHONE_SCORE_MODEL.clusters).toEqual(['very_low', 'low', 'review', 'high', 'very_high']);
  });
});
