/**
 * Corrections of ua-parser-js, given to it as its own extensions
 * (`new UAParser(ua, extensions)`, ua-parser-js 1.x): each row's regexes
 * are tried before the library's for its part of the result, so the
 * parser itself answers right and no later step has to undo its answer.
 * Each correction names the family it covers and where its format is
 * documented; {@link PARSER_EXTENSIONS} is what the parser is given.
 */
/** One correction: what it reads, what the parser should say, and why. */
interface Correction {
  readonly part: 'browser' | 'os' | 'device';
  readonly regexes: readonly RegExp[];
  /** ua-parser-js property rows: `[field, fixed value]` or a field taking the match's next group. */
  readonly props: readonly (string | readonly [string, string])[];
  readonly why: string;
}

/** The corrections, in the order the parser tries them. */
export const PARSER_CORRECTIONS: readonly Correction[] = [
  {
    part: 'os',
    regexes: [/\(Fuchsia\)/],
    props: [['name', 'Fuchsia']],
    why: "Google's Fuchsia writes `(Fuchsia)` in the platform block; ua-parser-js reads its Cast token (`CrKey/`) as the Chromecast OS.",
  },
  {
    part: 'device',
    regexes: [/\(Fuchsia\)/],
    props: [['vendor', 'Google'], ['model', 'Nest Hub']],
    why: "Fuchsia ships only on Google's Nest Hub smart displays (2018 and Max); ua-parser-js reads the Cast token as a Chromecast.",
  },
];

/** {@link PARSER_CORRECTIONS} in ua-parser-js's extension format: per part, regexes then props, pair after pair. */
export const PARSER_EXTENSIONS: Readonly<Record<string, unknown>> = (() => {
  const out: Record<string, unknown[]> = {};
  for (const c of PARSER_CORRECTIONS) (out[c.part] ??= []).push([...c.regexes], c.props.map((p) => (typeof p === 'string' ? p : [...p])));
  return out;
})();
