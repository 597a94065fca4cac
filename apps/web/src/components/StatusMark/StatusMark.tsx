import { Group, Text } from '@mantine/core';
import { IconCircleFilled } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export type StatusTone = 'good' | 'bad' | 'neutral' | 'info' | 'warning';

const TONE_COLORS: Record<StatusTone, string> = {
  good: 'var(--mantine-color-green-7)',
  bad: 'var(--mantine-color-red-7)',
  neutral: 'var(--mantine-color-gray-6)',
  info: 'var(--mantine-color-blue-7)',
  warning: 'var(--mantine-color-orange-7)',
};

/**
 * A short status in body-coloured text after a coloured dot: the colour helps the eye, the text
 * carries the meaning, and its contrast never depends on the tone (light badges fail axe).
 */
export function StatusMark({
  tone,
  children,
  component,
}: {
  readonly tone: StatusTone;
  readonly children: ReactNode;
  readonly component?: 'dd' | 'span';
}) {
  return (
    <Group gap={6} wrap="nowrap" component={component ?? 'span'} display="inline-flex" m={0}>
      <IconCircleFilled size={10} color={TONE_COLORS[tone]} aria-hidden />
      <Text span size="sm">
        {children}
      </Text>
    </Group>
  );
}
