import { ProjectUpdateSchema } from '@federa/schemas';
import { schemaResolver } from '../../forms/schema-resolver.tsx';
import type { Project } from '../../resources/hub-resources.ts';

export interface ProjectFormValues {
  name: string;
  description: string;
  master_image_id: string | null;
}

export const PROJECT_FIELDS = ['name', 'description', 'master_image_id'] as const;

export function initialProjectValues(project?: Project): ProjectFormValues {
  return {
    name: project?.name ?? '',
    description: project?.description ?? '',
    master_image_id: project?.master_image_id ?? null,
  };
}

/**
 * Project: name required 5-100, description optional 5-4096 (docs/product/analysis-platform.md §5),
 * checked with the server's own request schema on the body the form sends.
 */
export const projectValidation = schemaResolver<ProjectFormValues>(ProjectUpdateSchema, (values) =>
  projectBody(values),
);

/** The body to send; empty strings become null. */
export function projectBody(values: ProjectFormValues): Record<string, unknown> {
  return {
    name: values.name.trim(),
    description: values.description.trim() || null,
    master_image_id: values.master_image_id,
  };
}
