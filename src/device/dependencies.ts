/**
 * The device check's two libraries, loaded by the first check instead of at
 * import: importing `identity-signals` for its e-mail or
 * IP checks must not pay for the UA parser's regex tables or isbot's
 * pattern, compiled when each module is evaluated. How and why a literal
 * `require` is used: src/common/lazyRequire.ts.
 */
import type UAParser from 'ua-parser-js';
import { lazyRequire } from '../common/lazyRequire.js';

/** ua-parser-js 1.0.x (MIT; never 2.x, which is AGPL): its CommonJS export is the parser class. */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a literal require bundlers follow (see lazyRequire)
export const uaParser = lazyRequire<typeof UAParser>('ua-parser-js', () => require('ua-parser-js'));

/** isbot (Unlicense): `isbot` and `isbotMatches`. */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a literal require bundlers follow (see lazyRequire)
export const isbotLib = lazyRequire<typeof import('isbot')>('isbot', () => require('isbot'));
