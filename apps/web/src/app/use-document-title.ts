import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Keeps the window title at the product name ("Federa HUB") until a screen names itself: a layout
 * effect runs before every `PageHeading`'s effect of the same render, so "Users · Federa HUB" wins.
 */
export function useDocumentTitle(): void {
  const { t } = useTranslation();
  const title = t('app.name');
  useLayoutEffect(() => {
    document.title = title;
  }, [title]);
}
