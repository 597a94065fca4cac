import { listResponseOf } from '@federa/client';
import { Group, Select, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hubResources, type MasterImage } from '../../resources/hub-resources.ts';
import { resourceKey } from '../../resources/resource-types.ts';
import { useApiClient } from '../../session/session-context.tsx';

/** The whole catalog is read at once (it has tens of images), sorted by virtual path, which is never empty, unlike the path (docs/product/analysis-platform.md §7). */
const CATALOG_LIMIT = 50;

export interface MasterImagePickerProps {
  readonly value: string | null;
  readonly onChange: (id: string | null, image: MasterImage | null) => void;
  readonly error?: string | null;
  readonly disabled?: boolean;
  readonly required?: boolean;
}

/** Master image choice in two steps: the group first, then an image of that group (both sorted by path). */
export function MasterImagePicker({ value, onChange, error, disabled, required }: MasterImagePickerProps) {
  const { t } = useTranslation();
  const api = useApiClient();
  const images = useQuery({
    queryKey: [...resourceKey(hubResources.masterImages), 'list', 'catalog'],
    queryFn: async ({ signal }) => {
      // The whole catalog, page after page by cursor (keyset): no page costs more than the first.
      const rows: MasterImage[] = [];
      for (let after = ''; ;) {
        const page = await api.get('core', 'master-images', {
          query: { sort: { virtual_path: 'ASC' }, page: { limit: CATALOG_LIMIT, after } },
          signal,
          schema: listResponseOf(hubResources.masterImages.schema),
        });
        rows.push(...page.data);
        if (!page.meta.after || page.data.length === 0) return rows;
        after = page.meta.after;
      }
    },
    staleTime: 60_000,
  });
  const selected = images.data?.find((image) => image.id === value) ?? null;
  // The group of the chosen image, until the user picks another group.
  const [chosenGroup, setGroup] = useState<string | null>(null);
  const group = chosenGroup ?? selected?.group_virtual_path ?? null;

  const groups = [...new Set((images.data ?? []).map((image) => image.group_virtual_path))].sort();
  const inGroup = (images.data ?? []).filter((image) => image.group_virtual_path === group);
  return (
    <Stack gap={4}>
      <Group grow align="start" wrap="wrap" gap="sm">
        <Select
          label={t('projects.masterImage.group')}
          placeholder={t('app.select.placeholder')}
          data={groups}
          value={group}
          onChange={(next) => {
            setGroup(next);
            if (next !== group) onChange(null, null);
          }}
          disabled={disabled || images.isPending}
          required={required}
          clearable={!required}
          clearButtonProps={{ 'aria-label': t('app.select.clear') }}
          searchable
          nothingFoundMessage={t('app.select.nothingFound')}
          miw={180}
        />
        <Select
          label={t('projects.masterImage.image')}
          placeholder={t('app.select.placeholder')}
          data={inGroup.map((image) => ({ value: image.id, label: image.name || image.virtual_path }))}
          value={value}
          onChange={(next) => onChange(next, inGroup.find((image) => image.id === next) ?? null)}
          disabled={disabled || !group}
          required={required || !!group}
          error={error}
          searchable
          nothingFoundMessage={t('app.select.nothingFound')}
          miw={180}
        />
      </Group>
    </Stack>
  );
}
