import { PermissionName as P } from '@federa/schemas';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SectionPage } from '../../components/AdminSection/SectionPage.tsx';
import { CardList } from '../../components/CardList/CardList.tsx';
import { useDeleteConfirmation } from '../../components/ResourceList/use-delete-confirmation.tsx';
import { hubResources, type Project } from '../../resources/hub-resources.ts';
import { useResourceList } from '../../resources/use-resource-list.ts';
import { useSession } from '../../session/session-context.tsx';
import { ProjectCard } from './ProjectCard.tsx';
import { ProjectForm } from './ProjectForm.tsx';

/** `/projects`: heading and the tabs list, incoming requests, add. */
export function ProjectsPage() {
  return (
    <SectionPage
      title="app.pages.projects"
      tabs={[
        { to: '.', label: 'app.tabs.overview' },
        { to: 'in', label: 'app.tabs.incoming', permissions: [P.PROJECT_APPROVE] },
        { to: 'add', label: 'app.tabs.add', permissions: [P.PROJECT_CREATE] },
      ]}
    />
  );
}

/** The project cards, newest first, 10 per page, searchable, live. */
export function ProjectListPage() {
  const { t } = useTranslation();
  const { hasPermission } = useSession();
  const state = useResourceList({
    resource: hubResources.projects,
    query: { sort: { created_at: 'DESC' } },
  });
  const confirmDelete = useDeleteConfirmation(hubResources.projects, {
    onDeleted: () => {
      if (state.data?.data.length === 1 && state.offset > 0) state.setOffset(state.offset - state.limit);
    },
  });
  return (
    <CardList<Project>
      state={state}
      label={t('projects.list.label')}
      renderCard={(project) => (
        <ProjectCard
          project={project}
          canDelete={hasPermission(P.PROJECT_DELETE)}
          onDelete={(item) => confirmDelete(item, item.name)}
        />
      )}
    />
  );
}

export function ProjectAddPage() {
  const navigate = useNavigate();
  return <ProjectForm onSaved={(project) => void navigate(`/projects/${project.id}`)} />;
}
