import { NativeSelect } from '@mantine/core';
import { interfaceLocales, type InterfaceLocale } from '@federa/phrases';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isInterfaceLocale } from '../../i18n/locale-storage.ts';

/** Each language is named in itself, so it can be found whatever language is showing. */
const LOCALE_NAMES: Readonly<Record<InterfaceLocale, string>> = { en: 'English', de: 'Deutsch' };

/** Switches the interface language; the choice is remembered (see `createI18n`). */
export function LanguageSwitch({ fullWidth = false }: { readonly fullWidth?: boolean }) {
  const { t, i18n } = useTranslation();
  const current = isInterfaceLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  return (
    <NativeSelect
      aria-label={t('app.language.label')}
      value={current}
      onChange={(event) => void i18n.changeLanguage(event.currentTarget.value)}
      leftSection={<IconLanguage size={16} aria-hidden />}
      w={fullWidth ? '100%' : 136}
    >
      {interfaceLocales.map((locale) => (
        <option key={locale} value={locale} lang={locale}>
          {LOCALE_NAMES[locale]}
        </option>
      ))}
    </NativeSelect>
  );
}
