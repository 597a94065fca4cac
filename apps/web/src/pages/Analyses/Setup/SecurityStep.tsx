import { PermissionName as P } from '@federa/schemas';
import { Alert, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AssignmentList } from '../../../components/AssignmentList/AssignmentList.tsx';
import { hubResources, type Analysis } from '../../../resources/hub-resources.ts';
import { authResources } from '../../../resources/resource-types.ts';
import { useSession } from '../../../session/session-context.tsx';

/** Permissions the analysis itself would hold (names with the `analysis_self` marker); no effect yet. */
export function SecurityStep({
  analysis,
  readOnly,
}: {
  readonly analysis: Analysis;
  readonly readOnly: boolean;
}) {
  const { t } = useTranslation();
  const { hasPermission } = useSession();
  const canChange = !readOnly && hasPermission(P.ANALYSIS_UPDATE);
  // The candidates are permission records, which only readers of permissions may list.
  const canListPermissions = hasPermission(P.PERMISSION_READ);
  return (
    <Stack gap="sm">
      <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />}>
        {t('analyses.security.noEffect')}
      </Alert>
      {canListPermissions ? (
        <AssignmentList
          candidates={authResources.permissions}
          candidateQuery={{ filter: { name: '~analysis_self' }, sort: { name: 'ASC' } }}
          link={hubResources.analysisPermissions}
          owner={{ key: 'analysis_id', id: analysis.id }}
          candidateKey="permission_id"
          label="analyses.security.permissions"
          columns={[{ key: 'name', header: 'admin.fields.name', render: (permission) => permission.name }]}
          canAssign={canChange}
          canUnassign={canChange}
          searchField={null}
        />
      ) : (
        <Alert color="gray" variant="light">
          {t('analyses.security.needsPermissionRead')}
        </Alert>
      )}
    </Stack>
  );
}
