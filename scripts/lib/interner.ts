/**
 * Distinct values in first-seen order, each with its index: the generated
 * tables store a small index in place of a repeated value (a brand name, an
 * org name, a label, a combination of lists).
 *
 * @example
 * const brands = new Interner<string>();
 * brands.id('Samsung'); // 0
 * brands.id('Xiaomi');  // 1
 * brands.id('Samsung'); // 0
 * brands.values;        // ['Samsung', 'Xiaomi']
 */
export class Interner<T, K = T> {
  readonly values: T[] = [];
  private readonly ids = new Map<K, number>();

  /** @param keyOf what makes two values the same (the value itself by default) */
  constructor(private readonly keyOf: (value: T) => K = (value) => value as unknown as K) {}

  /** The index of `value`, appending it when it is new. */
  id(value: T): number {
    const key = this.keyOf(value);
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.values.length;
      this.values.push(value);
      this.ids.set(key, id);
    }
    return id;
  }
}
