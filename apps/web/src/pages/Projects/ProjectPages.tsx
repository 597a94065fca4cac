import { PermissionName as P } from '@federa/schemas';
import { Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RecordLayout, useLayoutRecord } from '../../components/RecordLayout/RecordLayout.tsx';
import { RelativeTime } from '../../components/RelativeTime/RelativeTime.tsx';
import { hubResources, type Project } from '../../resources/hub-resources.ts';
import { CreatorName } from './CreatorName.tsx';
import { ProjectForm } from './ProjectForm.tsx';
import { ProjectNodeManager } from './ProjectNodeManager.tsx';

/** `/projects/:id`: the project (live) with the tabs overview, analyses, settings. */
export function ProjectLayout() {
  return (
    <RecordLayout
      resource={hubResources.projects}
      kind="app.pages.project"
      query={{ include: ['master_image'] }}
      title={(project) => project.name}
      tabs={[
        { to: '.', label: 'app.tabs.overview' },
        { to: 'analyses', label: 'app.tabs.analyses' },
        { to: 'settings', label: 'app.tabs.settings', permissions: [P.PROJECT_UPDATE] },
      ]}
    />
  );
}

function Detail({ label, children }: { readonly label: string; readonly children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** Details of the project and its nodes with their approval. */
export function ProjectOverviewPage() {
  const { t } = useTranslation();
  const project = useLayoutRecord<Project>();
  return (
    <Stack gap="md">
      <Card withBorder padding="md">
        <Title order={2} size="h4" mb="sm">
          {t('projects.overview.details')}
        </Title>
        <Stack gap="xs">
          {project.description && (
            <Detail label={t('projects.form.description')}>{project.description}</Detail>
          )}
          <Detail label={t('projects.form.masterImage')}>
            {project.master_image?.virtual_path ?? t('projects.masterImage.none')}
          </Detail>
          <Detail label={t('projects.list.analyses')}>{project.analyses}</Detail>
          <Detail label={t('projects.list.creator')}>
            <CreatorName userId={project.user_id} robotId={project.robot_id} />
          </Detail>
          <Detail label={t('projects.list.created')}>
            <RelativeTime value={project.created_at} />
          </Detail>
          <Detail label={t('projects.list.updated')}>
            <RelativeTime value={project.updated_at} />
          </Detail>
        </Stack>
      </Card>
      <ProjectNodeManager project={project} editable={false} />
    </Stack>
  );
}

/** `/projects/:id/settings`: the form, then the node manager. */
export function ProjectSettingsPage() {
  const project = useLayoutRecord<Project>();
  return (
    <Stack gap="xl">
      <ProjectForm key={project.id} entity={project} />
      <ProjectNodeManager project={project} editable />
    </Stack>
  );
}
