import { PermissionName as P } from '@federa/schemas';
import type { PermissionName } from './types.ts';

// Who may read the records of an identity section: the same names the server accepts for reading
// (any one is enough). Creating alone does not let one see the list or the new record.

export const USER_READERS: readonly PermissionName[] = [P.USER_READ, P.USER_UPDATE, P.USER_DELETE];
export const ROBOT_READERS: readonly PermissionName[] = [P.ROBOT_READ, P.ROBOT_UPDATE, P.ROBOT_DELETE];
export const ROLE_READERS: readonly PermissionName[] = [P.ROLE_READ, P.ROLE_UPDATE, P.ROLE_DELETE];
export const PERMISSION_READERS: readonly PermissionName[] = [
  P.PERMISSION_READ,
  P.PERMISSION_UPDATE,
  P.PERMISSION_DELETE,
];
