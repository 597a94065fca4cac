import { ClientError } from '@federa/client';
import { en } from '@federa/phrases';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../i18n/create-i18n.ts';
import {
  emptyToNull,
  generateClientSecret,
  generateName,
  generateRobotSecret,
  isHashedSecret,
} from './form-values.ts';
import {
  email,
  maxLength,
  minLength,
  name,
  numeric,
  passwordStrength,
  required,
  sameAs,
  slug,
  textRules,
  time,
  url,
  urlList,
} from './rules.tsx';
import {
  FormErrorMessage,
  invalidAttributesMessage,
  issuesOf,
  ServerIssueMessage,
} from './server-errors.tsx';

async function textOf(node: ReactNode, language = 'en'): Promise<string> {
  const i18n = createI18n();
  await i18n.changeLanguage(language);
  const { container, unmount } = render(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);
  const text = container.textContent ?? '';
  unmount();
  return text;
}

describe('form rules', () => {
  it('report the spec messages (character rules in words), and nothing for valid or (optional) empty values', async () => {
    const check = textRules(required(), minLength(3), maxLength(5), name());
    expect(await textOf(check(''))).toBe('This field is required');
    expect(await textOf(check('ab'))).toBe('This field should be at least 3 characters long');
    expect(await textOf(check('abcdef'))).toBe('The maximum length allowed is 5');
    expect(await textOf(check('a b'))).toBe(
      'Use only letters (a-z, A-Z, no accents), digits, hyphen, underscore and dot.',
    );
    expect(check('a.b-c')).toBeNull();
    expect(await textOf(slug()('Abc'))).toBe(
      'Use only lowercase letters (a-z, no accents), digits, hyphen and underscore.',
    );
    expect(email()('')).toBeNull();
    expect(await textOf(email()('x@y'))).toBe('Value is not a valid email address');
    expect(await textOf(url()('ftp://x'))).toBe('The value is not a valid URL address');
    expect(url()('https://example.org/cb')).toBeNull();
    expect(urlList()('https://a.example/*, http://b.example')).toBeNull();
    expect(await textOf(numeric()('1a'))).toBe('Value must be numeric');
    expect(await textOf(sameAs('password', 'settings.passwordRepeatName')('b', { password: 'a' }))).toBe(
      'The value must be equal to the password value',
    );
    expect(time()('23:59:59')).toBeNull();
    expect(time()('24:00')).not.toBeNull();
    expect(passwordStrength()('Passw0rdx')).toBeNull();
    expect(passwordStrength()('password1')).not.toBeNull();
  });

  it('are translated: German, French and Spanish', async () => {
    expect(await textOf(minLength(3)('ab'), 'de')).toBe('Dieses Feld muss mindestens 3 Zeichen lang sein');
    // The compared field is named in the language of the message.
    expect(
      await textOf(sameAs('password', 'settings.passwordRepeatName')('b', { password: 'a' }), 'de'),
    ).toBe('Der Wert muss mit dem Wert von Passwort übereinstimmen');
    expect(await textOf(required()(''), 'fr')).toBe('Ce champ est obligatoire');
    expect(await textOf(maxLength(2)('abc'), 'es')).toBe('La longitud máxima permitida es 2');
    expect(await textOf(name()('a b'), 'de')).toBe(
      'Erlaubt sind nur Buchstaben (a-z, A-Z, ohne Umlaute), Ziffern, Bindestrich, Unterstrich und Punkt.',
    );
  });
});

describe('server validation errors', () => {
  const failure = (paths: string[]) =>
    new ClientError('x', {
      statusCode: 400,
      code: 'validation_failed',
      body: { issues: paths.map((path) => ({ path, code: 'too_small', message: 'x' })) },
    });

  it('name the invalid attributes', async () => {
    expect(await textOf(<FormErrorMessage error={failure(['name'])} />)).toBe(
      'The attribute name is invalid.',
    );
    expect(await textOf(<FormErrorMessage error={failure(['name', 'email', 'name'])} />)).toBe(
      'The attributes name, email are invalid.',
    );
    expect(await textOf(<FormErrorMessage error={failure([])} />)).toBe('An unexpected error occurred.');
    expect(await textOf(invalidAttributesMessage(['a', 'b']), 'de')).toBe(
      'Die Attribute a, b sind ungültig.',
    );
    expect(await textOf(invalidAttributesMessage([]), 'es')).toBe('Se produjo un error inesperado.');
  });

  it('show a server field message translated when it is a known validation message', async () => {
    const issue = { path: 'name', message: 'This field should be at least 3 characters long' };
    expect(await textOf(<ServerIssueMessage issue={issue} />, 'de')).toBe(
      'Dieses Feld muss mindestens 3 Zeichen lang sein',
    );
    expect(await textOf(<ServerIssueMessage issue={{ path: 'name', message: 'Reserved.' }} />)).toBe(
      'The attribute name is invalid.',
    );
    expect(issuesOf(new Error('x'))).toEqual([]);
  });

  it('words the server character-rule message instead of showing its pattern', async () => {
    const issue = {
      path: 'name',
      message: 'The input value is only allowed to consist of the following characters: [0-9a-zA-Z-_.]+',
    };
    expect(await textOf(<ServerIssueMessage issue={issue} />)).toBe(
      'Use only letters (a-z, A-Z, no accents), digits, hyphen, underscore and dot.',
    );
  });

  it('shows other API errors by their code', async () => {
    const error = new ClientError('no', { statusCode: 403, code: 'permission_denied' });
    expect(await textOf(<FormErrorMessage error={error} />)).toBe(en.errors.permission_denied);
  });
});

describe('form values', () => {
  it('generates names and secrets of the specified shape', () => {
    expect(generateName()).toMatch(/^[a-z0-9]{21}$/);
    expect(generateRobotSecret()).toMatch(/^[A-Za-z0-9]{64}$/);
    expect(generateClientSecret()).toMatch(/^[A-Za-z0-9\-_!.]{64}$/);
    expect(generateName()).not.toBe(generateName());
    expect(isHashedSecret('$argon2id$...')).toBe(true);
    expect(isHashedSecret('plain')).toBe(false);
  });

  it('turns empty strings into null', () => {
    expect(emptyToNull({ a: '', b: ' ', c: 'x', d: true })).toEqual({ a: null, b: null, c: 'x', d: true });
  });
});
