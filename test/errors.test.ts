import { describe, expect, it } from 'vitest';
import {
  DataError,
  IdentitySignalsError,
  InputError,
  ProviderError,
  isDataError,
  isIdentitySignalsError,
  isInputError,
  isProviderError,
} from '../src/errors.js';

describe('error hierarchy', () => {
  it('gives each error a code, a literal name and a working guard', () => {
    const input = new InputError('INPUT_TYPE', 'email must be a string', 'email');
    const data = new DataError('DATA_CORRUPT', 'bad file', '/x.mmdb');
    const provider = new ProviderError('PROVIDER_TIMEOUT', 'slow', 'dnsMx');
    for (const e of [input, data, provider]) {
      expect(e).toBeInstanceOf(IdentitySignalsError);
      expect(e).toBeInstanceOf(Error);
      expect(isIdentitySignalsError(e)).toBe(true);
    }
    expect([input.name, data.name, provider.name]).toEqual(['InputError', 'DataError', 'ProviderError']);
    expect([input.code, data.code, provider.code]).toEqual(['INPUT_TYPE', 'DATA_CORRUPT', 'PROVIDER_TIMEOUT']);
    expect(input.field).toBe('email');
    expect(data.source).toBe('/x.mmdb');
    expect(provider.provider).toBe('dnsMx');
    expect([isInputError(input), isInputError(data)]).toEqual([true, false]);
    expect([isDataError(data), isDataError(provider)]).toEqual([true, false]);
    expect([isProviderError(provider), isProviderError(new Error('x'))]).toEqual([true, false]);
    expect(isIdentitySignalsError(new Error('plain'))).toBe(false);
  });
});
