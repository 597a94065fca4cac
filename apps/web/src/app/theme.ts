import {
  createTheme,
  darken,
  defaultVariantColorsResolver,
  Input,
  Notification,
  parseThemeColor,
  type CSSVariablesResolver,
  type VariantColorsResolver,
} from '@mantine/core';
import inputFocus from './input-focus.module.css';
import notificationText from './notification.module.css';

/**
 * Mantine lightens a filled button of the darkest shade (`teal.9`) to shade 8 under the pointer,
 * which drops white text below the AA contrast ratio; those buttons darken on hover instead.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({ color: input.color ?? '', theme: input.theme });
  if (input.variant === 'filled' && parsed.isThemeColor && parsed.shade === 9) {
    return { ...colors, hover: darken(parsed.value, 0.15) };
  }
  return colors;
};

export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 7 keeps white text on filled buttons above the WCAG AA contrast ratio.
  primaryShade: { light: 7, dark: 5 },
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  focusRing: 'auto',
  cursorType: 'pointer',
  variantColorResolver,
  components: {
    Input: Input.extend({ classNames: { input: inputFocus.input } }),
    Notification: Notification.extend({ classNames: { description: notificationText.description } }),
  },
});

/**
 * Darker "dimmed" text and error red than Mantine's defaults, which fall short of AA contrast on
 * white (validation messages, invalid input borders).
 */
export const cssVariablesResolver: CSSVariablesResolver = (current) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': current.colors.gray[7],
    '--mantine-color-error': current.colors.red[9],
  },
  dark: {},
});
