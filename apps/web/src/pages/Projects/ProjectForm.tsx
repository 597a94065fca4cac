import { Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SaveFooter } from '../../components/EntityForm/SaveFooter.tsx';
import { useEntitySave } from '../../components/EntityForm/use-entity-save.tsx';
import { MasterImagePicker } from '../../components/MasterImagePicker/MasterImagePicker.tsx';
import { hubResources, type HubNode, type Project } from '../../resources/hub-resources.ts';
import { useApiClient } from '../../session/session-context.tsx';
import { ChosenNodes } from './ChosenNodes.tsx';
import {
  initialProjectValues,
  PROJECT_FIELDS,
  projectBody,
  projectValidation,
  type ProjectFormValues,
} from './project-form.ts';

export interface ProjectFormProps {
  readonly entity?: Project;
  readonly onSaved?: (project: Project) => void;
}

/**
 * Create or edit a project: name, description, master image (group, then image). A new project also
 * gets its nodes here (each one asked for approval); an existing one manages them on its settings page.
 */
export function ProjectForm({ entity, onSaved }: ProjectFormProps) {
  const { t } = useTranslation();
  const api = useApiClient();
  const [nodes, setNodes] = useState<HubNode[]>([]);
  const form = useForm<ProjectFormValues>({
    mode: 'controlled',
    initialValues: initialProjectValues(entity),
    validate: projectValidation,
  });
  const { save, error, saving } = useEntitySave({
    resource: hubResources.projects,
    entity,
    form,
    fields: PROJECT_FIELDS,
    onSaved: async (project, created) => {
      if (created) {
        for (const node of nodes) {
          await api.post('core', 'project-nodes', { project_id: project.id, node_id: node.id });
        }
      }
      onSaved?.(project);
    },
  });

  return (
    <form onSubmit={form.onSubmit((values) => void save(projectBody(values)))} noValidate>
      <Stack gap="md" maw={640}>
        <TextInput
          {...form.getInputProps('name')}
          key={form.key('name')}
          label={t('projects.form.name')}
          required
        />
        <Textarea
          {...form.getInputProps('description')}
          key={form.key('description')}
          label={t('projects.form.description')}
          rows={4}
        />
        <MasterImagePicker
          value={form.values.master_image_id}
          onChange={(id) => form.setFieldValue('master_image_id', id)}
          error={form.errors.master_image_id as string | undefined}
        />
        {!entity && <ChosenNodes nodes={nodes} onChange={setNodes} />}
        <SaveFooter error={error} saving={saving} editing={!!entity} />
      </Stack>
    </form>
  );
}
