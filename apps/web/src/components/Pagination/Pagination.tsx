import { ActionIcon, Button, Group } from '@mantine/core';
import {
  IconChevronLeft,
  IconChevronRight,
  IconChevronsLeft,
  IconChevronsRight,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { offsetOfPage, pageStateOf, visiblePages } from './pagination-range.ts';

export interface PaginationProps {
  /** Total number of items (`meta.total` of a list response). */
  readonly total: number;
  /** Page size (`meta.limit`). */
  readonly limit: number;
  /** Offset of the current window (`meta.offset`). */
  readonly offset: number;
  /** Called with the offset of the chosen page. */
  readonly onChange: (offset: number) => void;
  /** Disables every button, e.g. while the next page is loading. */
  readonly disabled?: boolean;
}

/** Page navigation for a list: first, previous, nearby page numbers, next, last. */
export function Pagination({ total, limit, offset, onChange, disabled = false }: PaginationProps) {
  const { t } = useTranslation();
  const state = pageStateOf({ total, limit, offset });
  const { page, pageCount } = state;
  const goTo = (target: number) => {
    if (target !== page) onChange(offsetOfPage(target, limit));
  };

  const stepButton = (label: string, icon: Icon, target: number, enabled: boolean) => {
    const StepIcon = icon;
    return (
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={label}
        disabled={disabled || !enabled}
        onClick={() => goTo(target)}
      >
        <StepIcon size={18} aria-hidden />
      </ActionIcon>
    );
  };

  return (
    <Group component="nav" aria-label={t('app.pagination.label')} gap={6} justify="center">
      {stepButton(t('app.pagination.first'), IconChevronsLeft, 1, page > 1)}
      {stepButton(t('app.pagination.previous'), IconChevronLeft, page - 1, page > 1)}
      {visiblePages(state).map((number) => (
        <Button
          key={number}
          size="compact-md"
          h={34}
          miw={34}
          variant={number === page ? 'filled' : 'default'}
          aria-label={t('app.pagination.page', { page: number })}
          aria-current={number === page ? 'page' : undefined}
          disabled={disabled}
          onClick={() => goTo(number)}
        >
          {number}
        </Button>
      ))}
      {stepButton(t('app.pagination.next'), IconChevronRight, page + 1, page < pageCount)}
      {stepButton(t('app.pagination.last'), IconChevronsRight, pageCount, page < pageCount)}
    </Group>
  );
}
