import { describe, expect, it } from 'vitest';
import * as email from '../../src/email/index.js';

describe('identity-signals/email entry point', () => {
  it('exports exactly the documented API', () => {
    expect(Object.keys(email).sort()).toEqual([
      'EMAIL_SCORE_MODEL',
      'checkEmail',
      'createEmailCheck',
      'enrichEmailResult',
      'isDisposableDomain',
      'isFreeProviderDomain',
      'isRoleLocalPart',
      'parseEmailAddress',
      'reservedDomainReason',
      'suggestDomain',
    ]);
  });
});
