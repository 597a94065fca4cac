import { PasswordInput, type MantineThemeOverride } from '@mantine/core';
import type { TFunction } from 'i18next';
import { theme } from './theme.ts';

/**
 * The theme with the labels Mantine brings in English (the password visibility toggle says "Toggle
 * password visibility") replaced by phrases of the current language. The toggle is also reachable
 * with the Tab key (Mantine leaves it out of the tab order), so keyboard users can check what they typed.
 */
export function localizedTheme(t: TFunction): MantineThemeOverride {
  return {
    ...theme,
    components: {
      ...theme.components,
      PasswordInput: PasswordInput.extend({
        defaultProps: {
          visibilityToggleButtonProps: {
            'aria-label': t('identityAdmin.passwordVisibility'),
            tabIndex: 0,
          },
        },
      }),
    },
  };
}
