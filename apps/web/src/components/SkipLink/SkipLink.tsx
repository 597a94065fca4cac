import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './SkipLink.module.css';

/** The first focusable element: takes keyboard users past the menus to the page content. */
export function SkipLink({ targetId }: { readonly targetId: string }) {
  const { t } = useTranslation();
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(targetId);
    if (!target) return;
    // Move focus without touching the URL, which belongs to the router.
    event.preventDefault();
    target.focus();
    target.scrollIntoView?.();
  };
  return (
    <a className={classes.link} href={`#${targetId}`} onClick={skip}>
      {t('app.shell.skipToContent')}
    </a>
  );
}
