import { ClientErrorCode } from '@federa/client';
import { de, en } from '@federa/phrases';
import { ErrorCode } from '@federa/schemas';
import { describe, expect, it } from 'vitest';
import { errorPhraseKey } from './error-phrase.ts';

describe('errorPhraseKey', () => {
  it('has an English and a German message for every API error code', () => {
    for (const code of Object.values(ErrorCode)) {
      expect(errorPhraseKey({ code })).toBe(`errors.${code}`);
      expect(en.errors[code], code).toBeTruthy();
      expect(de.errors[code], code).toBeTruthy();
    }
  });

  it('has an English and a German message for every client code', () => {
    for (const code of Object.values(ClientErrorCode)) {
      expect(errorPhraseKey({ code })).toBe(`errors.${code}`);
      expect(en.errors[code], code).toBeTruthy();
      expect(de.errors[code], code).toBeTruthy();
    }
  });

  it('falls back to the unknown-error text', () => {
    expect(errorPhraseKey({ code: 'something_new' })).toBe('app.errors.unknown');
    expect(errorPhraseKey({ code: 'toString' })).toBe('app.errors.unknown');
    expect(errorPhraseKey(new Error('x'))).toBe('app.errors.unknown');
    expect(errorPhraseKey(null)).toBe('app.errors.unknown');
  });
});
