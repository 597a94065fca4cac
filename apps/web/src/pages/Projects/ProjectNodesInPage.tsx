import { PermissionName as P } from '@federa/schemas';
import { Button, Card, Collapse, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApprovalActions } from '../../components/ApprovalActions/ApprovalActions.tsx';
import { ApprovalBadge } from '../../components/ApprovalBadge/ApprovalBadge.tsx';
import { CardList } from '../../components/CardList/CardList.tsx';
import { RelativeTime } from '../../components/RelativeTime/RelativeTime.tsx';
import { hubResources, type ProjectNode } from '../../resources/hub-resources.ts';
import { useResourceList } from '../../resources/use-resource-list.ts';
import { useSession } from '../../session/session-context.tsx';
import { CreatorName } from './CreatorName.tsx';

/** One request of a project to a node of my realm: open (details), comment, approve, reject. */
function ProjectNodeInCard({
  request,
  canApprove,
}: {
  readonly request: ProjectNode;
  readonly canApprove: boolean;
}) {
  const { t } = useTranslation();
  const [opened, { toggle }] = useDisclosure(false);
  const projectName = request.project?.name ?? request.project_id;
  return (
    <Card withBorder padding="md" radius="md">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {projectName}
            </Text>
            <Text size="sm" c="dimmed">
              {t('projects.incoming.node')}: {request.node?.name ?? request.node_id}
            </Text>
          </Stack>
          <ApprovalBadge status={request.approval_status} />
        </Group>
        {request.comment && (
          <Text size="sm" fs="italic">
            {request.comment}
          </Text>
        )}
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Button
            size="xs"
            variant="subtle"
            onClick={toggle}
            aria-expanded={opened}
            leftSection={
              opened ? <IconChevronUp size={14} aria-hidden /> : <IconChevronDown size={14} aria-hidden />
            }
          >
            {t('projects.list.open', { name: projectName })}
          </Button>
          <ApprovalActions
            resource={hubResources.projectNodes}
            id={request.id}
            name={projectName}
            status={request.approval_status}
            comment={request.comment}
            allowed={canApprove}
          />
        </Group>
        <Collapse expanded={opened}>
          <Stack gap={4}>
            {request.project?.description && <Text size="sm">{request.project.description}</Text>}
            <Text size="sm">
              {t('projects.list.creator')}:{' '}
              <CreatorName userId={request.project?.user_id} robotId={request.project?.robot_id} />
            </Text>
            <Text size="xs" c="dimmed">
              {t('projects.list.created')} <RelativeTime value={request.created_at} /> ·{' '}
              {t('projects.list.updated')} <RelativeTime value={request.updated_at} />
            </Text>
          </Stack>
        </Collapse>
      </Stack>
    </Card>
  );
}

/** `/projects/in`: the requests of projects to the nodes of my realm, newest change first, live. */
export function ProjectNodesInPage() {
  const { t } = useTranslation();
  const { realm, hasPermission } = useSession();
  const state = useResourceList({
    resource: hubResources.projectNodesIn,
    query: {
      filter: realm ? { node_realm_id: realm.id } : {},
      include: ['project', 'node'],
      sort: { updated_at: 'DESC' },
    },
    searchField: null,
  });
  return (
    <CardList<ProjectNode>
      state={state}
      searchable={false}
      label={t('projects.incoming.label')}
      renderCard={(request) => (
        <ProjectNodeInCard request={request} canApprove={hasPermission(P.PROJECT_APPROVE)} />
      )}
    />
  );
}
