import { PermissionName as P, type ListQuery } from '@federa/schemas';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SectionPage } from '../../components/AdminSection/SectionPage.tsx';
import { CardList } from '../../components/CardList/CardList.tsx';
import { useDeleteConfirmation } from '../../components/ResourceList/use-delete-confirmation.tsx';
import { hubResources, type Analysis } from '../../resources/hub-resources.ts';
import { useResourceList } from '../../resources/use-resource-list.ts';
import { AnalysisCard } from './AnalysisCard.tsx';
import { AnalysisForm } from './AnalysisForm.tsx';

/** `/analyses`: heading and the tabs list, incoming, add. */
export function AnalysesPage() {
  return (
    <SectionPage
      title="app.pages.analyses"
      tabs={[
        { to: '.', label: 'app.tabs.overview' },
        { to: 'in', label: 'app.tabs.incoming', permissions: [P.ANALYSIS_APPROVE] },
        { to: 'add', label: 'app.tabs.add', permissions: [P.ANALYSIS_CREATE] },
      ]}
    />
  );
}

/** Analysis cards, newest first, 10 a page, searchable, live; optionally of one project. */
export function AnalysisList({ projectId }: { readonly projectId?: string }) {
  const { t } = useTranslation();
  const query: ListQuery = { sort: { created_at: 'DESC' }, include: ['project'] };
  if (projectId) query.filter = { project_id: projectId };
  const state = useResourceList({ resource: hubResources.analyses, query });
  const confirmDelete = useDeleteConfirmation(hubResources.analyses, {
    onDeleted: () => {
      if (state.data?.data.length === 1 && state.offset > 0) state.setOffset(state.offset - state.limit);
    },
  });
  return (
    <CardList<Analysis>
      state={state}
      label={t('analyses.list.label')}
      emptyPhrase="analyses.list.empty"
      renderCard={(analysis) => (
        <AnalysisCard analysis={analysis} onDelete={(item) => confirmDelete(item, item.name || item.id)} />
      )}
    />
  );
}

export function AnalysisListPage() {
  return <AnalysisList />;
}

export function AnalysisAddPage() {
  const navigate = useNavigate();
  return <AnalysisForm onSaved={(analysis) => void navigate(`/analyses/${analysis.id}/setup`)} />;
}
