import { describe, expect, it } from 'vitest';
import * as root from '../../src/index.js';
import * as identity from '../../src/subpaths/identity.js';
import * as providers from '../../src/providers/index.js';
import * as scoring from '../../src/scoring/index.js';
import * as server from '../../src/server/index.js';

// A snapshot of each entry point's runtime exports: adding or removing one is
// a deliberate API change and shows up here. (Product entries have their own.)
describe('entry point exports', () => {
  it('identity-signals', () => {
    expect(Object.keys(root).sort()).toEqual([
      'DEFAULT_BANDS', 'DEFAULT_EVALUATE_CODES', 'DEVICE_SCORE_MODEL', 'DataError', 'EMAIL_SCORE_MODEL', 'FIT_DEFAULTS', 'IDENTITY_SCORE_MODEL',
      'IPV4_SPECIAL_RANGES', 'IPV6_SPECIAL_RANGES', 'IP_SCORE_MODEL', 'IdentitySignalsError', 'InputError', 'LABEL_VALUES', 'MAX_CARRIED_LOGIT', 'MAX_WEIGHT',
      'MIN_FIT_LABEL_ROWS', 'MIN_FIT_ROWS', 'MissingDependencyError', 'NAME_SCORE_MODEL', 'NEUTRAL_SCORE', 'PHONE_SCORE_MODEL', 'ProviderError', 'QUALITY_CLUSTERS',
      'REQUIRED_FIELDS', 'RISK_CLUSTERS', 'SCORECARD_BANDS', 'SCORING_FILE_FORMAT', 'SCORING_FILE_VERSION', 'bandIndex', 'browserFamily', 'checkDevice', 'checkEmail',
      'checkIdentity', 'checkIdentityAsync', 'checkIp', 'checkName', 'checkPhone', 'classifySpecialRange', 'configureDefaults', 'createChecker', 'createDeviceCheck',
      'createEmailCheck', 'createIpCheck', 'createNameCheck', 'createPhoneCheck', 'createScorer', 'detectDatabaseKind', 'emailCountry', 'embeddedIpv4',
      'enrichEmailResult', 'evaluateScores', 'fitScoring', 'isDataError', 'isDisposableDomain', 'isFreeProviderDomain', 'isIdentitySignalsError', 'isInputError',
      'isMissingDependencyError', 'isProviderError', 'isRoleLocalPart', 'lookupCarrier', 'matchNameToEmail', 'nameVariants', 'osFamily', 'parseEmailAddress',
      'parseIp', 'parseScoringFile', 'placeBands', 'preload', 'readClientHints', 'readLabel', 'readScoringFile', 'renderTuningReport', 'requestTimeOfHour', 'reservedDomainReason',
      'resolve', 'scoringFileText', 'suggestDomain', 'usageFromAsName', 'validateBands',
    ]);
  });

  it('the package root serves the identity check as the identity subpath does (the same functions)', () => {
    expect([root.checkIdentity, root.checkIdentityAsync, root.IDENTITY_SCORE_MODEL]).toEqual([identity.checkIdentity, identity.checkIdentityAsync, identity.IDENTITY_SCORE_MODEL]);
    expect(root.checkIdentity).toBe(identity.checkIdentity);
  });

  it('identity-signals/identity', () => {
    expect(Object.keys(identity).sort()).toEqual(['IDENTITY_SCORE_MODEL', 'checkIdentity', 'checkIdentityAsync', 'emailCountry', 'matchNameToEmail', 'nameVariants']);
  });

  it('identity-signals/scoring, /providers, /server', () => {
    expect(Object.keys(scoring).sort()).toEqual([
      'DEFAULT_BANDS', 'MAX_CARRIED_LOGIT', 'MAX_WEIGHT', 'NEUTRAL_SCORE', 'QUALITY_CLUSTERS', 'RISK_CLUSTERS', 'SCORECARD_BANDS', 'bandIndex', 'createScorer',
      'validateBands',
    ]);
    expect(Object.keys(providers).sort()).toEqual([
      'DEFAULT_PROVIDER_TIMEOUT_MS', 'PROVIDER_FIELDS', 'PROVIDER_PRODUCTS', 'dnsMx', 'dnsProvider', 'fromEmailProvider', 'httpProvider', 'rdapProvider',
      'runEmailProviders', 'runProviders', 'smtpProvider', 'tableProvider',
    ]);
    expect(Object.keys(server).sort()).toEqual([
      'WebhookJournal', 'WebhooksUnavailableError', 'createApiServer', 'createDurableWebhookQueue', 'createMemoryWebhookQueue', 'createRedisWebhookQueue', 'createRequestHandler',
      'createServer', 'deliverWebhook', 'refuseWebhookTarget', 'sendWebhookOnce', 'signWebhook',
    ]);
  });
});
