import { describe, expect, it } from 'vitest';
import { createI18n } from './create-i18n.ts';
import { LOCALE_STORAGE_KEY } from './locale-storage.ts';

describe('createI18n', () => {
  it('starts in English and sets <html lang>', () => {
    const i18n = createI18n();
    expect(i18n.language).toBe('en');
    expect(i18n.t('app.menu.projects')).toBe('Projects');
    expect(document.documentElement.lang).toBe('en');
  });

  it('starts in the remembered language, ignoring values it does not offer', () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'de');
    expect(createI18n().t('app.menu.projects')).toBe('Projekte');
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'xx');
    expect(createI18n().language).toBe('en');
  });

  it('starts a German browser in German when no language was chosen yet', () => {
    window.localStorage.removeItem(LOCALE_STORAGE_KEY);
    const i18n = createI18n({ languages: ['de-AT', 'en'] });
    expect(i18n.t('app.menu.projects')).toBe('Projekte');
    expect(document.documentElement.lang).toBe('de');
    expect(createI18n({ languages: ['pt-BR', 'en-GB'] }).language).toBe('en');
  });

  it('keeps the chosen language over the browser language', () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'en');
    expect(createI18n({ languages: ['de-DE'] }).t('app.menu.projects')).toBe('Projects');
    window.localStorage.removeItem(LOCALE_STORAGE_KEY);
  });

  it('interpolates the generic validation messages, also in French and Spanish', async () => {
    const i18n = createI18n();
    expect(i18n.t('validation.minLength', { min: 3 })).toBe(
      'This field should be at least 3 characters long',
    );
    await i18n.changeLanguage('fr');
    expect(i18n.t('validation.maxValue', { max: 9 })).toBe('La valeur maximale autorisée est 9');
    // Phrases French does not have fall back to English.
    expect(i18n.t('app.menu.projects')).toBe('Projects');
    await i18n.changeLanguage('es');
    expect(i18n.t('validation.sameAs', { name: 'password' })).toBe(
      'El valor debe ser igual al valor de password',
    );
  });
});
