import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { realmQueryKeys, realmWindowLoader, type RealmSummary } from '../../api/realms.ts';
import { SearchSelect } from '../../components/SearchSelect/SearchSelect.tsx';
import { useApiClient } from '../../session/session-context.tsx';

/** The optional realm of the account, picked as on the sign-in page (none: the master realm). */
export function AccountRealmField({
  value,
  onChange,
}: {
  readonly value: string | null;
  readonly onChange: (value: string | null) => void;
}) {
  const { t } = useTranslation();
  const api = useApiClient();
  const loadRealms = useMemo(() => realmWindowLoader(api), [api]);
  return (
    <SearchSelect<RealmSummary>
      label={t('app.login.realm')}
      description={t('app.login.realmDescription')}
      queryKey={realmQueryKeys.picker}
      load={loadRealms}
      getValue={(realm) => realm.id}
      getLabel={(realm) => realm.name}
      value={value}
      onChange={onChange}
      clearable
      clearLabel={t('app.select.clear')}
    />
  );
}
