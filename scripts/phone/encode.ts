/**
 * Encoder of the prefix tables read by src/phone/prefixTable.ts (see the
 * format described there). Kept next to the builder; the round trip is
 * tested in test/phone/prefixTable.test.ts.
 */
import { SECTION_SEPARATOR } from '../../src/phone/data/formats.js';
import type { PrefixTableJson } from '../../src/phone/data/formats.js';

/**
 * Encodes calling code → (prefix → description) into the compact JSON form:
 * one section per calling code, holding its own descriptions (numbered by
 * first appearance over its keys in string order) and then its entries, so
 * the output is deterministic and a section decodes on its own.
 *
 * @throws Error when a prefix is not digits or longer than 15, or a description contains the section separator
 * @example
 * encodePrefixTables(new Map([['39', new Map([['33', 'TIM']])]]))
 * // { tables: { '39': 'TIM|033:0' } }
 */
export function encodePrefixTables(input: ReadonlyMap<string, ReadonlyMap<string, string>>): PrefixTableJson {
  const tables: Record<string, string> = {};
  const codes = [...input.keys()].sort((a, b) => Number(a) - Number(b) || (a < b ? -1 : 1));
  for (const code of codes) {
    const names: string[] = [];
    const nameIndex = new Map<string, number>();
    const entries = [...input.get(code)!.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const parts: string[] = [];
    let previousKey = '';
    let previousIndex = -1;
    for (const [key, name] of entries) {
      if (!/^\d*$/.test(key)) throw new Error(`prefix ${JSON.stringify(key)} of +${code} is not digits`);
      // The reader compares prefixes as numbers (src/phone/prefixTable.ts): 15 digits stay exact in a double.
      if (key.length > 15) throw new Error(`prefix ${key} of +${code} is longer than 15 digits`);
      let index = nameIndex.get(name);
      if (index === undefined) {
        if (name.includes(SECTION_SEPARATOR)) throw new Error(`description ${JSON.stringify(name)} of +${code} contains "${SECTION_SEPARATOR}"`);
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
    tables[code] = names.map((name) => name + SECTION_SEPARATOR).join('') + parts.join(',');
  }
  return { tables };
}
