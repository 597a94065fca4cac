import type { ListQuery } from '@federa/schemas';
import { useSession } from '../../session/session-context.tsx';

/**
 * The filter of admin lists: the managed realm's records when a realm other than master is managed,
 * everything (a master user's view) otherwise. Non-master users are confined to their realm by the
 * server anyway.
 */
export function useRealmScope(): NonNullable<ListQuery['filter']> {
  const { realmManagement } = useSession();
  if (!realmManagement || realmManagement.name === 'master') return {};
  return { realm_id: realmManagement.id };
}
