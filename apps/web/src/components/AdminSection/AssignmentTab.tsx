import type { PlainPhraseKey } from '@federa/phrases';
import type { ListQuery } from '@federa/schemas';
import type { Identified } from '../../resources/live/live-list.ts';
import type { ResourceRef } from '../../resources/resource-types.ts';
import { useSession } from '../../session/session-context.tsx';
import { AssignmentList } from '../AssignmentList/AssignmentList.tsx';
import { identityColumns } from './columns.tsx';
import { useRecord } from './RecordPage.tsx';

export interface AssignmentTabProps {
  readonly candidates: ResourceRef;
  readonly link: ResourceRef;
  /** Link column of the record whose page this is, e.g. `user_id` on `/admin/users/:id/roles`. */
  readonly ownerKey: string;
  /** Link column of the candidates, e.g. `role_id`. */
  readonly candidateKey: string;
  readonly label: PlainPhraseKey;
  /** Permission names that allow creating and deleting the link. */
  readonly createPermission: string;
  readonly deletePermission: string;
  readonly candidateQuery?: ListQuery;
}

/** A sub-page of a record page (`/admin/users/:id/roles`): the candidates with assign/remove toggles. */
export function AssignmentTab({
  candidates,
  link,
  ownerKey,
  candidateKey,
  label,
  createPermission,
  deletePermission,
  candidateQuery = { include: ['realm'], sort: { name: 'ASC' } },
}: AssignmentTabProps) {
  const record = useRecord<Identified>();
  const { hasPermission } = useSession();
  return (
    <AssignmentList
      candidates={candidates}
      candidateQuery={candidateQuery}
      link={link}
      owner={{ key: ownerKey, id: record.id }}
      candidateKey={candidateKey}
      label={label}
      columns={identityColumns()}
      canAssign={hasPermission(createPermission)}
      canUnassign={hasPermission(deletePermission)}
    />
  );
}
