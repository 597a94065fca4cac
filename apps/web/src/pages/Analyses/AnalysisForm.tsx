import { AnalysisCreateSchema, listResponseSchema, ProjectSchema } from '@federa/schemas';
import { Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { SaveFooter } from '../../components/EntityForm/SaveFooter.tsx';
import { useEntitySave } from '../../components/EntityForm/use-entity-save.tsx';
import { SearchSelect } from '../../components/SearchSelect/SearchSelect.tsx';
import { schemaResolver } from '../../forms/schema-resolver.tsx';
import { hubResources, type Analysis, type Project } from '../../resources/hub-resources.ts';
import { resourceKey } from '../../resources/resource-types.ts';
import { useApiClient } from '../../session/session-context.tsx';

/** The project choice reads names only (`fields=id,name`). */
const ProjectChoiceListSchema = listResponseSchema(ProjectSchema.pick({ id: true, name: true }));
type ProjectChoice = Pick<Project, 'id' | 'name'>;

interface AnalysisFormValues {
  name: string;
  description: string;
  project_id: string | null;
}

const FIELDS = ['name', 'description', 'project_id'] as const;

/** The body of a new analysis. */
function analysisBody(values: AnalysisFormValues) {
  return {
    project_id: values.project_id,
    name: values.name.trim(),
    description: values.description.trim() || null,
  };
}

/**
 * Analysis create: project required; name 3-128; description 5-4096 (docs/product/analysis-platform.md
 * §5), checked with the server's request schema on the body the form will send.
 */
const validation = schemaResolver<AnalysisFormValues>(AnalysisCreateSchema, analysisBody);

/** Create an analysis in a project (fixed when the page is a project's). */
export function AnalysisForm({
  projectId,
  onSaved,
}: {
  readonly projectId?: string;
  readonly onSaved?: (analysis: Analysis) => void;
}) {
  const { t } = useTranslation();
  const api = useApiClient();
  const form = useForm<AnalysisFormValues>({
    mode: 'controlled',
    initialValues: { name: '', description: '', project_id: projectId ?? null },
    validate: validation,
  });
  const { save, error, saving } = useEntitySave({
    resource: hubResources.analyses,
    form,
    fields: FIELDS,
    onSaved: (analysis) => onSaved?.(analysis),
  });
  return (
    <form onSubmit={form.onSubmit((values) => void save(analysisBody(values)))} noValidate>
      <Stack gap="md" maw={640}>
        <TextInput
          {...form.getInputProps('name')}
          key={form.key('name')}
          label={t('analyses.form.name')}
          required
        />
        <Textarea
          {...form.getInputProps('description')}
          key={form.key('description')}
          label={t('analyses.form.description')}
          rows={4}
        />
        {!projectId && (
          <SearchSelect<ProjectChoice>
            label={t('analyses.form.project')}
            required
            load={({ search, offset, limit, signal }) =>
              api.get('core', 'projects', {
                query: {
                  filter: search.trim() ? { name: `~${search.trim()}` } : {},
                  sort: { name: 'ASC' },
                  page: { limit, offset },
                  fields: ['id', 'name'],
                },
                signal,
                schema: ProjectChoiceListSchema,
              })
            }
            queryKey={[...resourceKey(hubResources.projects), 'picker']}
            getValue={(project) => project.id}
            getLabel={(project) => project.name}
            value={form.values.project_id}
            onChange={(value) => form.setFieldValue('project_id', value)}
            error={form.errors.project_id}
          />
        )}
        <SaveFooter error={error} saving={saving} editing={false} />
      </Stack>
    </form>
  );
}
