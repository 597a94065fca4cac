import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Collapse,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { notify } from '../../components/Feedback/notify.ts';
import {
  IconChevronDown,
  IconChevronRight,
  IconDeviceFloppy,
  IconSearch,
  IconTrash,
} from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorPhraseKey } from '../../api/error-phrase.ts';
import { EmptyListText } from '../../components/EmptyListText/EmptyListText.tsx';
import { Pagination } from '../../components/Pagination/Pagination.tsx';
import { useLiveUpdates } from '../../resources/live/use-live-updates.ts';
import { useApiClient } from '../../session/session-context.tsx';
import { checkText, collect, textOrNull, type Message } from '../../forms/checks.tsx';
import {
  identityProviderApi,
  identityProviderQueryKeys,
  type IdentityProvider,
  type RoleMapping,
  type RoleSummary,
} from './identity-provider-api.ts';

const PAGE_SIZE = 10;

interface MappingValues {
  name: string;
  value: string;
  value_is_regex: boolean;
}

/** docs/product/identity-and-access.md §5 "Role mapping": claim name 3-32, value 3-128, both optional. */
export function validateRoleMapping(values: MappingValues): Record<string, Message> {
  const errors: Record<string, Message> = {};
  collect(errors, 'name', checkText(values.name, { min: 3, max: 32 }));
  collect(errors, 'value', checkText(values.value, { min: 3, max: 128 }));
  return errors;
}

function MappingEditor({
  provider,
  role,
  mapping,
  onChanged,
}: {
  readonly provider: IdentityProvider;
  readonly role: RoleSummary;
  readonly mapping: RoleMapping | undefined;
  readonly onChanged: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const api = useApiClient();
  const [busy, setBusy] = useState<'save' | 'delete' | null>(null);
  const form = useForm<MappingValues>({
    mode: 'controlled',
    initialValues: {
      name: mapping?.name ?? '',
      value: mapping?.value ?? '',
      value_is_regex: mapping?.value_is_regex ?? false,
    },
    validate: validateRoleMapping,
  });

  const run = async (kind: 'save' | 'delete', action: () => Promise<unknown>, done: string) => {
    setBusy(kind);
    try {
      await action();
      await onChanged();
      notify(t, { color: 'green', message: done });
    } catch (error) {
      notify(t, { color: 'red', message: t(errorPhraseKey(error)) });
    } finally {
      setBusy(null);
    }
  };

  const submit = form.onSubmit((values) => {
    const body = {
      name: textOrNull(values.name),
      value: textOrNull(values.value),
      value_is_regex: values.value_is_regex,
    };
    // Create if none exists, otherwise update (docs/product/identity-and-access.md §4 "Role mapping rows").
    void run(
      'save',
      () =>
        mapping
          ? identityProviderApi.updateMapping(api, mapping.id, body)
          : identityProviderApi.createMapping(api, { ...body, provider_id: provider.id, role_id: role.id }),
      t('identityProviders.mappingSaved'),
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" pt="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            {...form.getInputProps('name')}
            key={form.key('name')}
            label={t('identityProviders.mappingClaim')}
            description={t('identityProviders.mappingClaimDescription')}
          />
          <TextInput
            {...form.getInputProps('value')}
            key={form.key('value')}
            label={t('identityProviders.mappingValue')}
          />
        </SimpleGrid>
        <Checkbox
          {...form.getInputProps('value_is_regex', { type: 'checkbox' })}
          key={form.key('value_is_regex')}
          label={t('identityProviders.mappingValueIsRegex')}
        />
        <Group gap="xs">
          <Button
            type="submit"
            size="xs"
            loading={busy === 'save'}
            leftSection={<IconDeviceFloppy size={14} aria-hidden />}
          >
            {t(mapping ? 'admin.form.update' : 'admin.form.create')}
          </Button>
          {mapping && (
            <Button
              size="xs"
              color="red"
              variant="light"
              loading={busy === 'delete'}
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={() =>
                void run(
                  'delete',
                  () => identityProviderApi.deleteMapping(api, mapping.id),
                  t('identityProviders.mappingDeleted'),
                )
              }
            >
              {t('identityProviders.removeMapping')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

function MappingRow({
  provider,
  role,
  mapping,
  onChanged,
}: {
  readonly provider: IdentityProvider;
  readonly role: RoleSummary;
  readonly mapping: RoleMapping | undefined;
  readonly onChanged: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const name = role.display_name || role.name;
  return (
    <Paper withBorder p="sm" component="li" style={{ listStyle: 'none' }}>
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs">
          <ActionIcon
            variant="subtle"
            aria-expanded={open}
            aria-controls={panelId}
            aria-label={t(open ? 'identityProviders.collapse' : 'identityProviders.expand', {
              name,
            })}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? <IconChevronDown size={18} aria-hidden /> : <IconChevronRight size={18} aria-hidden />}
          </ActionIcon>
          <Text fw={600}>{name}</Text>
        </Group>
        <Badge variant={mapping ? 'filled' : 'light'} color={mapping ? 'green' : 'gray'}>
          {t(mapping ? 'identityProviders.mapped' : 'identityProviders.notMapped')}
        </Badge>
      </Group>
      <Collapse expanded={open} id={panelId}>
        {open && (
          // Keyed by the mapping: after create or delete the editor starts from the stored state.
          <MappingEditor
            key={mapping?.id ?? 'new'}
            provider={provider}
            role={role}
            mapping={mapping}
            onChanged={onChanged}
          />
        )}
      </Collapse>
    </Paper>
  );
}

/** The role mappings of an identity provider: one expandable row per role of its realm (or global). */
export function RoleMappings({ provider }: { readonly provider: IdentityProvider }) {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const headingId = useId();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 200);
  const [offset, setOffset] = useState(0);

  const roleQuery = {
    filter: {
      realm_id: provider.realm_id ? `${provider.realm_id},null` : null,
      ...(debounced.trim() ? { name: `~${debounced.trim()}` } : {}),
    },
    sort: { name: 'ASC' as const },
    page: { offset, limit: PAGE_SIZE },
  };
  const roles = useQuery({
    queryKey: identityProviderQueryKeys.roles(roleQuery),
    queryFn: ({ signal }) => identityProviderApi.roles(api, roleQuery, signal),
    placeholderData: keepPreviousData,
  });
  const roleIds = (roles.data?.data ?? []).map((role) => role.id);
  const mappings = useQuery({
    queryKey: identityProviderQueryKeys.mappingsOf(provider.id, roleIds),
    queryFn: ({ signal }) => identityProviderApi.mappings(api, provider.id, roleIds, signal),
    enabled: roleIds.length > 0,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: identityProviderQueryKeys.mappings });
  // Mappings and roles changed elsewhere show up without a reload.
  useLiveUpdates('identityProviderRoleMapping', () => void refresh());
  useLiveUpdates('role', () => void queryClient.invalidateQueries({ queryKey: ['auth', 'roles'] }));

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        {t('identityProviders.roleMappings')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('identityProviders.roleMappingsDescription')}
      </Text>
      <TextInput
        type="search"
        label={t('admin.list.search')}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={roles.isFetching ? <Loader size="xs" /> : null}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setOffset(0);
        }}
      />
      {roles.isError && (
        <Text c="red" role="alert">
          {t(errorPhraseKey(roles.error))}
        </Text>
      )}
      {roles.isSuccess && roles.data.data.length === 0 ? (
        <EmptyListText />
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} aria-labelledby={headingId}>
          {(roles.data?.data ?? []).map((role) => (
            <MappingRow
              key={role.id}
              provider={provider}
              role={role}
              mapping={mappings.data?.data.find((mapping) => mapping.role_id === role.id)}
              onChanged={refresh}
            />
          ))}
        </Stack>
      )}
      {roles.data && roles.data.meta.total > PAGE_SIZE && (
        <Pagination total={roles.data.meta.total} limit={PAGE_SIZE} offset={offset} onChange={setOffset} />
      )}
    </Stack>
  );
}
