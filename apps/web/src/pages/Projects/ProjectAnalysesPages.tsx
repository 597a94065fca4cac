import { PermissionName as P } from '@federa/schemas';
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate, useOutletContext } from 'react-router';
import { SectionNav } from '../../components/AdminSection/SectionNav.tsx';
import { useLayoutRecord, type RecordLayoutContext } from '../../components/RecordLayout/RecordLayout.tsx';
import type { Project } from '../../resources/hub-resources.ts';
import { AnalysisList } from '../Analyses/AnalysesPage.tsx';
import { AnalysisForm } from '../Analyses/AnalysisForm.tsx';
import { AnalysisNodesInPage } from '../Analyses/AnalysisNodesInPage.tsx';

/** `/projects/:id/analyses`: the project's analyses with the sub-tabs list, incoming, add. */
export function ProjectAnalysesPage() {
  const { t } = useTranslation();
  const context = useOutletContext<RecordLayoutContext<Project>>();
  return (
    <Stack gap="sm">
      <SectionNav
        label={t('app.tabs.analyses')}
        tabs={[
          { to: '.', label: 'app.tabs.overview' },
          { to: 'in', label: 'app.tabs.incoming', permissions: [P.ANALYSIS_APPROVE] },
          { to: 'add', label: 'app.tabs.add', permissions: [P.ANALYSIS_CREATE] },
        ]}
      />
      <Outlet context={context} />
    </Stack>
  );
}

export function ProjectAnalysisListPage() {
  return <AnalysisList projectId={useLayoutRecord<Project>().id} />;
}

export function ProjectAnalysesInPage() {
  return <AnalysisNodesInPage projectId={useLayoutRecord<Project>().id} />;
}

export function ProjectAnalysisAddPage() {
  const navigate = useNavigate();
  const project = useLayoutRecord<Project>();
  return (
    <AnalysisForm
      projectId={project.id}
      onSaved={(analysis) => void navigate(`/analyses/${analysis.id}/setup`)}
    />
  );
}
