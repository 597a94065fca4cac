import { describe, expect, it } from 'vitest';
import { de } from './index.ts';

type Tree = { readonly [key: string]: string | Tree };

function phrases(tree: Tree): string[] {
  return Object.values(tree).flatMap((value) => (typeof value === 'string' ? [value] : phrases(value)));
}

const german = phrases(de);
const using = (word: RegExp) => german.filter((phrase) => word.test(phrase));

describe('German terms', () => {
  it('calls a realm "Realm" everywhere, never "Bereich"', () => {
    expect(using(/\bBereich(e|s)?\b/)).toEqual([]);
    expect(de.app.menu.realms).toBe('Realms');
  });

  it('calls a scope "Geltungsbereich" everywhere, menu, page and forms alike', () => {
    expect(using(/\bScopes?\b/)).toEqual([]);
    expect(de.app.menu.scopes).toBe('Geltungsbereiche');
    expect(de.admin.scopes.title).toBe('Geltungsbereiche');
  });

  it('leaves no English labels for claim and discovery', () => {
    expect(using(/\b(Claims?|Discovery)\b/)).toEqual([]);
    expect(de.identityAdmin.passwordVisibility).toBe('Passwort anzeigen oder verbergen');
  });
});
