import { ActionIcon, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconChevronRight, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RelativeTime } from '../../components/RelativeTime/RelativeTime.tsx';
import type { Project } from '../../resources/hub-resources.ts';
import { CreatorName } from './CreatorName.tsx';

export interface ProjectCardProps {
  readonly project: Project;
  /** Shows the delete button (project_delete); it is disabled while the project has analyses. */
  readonly canDelete: boolean;
  readonly onDelete: (project: Project) => void;
}

/** One project of the list: name, counts, creator, times, open and delete. */
export function ProjectCard({ project, canDelete, onDelete }: ProjectCardProps) {
  const { t } = useTranslation();
  const blocked = project.analyses > 0;
  return (
    <Card withBorder padding="md" radius="md">
      <Group justify="space-between" wrap="nowrap" align="start">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text fw={600} component={Link} to={`/projects/${project.id}`} style={{ overflowWrap: 'anywhere' }}>
            {project.name}
          </Text>
          <Group gap="lg" wrap="wrap">
            <Text size="sm">
              {t('projects.list.analyses')}: <b>{project.analyses}</b>
            </Text>
            <Text size="sm">
              {t('projects.list.nodes')}: <b>{project.nodes}</b>
            </Text>
            <Text size="sm">
              {t('projects.list.creator')}:{' '}
              <CreatorName userId={project.user_id} robotId={project.robot_id} />
            </Text>
          </Group>
          <Group gap="lg" wrap="wrap">
            <Text size="xs" c="dimmed">
              {t('projects.list.created')} <RelativeTime value={project.created_at} />
            </Text>
            <Text size="xs" c="dimmed">
              {t('projects.list.updated')} <RelativeTime value={project.updated_at} />
            </Text>
          </Group>
        </Stack>
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            component={Link}
            to={`/projects/${project.id}`}
            variant="subtle"
            aria-label={t('projects.list.open', { name: project.name })}
          >
            <IconChevronRight size={18} aria-hidden />
          </ActionIcon>
          {canDelete && (
            <Tooltip label={t('projects.list.deleteBlocked')} disabled={!blocked}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('projects.list.delete', { name: project.name })}
                disabled={blocked}
                onClick={() => !blocked && onDelete(project)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Group>
    </Card>
  );
}
