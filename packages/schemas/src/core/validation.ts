import { z } from 'zod';
import { APPROVAL_STATUSES, NODE_TASK_NAMES, NODE_TYPES, REGISTRY_PROJECT_TYPES } from './constants.ts';

// The generic messages of docs/product/analysis-platform.md §5; the web forms show the same text.
const minMessage = (min: number) => `This field should be at least ${min} characters long`;
const maxMessage = (max: number) => `The maximum length allowed is ${max}`;

/** A trimmed string of min..max characters. */
const text = (min: number, max: number) =>
  z.string().trim().min(min, minMessage(min)).max(max, maxMessage(max));
const id = () => z.uuid('The value must be a valid id.');

/** Harbor project and node names: letters, digits, hyphen and underscore. */
export const EXTERNAL_NAME_PATTERN = /^[A-Za-z0-9_-]+$/;
const externalName = () =>
  text(3, 64).regex(EXTERNAL_NAME_PATTERN, 'Only letters, digits, hyphens and underscores are allowed.');

/** Secrets Harbor accepts for robot accounts: 8+ characters with upper- and lowercase letters and a digit. */
export const REGISTRY_ROBOT_SECRET_PATTERN = /^(?=.*[A-Z])(?=.*[a-z])(?=.*\d).{8,}$/;

export const MasterImageCommandArgumentSchema = z.object({
  value: text(2, 512),
  position: z.enum(['before', 'after']).nullish(),
});
export type MasterImageCommandArgument = z.infer<typeof MasterImageCommandArgumentSchema>;

// Projects ----------------------------------------------------------------------------------------

const projectFields = {
  name: text(5, 100),
  description: text(5, 4096).nullish(),
  master_image_id: id().nullish(),
};
export const ProjectCreateSchema = z.object({ ...projectFields, realm_id: id().optional() }).strict();
export const ProjectUpdateSchema = z.object(projectFields).partial().strict();
export type ProjectCreate = z.infer<typeof ProjectCreateSchema>;
export type ProjectUpdate = z.infer<typeof ProjectUpdateSchema>;

export const ProjectNodeCreateSchema = z.object({ project_id: id(), node_id: id() }).strict();
/** The approval of a node operator: the only change a project node allows. */
export const ProjectNodeUpdateSchema = z
  .object({
    approval_status: z.enum(APPROVAL_STATUSES, 'The approval status must be approved or rejected.'),
    comment: text(5, 2048).nullish(),
  })
  .strict();
export type ProjectNodeCreate = z.infer<typeof ProjectNodeCreateSchema>;
export type ProjectNodeUpdate = z.infer<typeof ProjectNodeUpdateSchema>;

// Nodes -------------------------------------------------------------------------------------------

const nodeFields = {
  name: text(3, 128),
  external_name: externalName().nullish(),
  type: z.enum(NODE_TYPES, `The type must be one of ${NODE_TYPES.join(', ')}.`),
  hidden: z.boolean(),
  public_key: text(5, 4096).nullish(),
  registry_id: id().nullish(),
};
export const NodeCreateSchema = z
  .object({ ...nodeFields, hidden: nodeFields.hidden.optional(), realm_id: id().optional() })
  .strict();
export const NodeUpdateSchema = z.object(nodeFields).partial().strict();
export type NodeCreate = z.infer<typeof NodeCreateSchema>;
export type NodeUpdate = z.infer<typeof NodeUpdateSchema>;

/** `POST nodes/{id}/task`: the task plus what it needs (a registry project id for link/unlink). */
export const NodeTaskSchema = z
  .object({
    task: z.enum(NODE_TASK_NAMES, `The task must be one of ${NODE_TASK_NAMES.join(', ')}.`),
    secret: z
      .string()
      .max(256, maxMessage(256))
      .regex(
        REGISTRY_ROBOT_SECRET_PATTERN,
        'At least 8 characters with an uppercase letter, a lowercase letter and a digit.',
      )
      .optional(),
  })
  .strict();
export type NodeTask = z.infer<typeof NodeTaskSchema>;

// Registries --------------------------------------------------------------------------------------

/** How the hub manages a registry: through Harbor's API, or as a plain OCI distribution registry. */
export const REGISTRY_KINDS = ['harbor', 'oci'] as const;
export type RegistryKindName = (typeof REGISTRY_KINDS)[number];

const registryFields = {
  name: text(3, 128),
  kind: z.enum(REGISTRY_KINDS, 'The kind must be harbor or oci.').optional(),
  host: z.string().trim().min(1, 'This field is required').max(512, maxMessage(512)),
  account_name: text(3, 256).nullish(),
  account_secret: text(3, 256).nullish(),
};
export const RegistryCreateSchema = z.object(registryFields).strict();
export const RegistryUpdateSchema = z.object(registryFields).partial().strict();
export type RegistryCreate = z.infer<typeof RegistryCreateSchema>;
export type RegistryUpdate = z.infer<typeof RegistryUpdateSchema>;

const registryProjectFields = {
  name: text(3, 128),
  external_name: externalName(),
  type: z.enum(REGISTRY_PROJECT_TYPES, `The type must be one of ${REGISTRY_PROJECT_TYPES.join(', ')}.`),
  registry_id: id(),
  public: z.boolean().optional(),
  realm_id: id().nullish(),
  account_name: text(3, 256).nullish(),
  account_secret: z
    .string()
    .max(256, maxMessage(256))
    .regex(
      REGISTRY_ROBOT_SECRET_PATTERN,
      'At least 8 characters with an uppercase letter, a lowercase letter and a digit.',
    )
    .nullish(),
};
export const RegistryProjectCreateSchema = z.object(registryProjectFields).strict();
// The registry of a registry project is fixed once created.
export const RegistryProjectUpdateSchema = z
  .object(registryProjectFields)
  .omit({ registry_id: true })
  .partial()
  .strict();
export type RegistryProjectCreate = z.infer<typeof RegistryProjectCreateSchema>;
export type RegistryProjectUpdate = z.infer<typeof RegistryProjectUpdateSchema>;

// Master images -----------------------------------------------------------------------------------

export const MasterImageCommandSchema = z
  .object({
    command: z.enum(['sync', 'mirror'], 'The command must be sync or mirror.'),
    /** mirror: the registry whose `master` project receives the images (default: the first). */
    registry_id: id().optional(),
  })
  .strict();

// Analyses ----------------------------------------------------------------------------------------

export const AnalysisCreateSchema = z
  .object({
    project_id: id(),
    name: text(3, 128).nullish(),
    description: text(5, 4096).nullish(),
    master_image_id: id().nullish(),
    /** The registry the build pushes through; none = the first registry when the build starts. */
    registry_id: id().nullish(),
    image_command_arguments: z
      .array(MasterImageCommandArgumentSchema)
      .max(100, 'At most 100 items are allowed.')
      .nullish(),
  })
  .strict();
export const AnalysisUpdateSchema = AnalysisCreateSchema.omit({ project_id: true }).partial().strict();
export type AnalysisCreate = z.infer<typeof AnalysisCreateSchema>;
export type AnalysisUpdate = z.infer<typeof AnalysisUpdateSchema>;
