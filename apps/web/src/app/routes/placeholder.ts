import type { PlainPhraseKey } from '@federa/phrases';
import type { RouteObject } from 'react-router';

/**
 * `lazy` for a route whose screen a later issue builds: shows the translated title and the child
 * routes. Replace it with the screen's own module, e.g.
 * `lazy: async () => ({ Component: (await import('../../pages/Projects/ProjectListPage.tsx')).ProjectListPage })`.
 */
export function placeholder(title: PlainPhraseKey): RouteObject['lazy'] {
  return async () => {
    const { createPlaceholderPage } = await import('../../pages/Placeholder/PlaceholderPage.tsx');
    return { Component: createPlaceholderPage(title) };
  };
}
