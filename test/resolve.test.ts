import { describe, expect, it } from 'vitest';
import { InputError, createChecker, resolve } from '../src/index.js';

const CUSTOMER = '2f1c4f5e-8b9a-4c6d-9e0f-1a2b3c4d5e6f';
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('resolve: the spec envelope', () => {
  it('wraps an email result and echoes customer_id, claims and webhook_url', async () => {
    const res = await resolve({
      customer_id: CUSTOMER,
      claims: ['email'],
      email: 'jane.doe@gmial.com',
      webhook_url: 'https://hooks.example.org/x',
    });
    expect(res.resolution_id).toMatch(UUID_V4);
    expect(res.customer_id).toBe(CUSTOMER);
    expect(res.claims).toEqual(['email']);
    expect(res.webhook_url).toBe('https://hooks.example.org/x');
    expect(new Date(res.device_request_time).toISOString()).toBe(res.device_request_time);
    expect('email' in res && res.email.value).toBe('jane.doe@gmial.com');
    expect('email' in res && res.email.suggestion).toBe('gmail.com');
  });

  it('echoes device_request_time when the request sends one, and uses the clock otherwise', async () => {
    const sent = await resolve({ customer_id: CUSTOMER, claims: ['ip'], ip: '8.8.8.8', device_request_time: '2026-01-02T03:04:05Z' });
    expect(sent.device_request_time).toBe('2026-01-02T03:04:05Z');
    const pinned = createChecker({ now: () => new Date(Date.UTC(2026, 10, 22, 12)) });
    const clock = await resolve({ customer_id: CUSTOMER, claims: ['ip'], ip: '8.8.8.8' }, { checker: pinned });
    expect(clock.device_request_time).toBe('2026-11-22T12:00:00.000Z');
    // The envelope and the result read the one clock: the IP's local hour is of the same instant.
    expect(clock.ip).toEqual(pinned.ip('8.8.8.8', { now: new Date(Date.UTC(2026, 10, 22, 12)) }));
    expect('webhook_url' in clock).toBe(false);
  });

  it('resolves every product with its own request fields', async () => {
    const checker = createChecker();
    const device = await resolve({ customer_id: CUSTOMER, claims: ['device'], user_agent: 'curl/8.4.0' }, { checker });
    expect('device' in device && device.device.is_robot).toBe(true);
    const phone = await resolve({ customer_id: CUSTOMER, claims: ['phone'], phone_number: '+393331234567' }, { checker });
    expect('phone' in phone && phone.phone.country).toBe('IT');
    const name = await resolve({ customer_id: CUSTOMER, claims: ['name'], first_name: 'Jane', last_name: 'Doe', webhook_url: 'https://h.example.org' }, { checker });
    expect('name' in name && name.name.value).toBe('Jane,Doe');
    expect(name.webhook_url).toBe('https://h.example.org');
    const ip = await resolve({ customer_id: CUSTOMER, claims: ['ip'], ip: '10.0.0.1', webhook_url: 'https://h.example.org' }, { checker });
    expect('ip' in ip && ip.ip.connection_type).toBe('RSV');
    expect('webhook_url' in ip).toBe(false);
  });

  it.each([
    [null, 'body', 'INPUT_TYPE'],
    [[], 'body', 'INPUT_TYPE'],
    [{ claims: ['email'], email: 'a@b.co' }, 'customer_id', 'INPUT_MISSING'],
    [{ customer_id: 7, claims: ['email'], email: 'a@b.co' }, 'customer_id', 'INPUT_TYPE'],
    [{ customer_id: CUSTOMER, email: 'a@b.co' }, 'claims', 'INPUT_MISSING'],
    [{ customer_id: CUSTOMER, claims: [], email: 'a@b.co' }, 'claims', 'INPUT_TYPE'],
    [{ customer_id: CUSTOMER, claims: ['email', 'ip'], email: 'a@b.co' }, 'claims', 'INPUT_TYPE'],
    [{ customer_id: CUSTOMER, claims: ['credit_card'] }, 'claims[0]', 'INPUT_UNKNOWN_CLAIM'],
    [{ customer_id: CUSTOMER, claims: ['email'] }, 'email', 'INPUT_MISSING'],
    [{ customer_id: CUSTOMER, claims: ['email'], email: 42 }, 'email', 'INPUT_TYPE'],
    [{ customer_id: CUSTOMER, claims: ['name'], first_name: 'Jane' }, 'last_name', 'INPUT_MISSING'],
    [{ customer_id: CUSTOMER, claims: ['phone'], phone_number: ['+39'] }, 'phone_number', 'INPUT_TYPE'],
    [{ customer_id: CUSTOMER, claims: ['email'], email: 'a@b.co', webhook_url: 5 }, 'webhook_url', 'INPUT_TYPE'],
    [{ customer_id: CUSTOMER, claims: ['device'], user_agent: 'x', headers: 'nope' }, 'headers', 'INPUT_TYPE'],
  ])('rejects %j naming %s', async (request, field, code) => {
    const error = await resolve(request).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).field).toBe(field);
    expect((error as InputError).code).toBe(code);
  });
});

describe('createChecker', () => {
  it('holds its own configuration: two checkers with different bands do not interfere', () => {
    const plain = createChecker();
    const scorecard = createChecker({ scoring: { bands: 'scorecard' } });
    const a = plain.email('jane.doe@gmail.com');
    const b = scorecard.email('jane.doe@gmail.com');
    expect(a.score).toBe(b.score);
    expect(plain.email('jane.doe@gmail.com')).toEqual(a);
  });

  it('rejects unknown options and bad option values with an InputError', () => {
    expect(() => createChecker({ colour: 'red' } as never)).toThrow(InputError);
    expect(() => createChecker({ scoring: { bands: 'nope' as never } })).toThrow(InputError);
    expect(() => createChecker({ phone: { defaultCountry: 'XX' } })).toThrow(InputError);
  });

  it('uses the default phone country for national numbers', () => {
    expect(createChecker({ phone: { defaultCountry: 'IT' } }).phone('333 123 4567').country).toBe('IT');
  });
});

describe('resolve: errors speak the wire names and never echo input whole', () => {
  const MB = 'x'.repeat(1 << 20);
  /** Room for the fixed text of any message around 64 quoted characters. */
  const MESSAGE_BOUND = 64 + 200;

  it('names default_country (not the check option defaultCountry) when the country is unknown', async () => {
    const error = await resolve({ customer_id: CUSTOMER, claims: ['phone'], phone_number: '333 123 4567', default_country: 'XX' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).field).toBe('default_country');
    expect((error as InputError).code).toBe('INPUT_OPTION');
    expect((error as InputError).message).toMatch(/^default_country "XX" is not a country/);
    expect((error as InputError).message).not.toContain('defaultCountry');
  });

  it.each([
    ['a 1 MB unknown claim', { customer_id: CUSTOMER, claims: [MB] }, 'claims[0]'],
    ['a 1 MB object as the claim', { customer_id: CUSTOMER, claims: [{ big: MB }] }, 'claims[0]'],
    ['a 1 MB default_country', { customer_id: CUSTOMER, claims: ['phone'], phone_number: '+393331234567', default_country: MB }, 'default_country'],
  ])('bounds the message for %s and names the wire field', async (_label, request, field) => {
    const error = await resolve(request).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).field).toBe(field);
    expect((error as InputError).message.length).toBeLessThan(MESSAGE_BOUND);
    expect((error as InputError).message).not.toContain('x'.repeat(65));
  });

  it('quotes a long unknown claim with its first characters and its length', async () => {
    const error = (await resolve({ customer_id: CUSTOMER, claims: [`credit_card_${MB}`] }).catch((e: unknown) => e)) as InputError;
    expect(error.code).toBe('INPUT_UNKNOWN_CLAIM');
    expect(error.message).toContain('"credit_card_xxx');
    expect(error.message).toContain(`(${MB.length + 12} characters)`);
  });
});
