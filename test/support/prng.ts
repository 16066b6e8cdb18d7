/** The seeded generator of test and bench corpora: the library's own (src/common/prng.ts). */
export { prng } from '../../src/common/prng.js';
