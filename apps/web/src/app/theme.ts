import {
  createTheme,
  darken,
  defaultVariantColorsResolver,
  luminance,
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

/** The WCAG contrast ratio of two colors. */
function contrast(first: string, second: string): number {
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/** AA for normal text, with a little room for rounding in the browser. */
const TEXT_CONTRAST = 4.6;

/**
 * The text color of a "light" variant (buttons, badges, alerts): Mantine uses shade 9 on shade 1,
 * and shade 2 under the pointer, which for most colors falls below AA (indigo 4.1:1, teal 3.8:1).
 * Shade 9 is darkened until it reads on shade 2.
 */
function lightVariantTextColor(shades: readonly string[]): string {
  let color = shades[9]!;
  for (let step = 1; step <= 10 && contrast(color, shades[2]!) < TEXT_CONTRAST; step += 1) {
    color = darken(shades[9]!, step * 0.05);
  }
  return color;
}

/**
 * Darker "dimmed" text and error red than Mantine's defaults, which fall short of AA contrast on
 * white (validation messages, invalid input borders), and light-variant text that keeps AA under
 * the pointer.
 */
export const cssVariablesResolver: CSSVariablesResolver = (current) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': current.colors.gray[7],
    '--mantine-color-error': current.colors.red[9],
    ...Object.fromEntries(
      Object.entries(current.colors).map(([name, shades]) => [
        `--mantine-color-${name}-light-color`,
        lightVariantTextColor(shades),
      ]),
    ),
  },
  dark: {},
});
