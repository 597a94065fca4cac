import { DEFAULT_THEME, luminance, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme.ts';

const contrast = (first: string, second: string) => {
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
};

describe('theme colors', () => {
  it('keeps the text of light buttons and badges at AA contrast, at rest and under the pointer', () => {
    const full = mergeMantineTheme(DEFAULT_THEME, theme);
    const light = cssVariablesResolver(full).light;
    // Every color of the palette, whichever a screen picks for a light variant.
    for (const name of [
      'indigo',
      'blue',
      'red',
      'teal',
      'gray',
      'violet',
      'cyan',
      'green',
      'orange',
      'yellow',
      'grape',
      'pink',
      'lime',
      'dark',
    ]) {
      const text = light[`--mantine-color-${name}-light-color`]!;
      const shades = full.colors[name]!;
      expect(contrast(text, shades[1]!), `${name} at rest`).toBeGreaterThanOrEqual(4.5);
      expect(contrast(text, shades[2]!), `${name} under the pointer`).toBeGreaterThanOrEqual(4.5);
    }
  });
});
