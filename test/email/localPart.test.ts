/**
 * The local-part rules, on made-up addresses (none is a row of the sign-up
 * corpus). Each rule has its own case so that breaking it turns one test red.
 */
import { describe, expect, it } from 'vitest';
import { createEmailCheck } from '../../src/email/checkEmail.js';

// A clock within the lists' age, so that no EMAIL_DATA_STALE joins the reasons on a later day.
const check = createEmailCheck({ now: new Date('2026-12-06T12:00:00Z') });
const codes = (email: string): string[] => check(email).reasons.map((r) => r.code);
const detail = (email: string, code: string): string | undefined => check(email).reasons.find((r) => r.code === code)?.detail;

describe('canonical: the address as the provider delivers it', () => {
  it('Gmail: lower case, dots and tag removed, googlemail.com folded into gmail.com', () => {
    expect(check('J.Doe+News@GoogleMail.com').canonical).toBe('jdoe@gmail.com');
    expect(check('tobias.wolff@gmail.com').canonical).toBe('tobiaswolff@gmail.com');
  });
  it('Outlook.com: tag removed, dots kept, the typed Microsoft domain kept', () => {
    expect(check('Ines.Duarte+bank@Hotmail.com').canonical).toBe('ines.duarte@hotmail.com');
  });
  it('Fastmail: plus and subdomain addressing fold to the mailbox', () => {
    expect(check('ines+travel@fastmail.com').canonical).toBe('ines@fastmail.com');
    expect(check('travel@ines.fastmail.com').canonical).toBe('ines@fastmail.com');
  });
  it('any other domain: the local part as typed (tag kept), the domain lower-cased', () => {
    expect(check('Ines.Duarte+x@Quinta-Do-Lago.PT').canonical).toBe('Ines.Duarte+x@quinta-do-lago.pt');
  });
  it('null for a malformed address', () => {
    expect(check('ines duarte@gmail.com').canonical).toBeNull();
  });
});

describe('sub-addressing', () => {
  it('reports the tag and where it is delivered', () => {
    expect(detail('ines.duarte+shop@gmail.com', 'EMAIL_SUBADDRESS')).toBe('sub-address tag "shop"; delivered to inesduarte@gmail.com');
    expect(codes('ines.duarte@gmail.com')).not.toContain('EMAIL_SUBADDRESS');
    // An empty tag is no sub-address (a trailing plus is just a character).
    expect(codes('ines.duarte+@acme-widgets.com')).not.toContain('EMAIL_SUBADDRESS');
  });
});

describe('usernames a provider cannot issue', () => {
  it('Gmail: only letters, digits and periods, 6 to 30 of them', () => {
    expect(detail('mia-lindgren@gmail.com', 'EMAIL_PROVIDER_RULE')).toBe('Gmail usernames cannot contain "-"');
    expect(detail('mia_lindgren@gmail.com', 'EMAIL_PROVIDER_RULE')).toBe('Gmail usernames cannot contain "_"');
    expect(detail('mia@gmail.com', 'EMAIL_PROVIDER_RULE')).toBe('Gmail usernames have at least 6 characters');
    expect(detail(`${'miaolivialindgren'.repeat(2)}@gmail.com`, 'EMAIL_PROVIDER_RULE')).toBe('Gmail usernames have at most 30 characters');
    // Dots do not count towards the length; the tag is not part of the username.
    expect(codes('m.i.a.lind@gmail.com')).not.toContain('EMAIL_PROVIDER_RULE');
    expect(codes('mialindgren+a-b_c@gmail.com')).not.toContain('EMAIL_PROVIDER_RULE');
  });
  it('Outlook.com: starts with a letter, never ends with a period', () => {
    expect(detail('7lena.moreau@outlook.com', 'EMAIL_PROVIDER_RULE')).toBe('Outlook.com usernames start with a letter');
    expect(codes('lena_moreau-7@live.com')).not.toContain('EMAIL_PROVIDER_RULE');
  });
  it('no rule at a provider without a sourced one', () => {
    expect(codes('7-x@yahoo.com')).not.toContain('EMAIL_PROVIDER_RULE');
  });
});

describe('generated local parts', () => {
  it('random letters, letters and digits, hex', () => {
    for (const local of ['qx7vbw2kd9', 'zvtqkpwrnx', 'b3f07c9ad21e', 'hvqmdrtks84']) {
      expect(codes(`${local}@yahoo.com`), local).toContain('EMAIL_GENERATED');
    }
  });
  it('names and words, however rare, are not generated', () => {
    for (const local of ['siobhan.oconnor', 'tchaikovsky', 'nguyenthanh', 'quietharbour', 'wojciechowska']) {
      expect(codes(`${local}@yahoo.com`), local).not.toContain('EMAIL_GENERATED');
    }
  });
  it('a known name the letter statistics find odd is still a name (Zulu Bhekizizwe)', () => {
    expect(codes('bhekizizwe@yahoo.com')).not.toContain('EMAIL_GENERATED');
    expect(codes('bhekizizwe@yahoo.com')).toContain('EMAIL_NAME_LIKE');
  });
  it('a relay service issues random aliases by design: not judged', () => {
    expect(codes('qx7vbw2kd9@privaterelay.appleid.com')).toEqual(expect.arrayContaining(['EMAIL_RELAY']));
    expect(codes('qx7vbw2kd9@privaterelay.appleid.com')).not.toContain('EMAIL_GENERATED');
  });
});

describe('digit runs, keyboard walks, placeholders, dot variants', () => {
  it('five or more digits in a row', () => {
    expect(detail('lena.moreau48213@yahoo.com', 'EMAIL_DIGIT_RUN')).toBe('5 digits in a row (48213)');
    expect(codes('lena.moreau4821@yahoo.com')).not.toContain('EMAIL_DIGIT_RUN');
  });
  it('walks on every layout, in every direction, rows and columns', () => {
    for (const local of ['poiuyt', 'zxcvbnm77', 'qazwsx', 'azertyuiop', 'qwertzuiop', 'lkjhgf.1', 'mnbvcx', 'йцукен']) {
      expect(codes(`${local}@yahoo.com`), local).toContain('EMAIL_KEYBOARD_WALK');
    }
    for (const local of ['robert.werther', 'tessa.gill']) expect(codes(`${local}@yahoo.com`), local).not.toContain('EMAIL_KEYBOARD_WALK');
  });
  it('placeholder words, whatever the separators and trailing digits', () => {
    expect(detail('Test_01@yahoo.com', 'EMAIL_PLACEHOLDER')).toMatch(/^"test": /u);
    expect(codes('foo.bar@yahoo.com')).toContain('EMAIL_PLACEHOLDER');
    expect(codes('nobody42@yahoo.com')).toContain('EMAIL_PLACEHOLDER');
    expect(codes('testarossa.lena@yahoo.com')).not.toContain('EMAIL_PLACEHOLDER');
  });
  it('dots spread through a Gmail username', () => {
    expect(codes('l.e.n.a.moreau@gmail.com')).toContain('EMAIL_DOT_VARIANT');
    expect(codes('lenamorea.u@gmail.com')).toContain('EMAIL_DOT_VARIANT');
    expect(codes('j.r.tolkien@gmail.com')).not.toContain('EMAIL_DOT_VARIANT');
    // Other providers do not ignore dots: three dots there are a different address.
    expect(codes('l.e.n.a.moreau@yahoo.com')).not.toContain('EMAIL_DOT_VARIANT');
  });
});

describe('trust: a local part that reads as a name', () => {
  it('at a free provider, by reading', () => {
    expect(codes('katarzyna.nowak@wp.pl')).toContain('EMAIL_NAME_LIKE');
    expect(codes('knowak@wp.pl')).toContain('EMAIL_NAME_LIKE');
    expect(codes('katarzynanowak7@wp.pl')).toContain('EMAIL_NAME_LIKE');
    expect(codes('katarzyna.nowak1984@wp.pl')).toContain('EMAIL_NAME_YEAR');
    expect(codes('katarzyna.nowak482@wp.pl')).toContain('EMAIL_NAME_NUMBER');
    // A four-digit number that is no birth year, or a longer one, is not a name reading.
    const farm = codes('katarzyna.nowak4821@wp.pl');
    expect(farm.filter((c) => c.startsWith('EMAIL_NAME'))).toEqual([]);
  });
  it('surnames run together with a particle (al, van…)', () => {
    expect(codes('mahmoud.alhashimi@gmail.com')).toContain('EMAIL_NAME_LIKE');
  });
  it('at a domain on no list, measured on its own', () => {
    expect(codes('katarzyna.nowak@acme-widgets.com')).toContain('EMAIL_NAME_UNLISTED_DOMAIN');
    expect(codes('katarzyna.nowak@acme-widgets.com')).not.toContain('EMAIL_NAME_LIKE');
  });
  it('words or a handle at a free provider, with no local-part risk', () => {
    expect(codes('quietharbour@yahoo.com')).toContain('EMAIL_LOCAL_CHOSEN');
    expect(codes('quietharbour48213@yahoo.com')).not.toContain('EMAIL_LOCAL_CHOSEN');
  });
  it('orders the scores as an analyst would', () => {
    const name = check('katarzyna.nowak1984@wp.pl').score;
    const plain = check('x7q@wp.pl').score;
    const generated = check('qx7vbw2kd9@wp.pl').score;
    expect(name).toBeGreaterThanOrEqual(600);
    expect(plain).toBeLessThan(name);
    expect(generated).toBeLessThan(400);
  });
});

describe('bad input', () => {
  it('long and odd local parts give a result without hanging', () => {
    for (const local of ['a'.repeat(64), '9'.repeat(64), 'q.'.repeat(31) + 'q', 'ж'.repeat(30), 'a+'.repeat(30) + 'b']) {
      const r = check(`${local}@gmail.com`);
      expect(r.reasons.reduce((s, x) => s + x.points, 0), local).toBe(r.score);
    }
  });
});
