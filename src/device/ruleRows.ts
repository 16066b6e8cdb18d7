/**
 * The row shape the device rule tables share (the OS, model-block, UA-maker,
 * maker and naming rules): `test` reads the facts and finds something (a
 * regex match, a maker, `true`), `result` turns what it found into the
 * table's answer, and `why` names the family and its source. Each table's
 * module says how its rows combine: the first that finds something wins
 * ({@link firstResult}), or every row that does rewrites the reading in turn.
 */

/** One row of a rule table over facts `F` giving `R`. */
export interface RuleRow<F, R> {
  readonly test: (f: F) => unknown;
  readonly result: (f: F, hit: never) => R;
  readonly why: string;
}

/**
 * A row maker for one table: its `result` is typed by what its `test`
 * found, checked once here.
 *
 * @example
 * const rule = rowsOf<string, number>();
 * const row = rule((ua) => /Android (\d+)/.exec(ua), (_, m) => Number(m[1]), 'the Android version of the UA');
 * row.why; // 'the Android version of the UA'
 */
export function rowsOf<F, R>() {
  return <M>(test: (f: F) => M | null | false | undefined, result: (f: F, hit: M) => R, why: string): RuleRow<F, R> => ({
    test,
    result: result as (f: F, hit: never) => R,
    why,
  });
}

/**
 * What `row`'s test found, or undefined when it found nothing: `null`,
 * `false`, `undefined` and the empty string are no find.
 *
 * @example
 * foundBy(rowsOf<string, string>()((ua) => ua.includes('Tesla/'), () => 'Tesla', 'cars'), 'Tesla/2024'); // true
 */
export function foundBy<F>(row: RuleRow<F, unknown>, f: F): unknown {
  const hit = row.test(f);
  return hit === null || hit === false || hit === '' ? undefined : hit;
}

/**
 * The answer of the first row of `rows` whose test finds something, else
 * undefined.
 *
 * @example
 * const rule = rowsOf<string, string>();
 * firstResult([rule((ua) => /Web0S/.test(ua), () => 'LG', 'webOS TVs')], 'Mozilla/5.0 (Web0S; Linux/SmartTV)'); // 'LG'
 */
export function firstResult<F, R>(rows: readonly RuleRow<F, R>[], f: F): R | undefined {
  for (const row of rows) {
    const hit = foundBy(row, f);
    if (hit !== undefined) return row.result(f, hit as never);
  }
  return undefined;
}
