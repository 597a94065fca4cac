import { describe, expect, it } from 'vitest';
import { de, en, es, fr, resources, supportedLocales } from './index.ts';

type Tree = { readonly [key: string]: string | Tree };

/** Flattens a phrase tree into `[dotted key, phrase]` pairs. */
function leaves(tree: Tree, prefix = ''): Array<[string, string]> {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : leaves(value, `${prefix}${key}.`),
  );
}

function placeholders(phrase: string): string[] {
  return [...phrase.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1] ?? '').sort();
}

const english = new Map(leaves(en));

describe('phrases', () => {
  it('de has exactly the keys of en', () => {
    const german = leaves(de).map(([key]) => key);
    expect(german.filter((key) => !english.has(key))).toEqual([]);
    expect([...english.keys()].filter((key) => !german.includes(key))).toEqual([]);
  });

  it.each([
    ['de', de],
    ['fr', fr],
    ['es', es],
  ] as const)('%s keeps the placeholders and fills every phrase', (_name, locale) => {
    for (const [key, phrase] of leaves(locale)) {
      expect(phrase.trim(), key).not.toBe('');
      expect(placeholders(phrase), key).toEqual(placeholders(english.get(key) ?? ''));
    }
  });

  it.each([
    ['fr', fr],
    ['es', es],
  ] as const)('%s has every validation message and nothing else', (_name, locale) => {
    expect(Object.keys(locale)).toEqual(['validation']);
    expect(Object.keys(locale.validation).sort()).toEqual(Object.keys(en.validation).sort());
  });

  it('words the generic validation messages as specified', () => {
    expect(en.validation).toMatchObject({
      required: 'This field is required',
      minLength: 'This field should be at least {{min}} characters long',
      maxLength: 'The maximum length allowed is {{max}}',
      minValue: 'The minimum value allowed is {{min}}',
      maxValue: 'The maximum value allowed is {{max}}',
      numeric: 'Value must be numeric',
      email: 'Value is not a valid email address',
      url: 'The value is not a valid URL address',
      sameAs: 'The value must be equal to the {{name}} value',
    });
  });

  it('words the entity and server validation messages as specified', () => {
    expect(en.validation).toMatchObject({
      slug: 'The input value is only allowed to consist of the following characters: [0-9a-z-_]+',
      name: 'The input value is only allowed to consist of the following characters: [0-9a-zA-Z-_.]+',
      attributeInvalid: 'The attribute {{name}} is invalid.',
      attributesInvalid: 'The attributes {{names}} are invalid.',
      unexpected: 'An unexpected error occurred.',
    });
  });

  it('never uses a dot inside a key', () => {
    for (const [key] of leaves(en)) {
      expect(
        key.split('.').every((part) => part.length > 0 && /^\w+$/.test(part)),
        key,
      ).toBe(true);
    }
  });

  it('exposes a resource bundle per supported locale', () => {
    expect(Object.keys(resources).sort()).toEqual([...supportedLocales].sort());
    expect(resources.de.translation.app.menu.projects).toBe('Projekte');
  });
});
