/**
 * Categories and clients the spec allows that whole platform families
 * reach. Each user agent is written from the family's
 * documented format — the platform token, the maker's model numbering — with
 * model codes and versions no fixture row carries.
 */
import { describe, expect, it } from 'vitest';
import { checkDevice } from '../../src/device/index.js';
import { CATEGORY_RULES, decideCategory } from '../../src/device/category.js';
import type { CategoryFacts } from '../../src/device/category.js';

const android = (model: string, mobile = true): string =>
  `Mozilla/5.0 (Linux; Android 12; ${model} Build/SP1A.210812.016) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 ${mobile ? 'Mobile ' : ''}Safari/537.36`;

describe('media players', () => {
  it('Sony Walkman NW-/NWZ- numbering is a media player', () => {
    expect(checkDevice(android('NW-A999', false))).toMatchObject({ category: 'media_player', brand: 'Sony' });
    expect(checkDevice(android('NWZ-Z9999', false))).toMatchObject({ category: 'media_player', brand: 'Sony' });
  });
  it('Samsung Galaxy Player YP- numbering is a media player', () => {
    expect(checkDevice(android('YP-G99'))).toMatchObject({ category: 'media_player', brand: 'Samsung' });
  });
  it('an iPod touch is a media player, whatever ua-parser-js types it', () => {
    const ua = 'Mozilla/5.0 (iPod touch; CPU iPhone OS 15_8 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.6 Mobile/15E148 Safari/604.1';
    expect(checkDevice(ua)).toMatchObject({ category: 'media_player', brand: 'Apple' });
  });
});

describe('cameras', () => {
  it('Samsung Galaxy Camera EK-G… and Nikon COOLPIX are cameras', () => {
    expect(checkDevice(android('EK-GC999'))).toMatchObject({ category: 'camera', brand: 'Samsung' });
    expect(checkDevice(android('COOLPIX S999c'))).toMatchObject({ category: 'camera', brand: 'Nikon' });
  });
});

describe('smart displays', () => {
  it('Fuchsia (Nest Hub) is a Google smart display, not a Chromecast TV', () => {
    const ua = 'Mozilla/5.0 (Fuchsia) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 CrKey/1.99.999999';
    expect(checkDevice(ua)).toMatchObject({ category: 'smart_display', brand: 'Google', operating_system: 'Fuchsia', is_set_top_box: false });
  });
});

describe("makers that make neither phones nor tablets: their main kind", () => {
  it('a smart-display maker (Xiaodu: smart displays and speakers) is a smart display without Mobile', () => {
    expect(checkDevice(android('xiaodu X99', false))).toMatchObject({ brand: 'Xiaodu', category: 'smart_display' });
  });
  it('a console maker that also sells accessories (Logitech) is a console', () => {
    expect(checkDevice(android('Logitech G Zone', false))).toMatchObject({ brand: 'Logitech', category: 'console' });
  });
});

describe('cars', () => {
  it("Tesla's browsers name their maker", () => {
    const qt = 'Mozilla/5.0 (X11; Linux) AppleWebKit/534.34 (KHTML, like Gecko) QtCarBrowser Safari/534.34';
    const chromium = 'Mozilla/5.0 (X11; GNU/Linux) AppleWebKit/537.36 (KHTML, like Gecko) Chromium/120.0.0.0 Chrome/120.0.0.0 Safari/537.36 Tesla/2024.99.9-abcdef';
    expect(checkDevice(qt)).toMatchObject({ category: 'car', brand: 'Tesla' });
    expect(checkDevice(chromium)).toMatchObject({ category: 'car', brand: 'Tesla' });
  });
});

describe('TV boxes without the Mobile token are not tablets', () => {
  it('Amlogic and Rockchip box SoCs and reference boards in the model', () => {
    for (const model of ['S905W2', 'X98 S912', 'p291', 'rk3318_box', 'MBOX RK3528']) {
      expect(checkDevice(android(model, false)).category, model).toBe('tv');
    }
  });
  it('the same names with the Mobile token are left to the other rules', () => {
    expect(checkDevice(android('p291', true)).category).toBe('smartphone');
  });
});

describe('feature-phone platforms name their maker', () => {
  it('KaiOS `Maker/Model/build` and the model alone', () => {
    const lyf = 'Mozilla/5.0 (Mobile; LYF/F999X/LYF-F999X-000-01-01-010120;Android; rv:48.0) Gecko/48.0 Firefox/48.0 KAIOS/2.5.9';
    expect(checkDevice(lyf)).toMatchObject({ brand: 'LYF', model: 'F999X', category: 'feature_phone', operating_system: 'KaiOS', os_version: '2.5.9' });
    const nokia = 'Mozilla/5.0 (Mobile; Nokia_9999_4G; rv:84.0) Gecko/84.0 Firefox/84.0 KAIOS/3.1';
    expect(checkDevice(nokia)).toMatchObject({ brand: 'Nokia', category: 'feature_phone', operating_system: 'KaiOS' });
  });
  it("MRE's DEV/<Maker>_<Model> field", () => {
    const ua = 'MAUI_WAP_Browser MRE/3.1.00(1280);MAUI/_XX00000_;BDATE/2012/01/01 10:00;LCD/240320;CHIP/MT6260;KEY/Normal;TOUCH/0;CAMERA/1;DEV/Symphony_Z99;WAP Browser/MAUI (HTTP PGDL;HTTPS)';
    expect(checkDevice(ua)).toMatchObject({ brand: 'Symphony', model: 'Z99', category: 'feature_phone', operating_system: 'MRE' });
  });
  it('Series 40 names Nokia and the model', () => {
    const ua = 'Mozilla/5.0 (Series40; Nokia999/99.0.9/java_runtime_version=Nokia_Asha_1_2; Profile/MIDP-2.1 Configuration/CLDC-1.1) Gecko/20100401 S40OviBrowser/5.5.0.0.27';
    expect(checkDevice(ua)).toMatchObject({ brand: 'Nokia', category: 'feature_phone' });
  });
});

describe('apps that embed a browser engine are clients, not robots', () => {
  it('Electron desktop apps', () => {
    const ua = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Notes/9.9.9 Chrome/126.0.0.0 Electron/31.0.0 Safari/537.36';
    expect(checkDevice(ua)).toMatchObject({ is_robot: false, is_app: true, category: 'desktop' });
  });
  it('in-app browsers (LinkedIn, Pinterest, Google Search App)', () => {
    for (const ua of [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 LinkedInApp/9.99.9999',
      'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A.240805.005; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/127.0.0.0 Mobile Safari/537.36 [Pinterest/Android]',
      'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A.240805.005; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/127.0.0.0 Mobile Safari/537.36 GSA/15.99.99.29.arm64',
    ]) {
      expect(checkDevice(ua), ua).toMatchObject({ is_robot: false, is_app: true });
    }
  });
  it("the apps' link-preview fetchers stay robots", () => {
    expect(checkDevice('Pinterest/0.9 (+http://www.pinterest.com/)').is_robot).toBe(true);
  });
});

describe('the category table (src/device/category.ts)', () => {
  const none: CategoryFacts = {
    ua: '', robot: false, os: null, osFamily: null, android: false, code: null, model: null, info: undefined, specs: undefined,
    familyKind: undefined, makerCategory: undefined, makerMainCategory: undefined, parserType: undefined, lumia: false, fuchsia: false,
    requestedWith: undefined, hintsMobile: undefined,
  };
  it('every rule says why it exists', () => {
    for (const rule of CATEGORY_RULES) expect(rule.why.length).toBeGreaterThan(15);
  });
  it('no fact, no category; a robot first, whatever else holds', () => {
    expect(decideCategory(none)).toBe('unknown');
    expect(decideCategory({ ...none, robot: true, familyKind: 'tablet', os: 'Android', android: true })).toBe('robot');
  });
  it("a code family's kind beats the Mobile token, the Mobile token decides a bare Android UA", () => {
    const ua = 'Mozilla/5.0 (Linux; Android 12; X) Mobile Safari/537.36';
    expect(decideCategory({ ...none, ua, os: 'Android', android: true, familyKind: 'tablet' })).toBe('tablet');
    expect(decideCategory({ ...none, ua, os: 'Android', android: true })).toBe('smartphone');
    expect(decideCategory({ ...none, ua: ua.replace(' Mobile', ''), os: 'Android', android: true })).toBe('tablet');
  });
  it('a phone of a large-screen line is a phablet', () => {
    expect(decideCategory({ ...none, model: 'Galaxy Note 99', parserType: 'mobile' })).toBe('phablet');
  });
});
