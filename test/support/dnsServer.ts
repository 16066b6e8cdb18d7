import { createRequire } from 'node:module';

// dns2 is CommonJS without types for its server half: read through require, typed here by what the tests use.
const require = createRequire(import.meta.url);
const dns2 = require('dns2') as {
  createServer(options: { udp: boolean; handle: (request: DnsPacket, send: (response: DnsPacket) => void) => void }): {
    listen(options: { udp: { port: number; address: string } }): Promise<{ udp: { port: number } }>;
    close(): Promise<void>;
  };
  Packet: {
    TYPE: Record<string, number>;
    CLASS: { IN: number };
    createResponseFromRequest(request: DnsPacket): DnsPacket;
  };
};

interface DnsPacket {
  header: { rcode: number };
  questions: { name: string; type: number }[];
  answers: Record<string, unknown>[];
}

/** One answer of the zone: an address (A/AAAA), an MX `exchange`, a PTR `domain`. */
export type DnsRecord =
  | { readonly type: 'A' | 'AAAA'; readonly address: string }
  | { readonly type: 'MX'; readonly exchange: string; readonly priority: number }
  | { readonly type: 'PTR'; readonly domain: string };

/** What the zone says about a name: records, NXDOMAIN, SERVFAIL, or silence (the query times out). */
export type DnsAnswer = readonly DnsRecord[] | 'NXDOMAIN' | 'SERVFAIL' | 'SILENT';

export interface DnsServer {
  /** `127.0.0.1:<port>`, for `servers: [...]`. */
  readonly address: string;
  /** Every question asked, as `TYPE name`. */
  readonly asked: string[];
  close(): Promise<void>;
}

/**
 * The MX records of the names the DNS providers check their resolver
 * against by default (a resolver that finds none of them is broken): a
 * zone that stands for a working resolver holds them.
 */
export const CANARY_ZONE: Readonly<Record<string, DnsAnswer>> = {
  'gmail.com': [{ type: 'MX', exchange: 'gmail-smtp-in.l.google.com', priority: 5 }],
  'outlook.com': [{ type: 'MX', exchange: 'outlook-com.olc.protection.outlook.com', priority: 5 }],
  'yahoo.com': [{ type: 'MX', exchange: 'mta5.am0.yahoodns.net', priority: 1 }],
};

/**
 * A DNS server on 127.0.0.1 (UDP) answering from `zone`, keyed by lower-case
 * name: names absent from the zone get `otherwise` (NXDOMAIN unless given:
 * a broken resolver answers NXDOMAIN or nothing to every name, a captive one
 * the same address to every name); a name present without records of the
 * asked type is NODATA. A key `TYPE name` (`'MX example.com'`) answers that
 * type only, before the name's own entry. The zone is read at each question:
 * a test may change it while the server runs.
 */
export async function startDnsServer(zone: Readonly<Record<string, DnsAnswer>>, otherwise: DnsAnswer = 'NXDOMAIN'): Promise<DnsServer> {
  const { Packet } = dns2;
  const typeName = Object.fromEntries(Object.entries(Packet.TYPE).map(([k, v]) => [v, k]));
  const asked: string[] = [];
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = question!.name.toLowerCase();
      const type = typeName[question!.type]!;
      asked.push(`${type} ${name}`);
      const answer = zone[`${type} ${name}`] ?? zone[name] ?? otherwise;
      if (answer === 'SILENT') return;
      if (answer === 'NXDOMAIN') response.header.rcode = 3;
      else if (answer === 'SERVFAIL') response.header.rcode = 2;
      else {
        for (const record of answer.filter((r) => r.type === type)) {
          response.answers.push({ ...record, name: question!.name, type: Packet.TYPE[record.type], class: Packet.CLASS.IN, ttl: 60 });
        }
      }
      send(response);
    },
  });
  const { udp } = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  return { address: `127.0.0.1:${udp.port}`, asked, close: () => server.close() };
}
