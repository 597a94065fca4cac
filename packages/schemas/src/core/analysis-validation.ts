import { z } from 'zod';
import { ANALYSIS_RUN_STATUSES, APPROVAL_STATUSES, NODE_TASK_NAMES } from './constants.ts';
import { REGISTRY_ROBOT_SECRET_PATTERN } from './validation.ts';

// Request bodies of the analysis side of the hub (docs/product/analysis-platform.md §5, and the original
// hub's validators). The generic messages are those of docs/product/analysis-platform.md §5, as in
// validation.ts.
const minMessage = (min: number) => `This field should be at least ${min} characters long`;
const maxMessage = (max: number) => `The maximum length allowed is ${max}`;
const text = (min: number, max: number) =>
  z.string().trim().min(min, minMessage(min)).max(max, maxMessage(max));
const id = () => z.uuid('The value must be a valid id.');

const approvalStatus = () => z.enum(APPROVAL_STATUSES, 'The approval status must be approved or rejected.');

// Analysis nodes ----------------------------------------------------------------------------------

export const AnalysisNodeCreateSchema = z.object({ analysis_id: id(), node_id: id() }).strict();
/**
 * The node's side approves (approval_status, comment); its robot reports how the run goes
 * (run_status). Which caller may change which field is decided on the server.
 */
export const AnalysisNodeUpdateSchema = z
  .object({
    approval_status: approvalStatus().nullish(),
    // Any text, as the original accepts it from node software (bounded only in length).
    comment: z.string().trim().max(4096, maxMessage(4096)).nullish(),
    run_status: z
      .enum(ANALYSIS_RUN_STATUSES, `The run status must be one of ${ANALYSIS_RUN_STATUSES.join(', ')}.`)
      .nullish(),
  })
  .strict();
export type AnalysisNodeCreate = z.infer<typeof AnalysisNodeCreateSchema>;
export type AnalysisNodeUpdate = z.infer<typeof AnalysisNodeUpdateSchema>;

// Analysis bucket files ---------------------------------------------------------------------------

export const AnalysisBucketFileCreateSchema = z
  .object({
    /** The analysis bucket. */
    bucket_id: id(),
    /** The storage bucket file. */
    external_id: id(),
    /** Defaults to the storage file's path. */
    name: text(1, 256).nullish(),
    /** The entrypoint flag: one file per bucket. */
    root: z.boolean().optional(),
  })
  .strict();
export const AnalysisBucketFileUpdateSchema = z
  .object({ name: text(1, 256), root: z.boolean() })
  .partial()
  .strict();
export type AnalysisBucketFileCreate = z.infer<typeof AnalysisBucketFileCreateSchema>;
export type AnalysisBucketFileUpdate = z.infer<typeof AnalysisBucketFileUpdateSchema>;

// Analysis permissions ----------------------------------------------------------------------------

export const AnalysisPermissionCreateSchema = z
  .object({ analysis_id: id(), permission_id: id(), policy_id: id().nullish() })
  .strict();
export const AnalysisPermissionUpdateSchema = z.object({ policy_id: id().nullish() }).strict();

// Commands ----------------------------------------------------------------------------------------

/**
 * `POST analyses/{id}/command`: the command plus extras. Unknown commands pass the schema so the
 * answer carries the message of docs/product/analysis-platform.md §5 ("The analysis command {command} cannot
 * be executed.").
 */
export const AnalysisCommandRequestSchema = z
  .object({ command: z.string().trim().min(1, 'The command is required.').max(64, maxMessage(64)) })
  .loose();
export type AnalysisCommandRequest = z.infer<typeof AnalysisCommandRequestSchema>;

/** Services that take commands (`POST services/{service}/command`). */
export const ServiceID = { SYSTEM: 'system', REGISTRY: 'registry' } as const;
export type ServiceID = (typeof ServiceID)[keyof typeof ServiceID];
export const SERVICE_IDS = Object.values(ServiceID);
/** Registry commands: the same names as node tasks (setup, cleanup, delete, projectLink, projectUnlink). */
const REGISTRY_COMMANDS = NODE_TASK_NAMES;

/** `POST services/registry/command`: a registry or registry-project id, and a robot secret for links. */
export const RegistryServiceCommandSchema = z
  .object({
    command: z.enum(REGISTRY_COMMANDS, `The command must be one of ${REGISTRY_COMMANDS.join(', ')}.`),
    id: id(),
    secret: z
      .string()
      .max(256, maxMessage(256))
      .regex(
        REGISTRY_ROBOT_SECRET_PATTERN,
        'At least 8 characters with an uppercase letter, a lowercase letter and a digit.',
      )
      .nullish(),
  })
  .strict();
export type RegistryServiceCommand = z.infer<typeof RegistryServiceCommandSchema>;

// Logs --------------------------------------------------------------------------------------------

export const LOG_LEVEL_NAMES = [
  'emerg',
  'alert',
  'crit',
  'error',
  'warn',
  'notice',
  'info',
  'debug',
] as const;

/** `POST analysis-node-logs`: a line a node writes about its run of an analysis. */
export const AnalysisNodeLogCreateSchema = z
  .object({
    analysis_id: id(),
    node_id: id(),
    level: z.enum(LOG_LEVEL_NAMES, `The level must be one of ${LOG_LEVEL_NAMES.join(', ')}.`),
    message: z.string().min(3, minMessage(3)).max(2048, maxMessage(2048)),
    status: text(3, 64).nullish(),
    code: text(3, 64).nullish(),
    time: z
      .union([
        z.string().regex(/^\d{1,20}$/, 'The time must be nanoseconds since the epoch.'),
        z.number().int().nonnegative(),
      ])
      .nullish(),
    labels: z
      .record(
        z
          .string()
          .regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, 'A label name consists of letters, digits and "_".'),
        z.string().max(512, maxMessage(512)),
      )
      .refine((labels) => Object.keys(labels).length <= 32, 'At most 32 labels.')
      .nullish(),
  })
  .strict();
export type AnalysisNodeLogCreate = z.infer<typeof AnalysisNodeLogCreateSchema>;
