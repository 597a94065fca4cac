import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Keeps the window title at the product name ("Federa HUB"). */
export function useDocumentTitle(): void {
  const { t } = useTranslation();
  const title = t('app.name');
  useEffect(() => {
    document.title = title;
  }, [title]);
}
