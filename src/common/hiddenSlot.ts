/**
 * A value kept on an object without being a property a caller meets (a
 * symbol key, not enumerable): how a check carries the tables it opened, so
 * that the one-call functions and the tests can reach them (`tablesOf(check)`)
 * while a check's public shape stays a function with `preload` and `at`.
 */
export interface HiddenSlot<T> {
  /** Keeps `value` on `owner` and returns `owner`. */
  put<O extends object>(owner: O, value: T): O;
  /** The value kept on `owner`. @throws TypeError when `owner` holds none (not an object this slot was put on) */
  get(owner: object): T;
}

/**
 * A {@link HiddenSlot} named `name` (the name shows in the TypeError).
 *
 * @example
 * const slot = hiddenSlot<number>('answer');
 * slot.get(slot.put({}, 42)); // 42
 */
export function hiddenSlot<T>(name: string): HiddenSlot<T> {
  const key = Symbol(name);
  return {
    put: (owner, value) => Object.defineProperty(owner, key, { value }),
    get: (owner) => {
      const value = (owner as Record<symbol, T | undefined>)[key];
      if (value === undefined) throw new TypeError(`not an object that holds ${name}`);
      return value;
    },
  };
}
