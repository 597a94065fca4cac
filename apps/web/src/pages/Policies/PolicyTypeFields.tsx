import {
  Checkbox,
  Group,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { DECISION_STRATEGIES, TIME_INTERVALS, type TimeInterval } from '@federa/policy';
import { useTranslation } from 'react-i18next';
import { NamesInput } from './NamesInput.tsx';
import { WEEK, weekdayName } from './weekdays.ts';
import {
  DAY_FIELDS_OF_INTERVAL,
  DAY_OF_YEAR_MAX,
  IDENTITY_TYPES,
  withInterval,
  type PolicyFormValues,
} from './policy-form.tsx';

type PolicyForm = UseFormReturnType<PolicyFormValues>;

function itemErrors(form: PolicyForm, path: string, count: number) {
  return Array.from({ length: count }, (_, index) => form.errors[`${path}.${index}`]);
}

/** The settings of the chosen policy type (composite children are handled by the page). */
export function PolicyTypeFields({ form }: { readonly form: PolicyForm }) {
  const { t, i18n } = useTranslation();
  const values = form.getValues();
  const strategyOptions = DECISION_STRATEGIES.map((value) => ({
    value,
    label: t(`policies.strategies.${value}`),
  }));

  switch (values.type) {
    case 'composite':
      return (
        <NativeSelect
          {...form.getInputProps('decisionStrategy')}
          key={form.key('decisionStrategy')}
          label={t('policies.decisionStrategy')}
          description={t('policies.decisionStrategyDescription')}
          data={strategyOptions}
        />
      );
    case 'date':
      return (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            {...form.getInputProps('dateStart')}
            key={form.key('dateStart')}
            type="date"
            label={t('policies.dateStart')}
            description={t('policies.dateFormat')}
          />
          <TextInput
            {...form.getInputProps('dateEnd')}
            key={form.key('dateEnd')}
            type="date"
            label={t('policies.dateEnd')}
            description={t('policies.dateFormat')}
          />
        </SimpleGrid>
      );
    case 'time': {
      const applicable = DAY_FIELDS_OF_INTERVAL[values.interval];
      return (
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              {...form.getInputProps('timeStart')}
              key={form.key('timeStart')}
              label={t('policies.timeStart')}
              description={t('policies.timeFormat')}
              placeholder="00:00:00"
              inputMode="numeric"
            />
            <TextInput
              {...form.getInputProps('timeEnd')}
              key={form.key('timeEnd')}
              label={t('policies.timeEnd')}
              description={t('policies.timeFormat')}
              placeholder="23:59:59"
              inputMode="numeric"
            />
          </SimpleGrid>
          <NativeSelect
            key={form.key('interval')}
            label={t('policies.interval')}
            value={values.interval}
            onChange={(event) => form.setValues(withInterval(event.currentTarget.value as TimeInterval | ''))}
            data={[
              { value: '', label: t('policies.intervals.none') },
              ...TIME_INTERVALS.map((value) => ({ value, label: t(`policies.intervals.${value}`) })),
            ]}
          />
          {applicable.includes('dayOfWeek') && (
            <Checkbox.Group
              {...form.getInputProps('dayOfWeek')}
              key={form.key('dayOfWeek')}
              label={t('policies.dayOfWeek')}
              description={t('policies.dayOfWeekDescription')}
            >
              <Group mt="xs" gap="md">
                {WEEK.map((day) => (
                  <Checkbox key={day} value={String(day)} label={weekdayName(day, i18n.language)} />
                ))}
              </Group>
            </Checkbox.Group>
          )}
          {applicable.length > 1 && (
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {applicable.includes('dayOfMonth') && (
                <NumberInput
                  {...form.getInputProps('dayOfMonth')}
                  key={form.key('dayOfMonth')}
                  label={t('policies.dayOfMonth')}
                  placeholder="1-31"
                  min={1}
                  max={31}
                  allowDecimal={false}
                  allowNegative={false}
                  clampBehavior="none"
                />
              )}
              {applicable.includes('dayOfYear') && (
                <NumberInput
                  {...form.getInputProps('dayOfYear')}
                  key={form.key('dayOfYear')}
                  label={t('policies.dayOfYear')}
                  placeholder="1-365"
                  min={1}
                  max={DAY_OF_YEAR_MAX}
                  allowDecimal={false}
                  allowNegative={false}
                  clampBehavior="none"
                />
              )}
            </SimpleGrid>
          )}
        </Stack>
      );
    }
    case 'attributeNames':
      return (
        <NamesInput
          label={t('policies.attributeNames')}
          description={t('policies.attributeNamesDescription')}
          value={values.names}
          onChange={(names) => form.setFieldValue('names', names)}
          error={form.errors.names}
          itemErrors={itemErrors(form, 'names', values.names.length)}
        />
      );
    case 'attributes':
      return (
        <Textarea
          {...form.getInputProps('query')}
          key={form.key('query')}
          label={t('policies.query')}
          description={t('policies.queryDescription')}
          resize="vertical"
          rows={6}
          spellCheck={false}
          ff="monospace"
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
      );
    case 'realmMatch':
      return (
        <Stack gap="sm">
          <NamesInput
            label={t('policies.attributeName')}
            description={t('policies.attributeNameDescription')}
            value={values.attributeName}
            onChange={(names) => form.setFieldValue('attributeName', names)}
            itemErrors={itemErrors(form, 'attributeName', values.attributeName.length)}
          />
          <Switch
            {...form.getInputProps('attributeNameStrict', { type: 'checkbox' })}
            key={form.key('attributeNameStrict')}
            label={t('policies.attributeNameStrict')}
            description={t('policies.attributeNameStrictDescription')}
          />
          <Switch
            {...form.getInputProps('attributeNullMatchAll', { type: 'checkbox' })}
            key={form.key('attributeNullMatchAll')}
            label={t('policies.attributeNullMatchAll')}
            description={t('policies.attributeNullMatchAllDescription')}
          />
          <Switch
            {...form.getInputProps('identityMasterMatchAll', { type: 'checkbox' })}
            key={form.key('identityMasterMatchAll')}
            label={t('policies.identityMasterMatchAll')}
            description={t('policies.identityMasterMatchAllDescription')}
          />
          <NativeSelect
            {...form.getInputProps('realmDecisionStrategy')}
            key={form.key('realmDecisionStrategy')}
            label={t('policies.decisionStrategy')}
            data={[{ value: '', label: t('policies.strategies.default') }, ...strategyOptions]}
          />
        </Stack>
      );
    case 'identity':
      return (
        <Checkbox.Group
          {...form.getInputProps('identityTypes')}
          key={form.key('identityTypes')}
          label={t('policies.identityTypes')}
          description={t('policies.identityTypesDescription')}
        >
          <Group mt="xs">
            {IDENTITY_TYPES.map((type) => (
              <Checkbox key={type} value={type} label={t(`policies.identityTypeNames.${type}`)} />
            ))}
          </Group>
        </Checkbox.Group>
      );
    case 'permissionBinding':
      return (
        <Text size="sm" c="dimmed">
          {t('policies.permissionBindingDescription')}
        </Text>
      );
    default:
      return null;
  }
}
