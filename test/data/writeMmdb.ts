/**
 * Writes small MaxMind DB files (format 2.0, 24-bit records) for the
 * loopback mirror of the data update tests: the city package's files cut to
 * a few hundred networks (test/update/makeUpdateFixtures.ts).
 */

/** One network: its first bits (0 or 1, most significant first) and its record. */
export interface MmdbNetwork {
  readonly bits: readonly number[];
  readonly record: Readonly<Record<string, string>>;
}

function control(type: number, size: number): Buffer {
  const head = size < 29 ? [size] : size < 29 + 256 ? [29, size - 29] : [30, (size - 285) >> 8, (size - 285) & 0xff];
  const [first, ...rest] = head;
  return type <= 7 ? Buffer.from([(type << 5) | first!, ...rest]) : Buffer.from([first!, type - 7, ...rest]);
}

function encode(value: unknown): Buffer {
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([control(2, bytes.length), bytes]);
  }
  if (Array.isArray(value)) return Buffer.concat([control(11, value.length), ...value.map(encode)]);
  if (typeof value === 'object' && value !== null && !('uint' in value)) {
    const entries = Object.entries(value);
    return Buffer.concat([control(7, entries.length), ...entries.flatMap(([k, v]) => [encode(k), encode(v)])]);
  }
  const { uint, type } = value as { uint: bigint; type: number };
  const bytes: number[] = [];
  for (let v = uint; v > 0n; v >>= 8n) bytes.unshift(Number(v & 0xffn));
  return Buffer.concat([control(type, bytes.length), Buffer.from(bytes)]);
}

const u16 = (n: number) => ({ uint: BigInt(n), type: 5 });
const u32 = (n: number) => ({ uint: BigInt(n), type: 6 });
const u64 = (n: number) => ({ uint: BigInt(n), type: 9 });

/** A MaxMind DB holding `networks` (no two nested), IPv4 (32-bit tree) or IPv6 (128-bit). */
export function writeMmdb(networks: readonly MmdbNetwork[], ipVersion: 4 | 6, databaseType: string, buildEpoch: number): Buffer {
  type Slot = { node: number } | { data: number } | undefined;
  const nodes: [Slot, Slot][] = [[undefined, undefined]];
  const data: Buffer[] = [];
  const offsets = new Map<string, number>();
  let dataLength = 0;
  for (const { bits, record } of networks) {
    const key = JSON.stringify(record);
    let offset = offsets.get(key);
    if (offset === undefined) {
      const bytes = encode(record);
      offset = dataLength;
      offsets.set(key, offset);
      data.push(bytes);
      dataLength += bytes.length;
    }
    let node = 0;
    bits.forEach((bit, depth) => {
      if (depth === bits.length - 1) {
        nodes[node]![bit as 0 | 1] = { data: offset };
        return;
      }
      const slot = nodes[node]![bit as 0 | 1];
      if (slot !== undefined && 'data' in slot) throw new Error('nested networks');
      if (slot === undefined) {
        nodes.push([undefined, undefined]);
        nodes[node]![bit as 0 | 1] = { node: nodes.length - 1 };
      }
      node = (nodes[node]![bit as 0 | 1] as { node: number }).node;
    });
  }
  const count = nodes.length;
  const tree = Buffer.alloc(count * 6);
  nodes.forEach(([left, right], i) => {
    for (const [bit, slot] of [
      [0, left],
      [1, right],
    ] as const) {
      const value = slot === undefined ? count : 'node' in slot ? slot.node : count + 16 + slot.data;
      tree.writeUIntBE(value, i * 6 + bit * 3, 3);
    }
  });
  const metadata = encode({
    binary_format_major_version: u16(2),
    binary_format_minor_version: u16(0),
    build_epoch: u64(buildEpoch),
    database_type: databaseType,
    description: { en: 'identity-signals test fixture: networks cut from the DB-IP Lite city database' },
    ip_version: u16(ipVersion),
    languages: ['en'],
    node_count: u32(count),
    record_size: u16(24),
  });
  return Buffer.concat([tree, Buffer.alloc(16), ...data, Buffer.from('\xab\xcd\xefMaxMind.com', 'latin1'), metadata]);
}
