import { describe, expect, it } from 'vitest';
import * as ip from '../../src/ip/index.js';

describe('identity-signals/ip exports', () => {
  it('exports exactly the documented API', () => {
    expect(Object.keys(ip).sort()).toMatchInlineSnapshot(`
      [
        "IPV4_SPECIAL_RANGES",
        "IPV6_SPECIAL_RANGES",
        "IP_SCORE_MODEL",
        "checkIp",
        "classifySpecialRange",
        "createIpCheck",
        "detectDatabaseKind",
        "embeddedIpv4",
        "parseIp",
        "requestTimeOfHour",
        "usageFromAsName",
      ]
    `);
  });
});
