import type { en } from '@federa/phrases';

// Typed phrase keys: `t('app.menu.hom')` is a compile error.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
