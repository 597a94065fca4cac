import { RobotSchema, UserSchema } from '@federa/schemas';
import { useQuery } from '@tanstack/react-query';
import { useApiClient, useSession } from '../../session/session-context.tsx';

/** What the name reads of its creator (`fields=id,name,display_name`). */
const UserName = UserSchema.pick({ id: true, name: true, display_name: true });
const RobotName = RobotSchema.pick({ id: true, name: true, display_name: true });

/**
 * Who created a record: the user's name when it can be read (own realm), else the id, as the
 * original shows it for records of other realms.
 */
export function CreatorName({
  userId,
  robotId,
}: {
  readonly userId?: string | null;
  readonly robotId?: string | null;
}) {
  const api = useApiClient();
  const { user } = useSession();
  const id = userId ?? robotId ?? null;
  const own = !!userId && user?.id === userId;
  const lookup = useQuery({
    queryKey: ['auth', userId ? 'users' : 'robots', 'name', id],
    queryFn: ({ signal }) =>
      api.get('auth', `${userId ? 'users' : 'robots'}/${id}`, {
        query: { fields: ['id', 'name', 'display_name'] },
        signal,
        schema: userId ? UserName : RobotName,
      }),
    enabled: !!id && !own,
    retry: false,
    staleTime: 5 * 60_000,
  });
  if (!id) return <>-</>;
  if (own) return <>{user?.display_name || user?.name}</>;
  return <>{lookup.data ? lookup.data.display_name || lookup.data.name : id}</>;
}
