import { DEVICE_SCORE_MODEL } from '../device/scoreModel.js';
import { EMAIL_SCORE_MODEL } from '../email/scoreModel.js';
import { IDENTITY_SCORE_MODEL } from '../identity/scoreModel.js';
import { IP_SCORE_MODEL } from '../ip/scoreModel.js';
import { NAME_SCORE_MODEL } from '../name/scoreModel.js';
import { PHONE_SCORE_MODEL } from '../phone/scoreModel.js';
import { checkScoringOptions } from '../scoring/createScorer.js';
import type { ScoreModel, ScoredName } from '../scoring/types.js';
import type { OptionRule } from './options.js';

/** The five products' models and the identity model: a weight code must be a signal of one of them. */
const ALL_MODELS: readonly ScoreModel<string, string, ScoredName>[] = [EMAIL_SCORE_MODEL, DEVICE_SCORE_MODEL, IP_SCORE_MODEL, PHONE_SCORE_MODEL, NAME_SCORE_MODEL, IDENTITY_SCORE_MODEL];

/**
 * The rule of every `scoring` option (`createChecker`, each `create*Check`,
 * each `check*`): the whole `scoring` object is checked against all five
 * score models, so a misspelt or foreign code (`EMAILFREE`, `PHONE_VOIPP`
 * given to the email check) throws `SCORING_CONFIG` wherever it is passed,
 * instead of being skipped by the products it does not name. `scoring` sits
 * at the top of every options object, so its path is always `scoring`.
 * Lives apart from `options.ts` because it imports every product's score
 * model, and `createScorer` (which `options.ts` serves) is imported by them.
 */
export const scoringOption: OptionRule = (value) => {
  checkScoringOptions(value, ALL_MODELS);
};
