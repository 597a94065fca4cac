import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { realmQueryKeys, realmWindowLoader, type RealmSummary } from '../../api/realms.ts';
import { useApiClient, useSession } from '../../session/session-context.tsx';
import { SearchSelect } from '../SearchSelect/SearchSelect.tsx';

export interface RealmPickerProps {
  readonly value: string | null;
  readonly onChange: (value: string | null) => void;
  readonly error?: ReactNode;
  /** A realm must be chosen (clients, robots, users); otherwise the record may be global. */
  readonly required?: boolean;
  readonly initialRealm?: RealmSummary | null;
}

/** The realm field of the identity forms: a searchable realm select (10 at a time). */
export function RealmPicker({ value, onChange, error, required = false, initialRealm }: RealmPickerProps) {
  const { t } = useTranslation();
  const api = useApiClient();
  const { realm, realmManagement } = useSession();
  const load = useMemo(() => realmWindowLoader(api), [api]);
  // The realms the session knows by name label the default choice before anything is loaded.
  const known = [initialRealm, realmManagement, realm].find(
    (candidate) => candidate && candidate.id === value,
  );
  return (
    <SearchSelect<RealmSummary>
      label={t('admin.fields.realm')}
      description={t('admin.fields.realmDescription')}
      queryKey={realmQueryKeys.picker}
      load={load}
      getValue={(realm) => realm.id}
      getLabel={(realm) => realm.name}
      value={value}
      onChange={(next) => onChange(next)}
      initialItem={known ?? null}
      required={required}
      error={error}
      clearable={!required}
      clearLabel={t('app.select.clear')}
    />
  );
}
