import { Select } from '@mantine/core';
import { MAX_PAGE_LIMIT } from '@federa/schemas';
import { IconBuildingBank } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { realmQueryKeys, realmWindowLoader } from '../../api/realms.ts';
import { useApiClient, useSession } from '../../session/session-context.tsx';
import { MASTER_REALM_NAME } from '../../session/session-store.ts';

/**
 * For master-realm users: which realm the administration screens manage (their own by default).
 * Others always manage their own realm and see nothing here.
 */
export function RealmManagementSwitch() {
  const { t } = useTranslation();
  const api = useApiClient();
  const { realm, realmManagement, setRealmManagement } = useSession();
  const isMaster = realm?.name === MASTER_REALM_NAME;
  const realms = useQuery({
    queryKey: [...realmQueryKeys.all, 'management'],
    queryFn: ({ signal }) => realmWindowLoader(api)({ search: '', offset: 0, limit: MAX_PAGE_LIMIT, signal }),
    enabled: isMaster,
  });
  if (!isMaster || !realmManagement) return null;

  const options = (realms.data?.data ?? []).map((item) => ({ value: item.id, label: item.name }));
  if (!options.some((option) => option.value === realmManagement.id)) {
    options.unshift({ value: realmManagement.id, label: realmManagement.name });
  }

  return (
    <Select
      aria-label={t('app.realmManagement.label')}
      data={options}
      value={realmManagement.id}
      onChange={(id, option) => {
        if (id && option) setRealmManagement({ id, name: option.label });
      }}
      allowDeselect={false}
      searchable
      leftSection={<IconBuildingBank size={16} aria-hidden />}
      w={180}
      visibleFrom="md"
    />
  );
}
