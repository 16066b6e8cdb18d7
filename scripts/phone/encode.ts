/**
 * Encoder of the prefix tables read by src/phone/prefixTable.ts (see the
 * format described there). Kept next to the builder; the round trip is
 * tested in test/phone/prefixTable.test.ts.
 */
import type { PrefixTableJson } from '../../src/phone/data/formats.js';

/**
 * Encodes calling code → (prefix → description) into the compact JSON form.
 * Names are numbered by first appearance over calling codes in numeric
 * order and keys in string order, so the output is deterministic.
 *
 * @example
 * encodePrefixTables(new Map([['39', new Map([['33', 'TIM']])]]))
 * // { names: ['TIM'], tables: { '39': '033:0' } }
 */
export function encodePrefixTables(input: ReadonlyMap<string, ReadonlyMap<string, string>>): PrefixTableJson {
  const names: string[] = [];
  const nameIndex = new Map<string, number>();
  const tables: Record<string, string> = {};
  const codes = [...input.keys()].sort((a, b) => Number(a) - Number(b) || (a < b ? -1 : 1));
  for (const code of codes) {
    const entries = [...input.get(code)!.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const parts: string[] = [];
    let previousKey = '';
    let previousIndex = -1;
    for (const [key, name] of entries) {
      if (!/^\d*$/.test(key)) throw new Error(`prefix ${JSON.stringify(key)} of +${code} is not digits`);
      let index = nameIndex.get(name);
      if (index === undefined) {
        index = names.length;
        names.push(name);
        nameIndex.set(name, index);
      }
      let shared = 0;
      while (shared < previousKey.length && shared < key.length && shared < 35 && previousKey[shared] === key[shared]) shared++;
      parts.push(`${shared.toString(36)}${key.slice(shared)}${index === previousIndex ? '' : `:${index.toString(36)}`}`);
      previousKey = key;
      previousIndex = index;
    }
    tables[code] = parts.join(',');
  }
  return { names, tables };
}
