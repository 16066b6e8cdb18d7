/**
 * Rules generalised from single corpus cases to the families they belong
 * to, tested on user agents other than the ones that
 * prompted them (model codes no fixture row carries).
 */
import { isbot } from 'isbot';
import { describe, expect, it } from 'vitest';
import { checkDevice } from '../../src/device/index.js';
import { lookupModelCode } from '../../src/device/data/index.js';
import { openData } from '../../src/data/context.js';
import { openDeviceTables } from '../../src/device/tables.js';

/** The package's device tables, opened explicitly. */
const T = openDeviceTables(openData(undefined));

const android = (model: string, mobile = true): string =>
  `Mozilla/5.0 (Linux; Android 12; ${model}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 ${mobile ? 'Mobile ' : ''}Safari/537.36`;

describe('HbbTV without the capabilities field (ETSI TS 102 796 vendor, model)', () => {
  it('names the maker of the first field, not the model shifted into the vendor slot', () => {
    const ua = (vendor: string, model: string): string =>
      `Mozilla/5.0 (Linux mips; U; HbbTV/1.1.1 (${vendor}; ${model}; 2.0.0; 1.0;) CE-HTML/1.0; en) AppleWebKit/534.0 (KHTML, like Gecko)`;
    expect(checkDevice(ua('CHANGHONG', 'TV43')).brand).toBe('Changhong');
    expect(checkDevice(ua('HISENSE', 'TV70')).brand).toBe('Hisense');
  });
});

describe("a maker's product line, not single codes", () => {
  it("Wiko's Dark line", () => {
    // Codes the model table lacks (it files DARKSIDE under Enspert, and a table hit wins).
    for (const m of ['DARKMOON', 'Darkvale']) expect(checkDevice(android(m)).brand, m).toBe('Wiko');
    expect(checkDevice(android('DARK-9')).brand).not.toBe('Wiko');
  });
});

describe('a maker word set apart by a space is the maker the UA states', () => {
  it("beats the vendor ua-parser-js read inside the word or guessed from the code's shape", () => {
    expect(checkDevice(android('Oukitel K99Plus')).brand).toBe('Oukitel');
    expect(checkDevice(android('NAVITEL A999')).brand).toBe('Navitel');
    expect(checkDevice(android('XOLO A9999')).brand).toBe('Xolo');
  });
  it('a dash-joined prefix is a product code, not a maker word', () => {
    expect(checkDevice(android('STK-LX9')).brand).toBe('Huawei');
  });
  it("the maker's whole name is cut from the model, a product line is not", () => {
    expect(checkDevice(android('TECNO Mobile LG9z')).model).toBe('LG9z');
    expect(checkDevice(android('ALCATEL ONE TOUCH 999')).model).toBe('ONE TOUCH 999');
  });
});

describe('model codes in any spelling (letters and digits only)', () => {
  it('finds punctuation, spacing and case variants of a Play code', () => {
    for (const code of ['SM A515F/DS', 'sma515f', 'SM_A515F', 'rmx 3085']) expect(lookupModelCode(T.models, code)?.code, code).toMatch(/^(SM-A515F|RMX3085)$/);
    expect(checkDevice(android('SM A515F/DS'))).toMatchObject({ brand: 'Samsung', model: 'Galaxy A51' });
  });
  it('never guesses from short names many makers share', () => {
    expect(lookupModelCode(T.models, 'T8_PLUS_X')).toBeUndefined();
  });
});

describe('isbot false alarms on people’s clients, by family (the Matomo false-positive floor)', () => {
  // Each UA below is one isbot flags (checked first), written from the
  // family's format, not taken from a corpus row.
  const person = (ua: string): void => {
    expect(isbot(ua), ua).toBe(true);
    expect(checkDevice(ua).is_robot, ua).toBe(false);
  };

  it('a browser on a desktop system no crawler fleet runs on (RISC OS, AmigaOS) is a person', () => {
    person('NetSurf/3.10 (RISC OS; armv5l)');
    person('Mozilla/4.0 (compatible; Fresco/2.0; RISC OS 3.7) Fresco-HTTP/2.0');
    person('Mozilla/5.0 (compatible; AWeb 3.5; AmigaOS 4.1) AWeb-HTTP/3.5');
  });

  it('an app build named for its consumer platform (Name-iOS/1.0) is a person', () => {
    person('Overcast-iOS/2024.1');
    person('Podcini-Android/6.2.1');
    person('Castamatic-watchOS/3.1');
  });

  it('a crawler word still wins, and other platform spellings are not the family', () => {
    expect(checkDevice('Mozilla/5.0 (compatible; Googlebot/2.1; RISC OS)').is_robot).toBe(true);
    // isbot's own crawler fixture: "for macOS/" is a site downloader, not an app build
    expect(checkDevice('SiteSucker for macOS/2.10.5').is_robot).toBe(true);
  });
});
