import { ActionIcon, Button, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface NamesInputProps {
  /** Legend of the list (already translated). */
  readonly label: string;
  readonly description?: string;
  readonly value: readonly string[];
  readonly onChange: (value: string[]) => void;
  /** Error of the whole list (e.g. too few items). */
  readonly error?: ReactNode;
  /** Error of each item by index. */
  readonly itemErrors?: ReadonlyArray<ReactNode | undefined>;
  readonly min?: number;
  readonly max?: number;
  readonly placeholder?: string;
  readonly disabled?: boolean;
}

/**
 * A list of names with add and remove buttons (docs/product/identity-and-access.md §2: default minimum 0,
 * maximum 100). Each item is its own labelled text field; the form checks every item against its rule.
 */
export function NamesInput({
  label,
  description,
  value,
  onChange,
  error,
  itemErrors = [],
  min = 0,
  max = 100,
  placeholder,
  disabled = false,
}: NamesInputProps) {
  const { t } = useTranslation();
  const errorId = useId();
  const update = (index: number, next: string) =>
    onChange(value.map((item, i) => (i === index ? next : item)));
  const remove = (index: number) => onChange(value.filter((_, i) => i !== index));

  return (
    <Fieldset legend={label} aria-describedby={error ? errorId : undefined} variant="unstyled">
      <Stack gap="xs">
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
        {value.map((item, index) => {
          const itemLabel = t('admin.controls.listItem', { label, index: index + 1 });
          return (
            <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
              <TextInput
                flex={1}
                label={itemLabel}
                labelProps={{ style: visuallyHidden }}
                value={item}
                placeholder={placeholder}
                error={itemErrors[index]}
                disabled={disabled}
                onChange={(event) => update(index, event.currentTarget.value)}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                mt={2}
                aria-label={t('admin.controls.removeItem', { item: itemLabel })}
                disabled={disabled || value.length <= min}
                onClick={() => remove(index)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          );
        })}
        <Group>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={disabled || value.length >= max}
            onClick={() => onChange([...value, ''])}
          >
            {t('admin.controls.addItem', { label })}
          </Button>
        </Group>
        {error && (
          <Text id={errorId} size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Fieldset>
  );
}

/** Hides a label visually while keeping it for assistive technology. */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
