import { objectFields, type ResponseSchema } from '@federa/client';
import {
  ANALYSIS_BUILD_STATUSES,
  ANALYSIS_RUN_STATUSES,
  APPROVAL_STATUSES,
  NODE_TYPES,
} from '@federa/schemas';
import type {
  AnalysisNodeRecord,
  AnalysisSummary,
  NodeRecord,
  NodeRegistry,
  ProjectNodeRecord,
  RegistryProjectAccount,
  StoredFile,
} from './records.ts';

/**
 * The agent's checks of the hub's answers: the fields it reads, each of the type the record schemas
 * of `@federa/schemas` give it, read by hand because the agent does not load zod (docs/node-agent.md
 * "Memory"). Each check returns the typed record or throws, which the client reports as an
 * unexpected answer.
 */

type Fields = Record<string, unknown>;

function fail(key: string, expected: string): never {
  throw new TypeError(`${key} is not ${expected}`);
}

function text(fields: Fields, key: string): string {
  const value = fields[key];
  return typeof value === 'string' ? value : fail(key, 'a string');
}

function textOrNull(fields: Fields, key: string): string | null {
  const value = fields[key];
  return value === null || value === undefined
    ? null
    : typeof value === 'string'
      ? value
      : fail(key, 'a string');
}

function whole(fields: Fields, key: string): number {
  const value = fields[key];
  return typeof value === 'number' ? value : fail(key, 'a number');
}

function flag(fields: Fields, key: string): boolean {
  const value = fields[key];
  return typeof value === 'boolean' ? value : fail(key, 'true or false');
}

function oneOf<T extends string>(fields: Fields, key: string, values: readonly T[]): T {
  const value = values.find((candidate) => candidate === fields[key]);
  return value ?? fail(key, `one of ${values.join(', ')}`);
}

function oneOfOrNull<T extends string>(fields: Fields, key: string, values: readonly T[]): T | null {
  return fields[key] === null || fields[key] === undefined ? null : oneOf(fields, key, values);
}

/** A check of one record. */
function check<T>(what: string, read: (fields: Fields) => T): ResponseSchema<T> {
  return { parse: (body) => read(objectFields(body, what)) };
}

export const NodeCheck = check<NodeRecord>('a node', (fields) => ({
  id: text(fields, 'id'),
  name: text(fields, 'name'),
  type: oneOf(fields, 'type', NODE_TYPES),
  realm_id: text(fields, 'realm_id'),
  robot_id: textOrNull(fields, 'robot_id'),
  registry_id: textOrNull(fields, 'registry_id'),
  registry_project_id: textOrNull(fields, 'registry_project_id'),
  external_name: textOrNull(fields, 'external_name'),
}));

/** A node with its registry and registry project included (`include=registry,registry_project`). */
export const NodeRegistryCheck = check<NodeRegistry>('a node', (fields) => {
  const registry = fields.registry == null ? null : objectFields(fields.registry, 'registry');
  const project =
    fields.registry_project == null ? null : objectFields(fields.registry_project, 'registry_project');
  return {
    registry_project_id: textOrNull(fields, 'registry_project_id'),
    registry: registry && { host: text(registry, 'host') },
    registry_project: project && { external_name: text(project, 'external_name') },
  };
});

export const ProjectNodeCheck = check<ProjectNodeRecord>('a project node', (fields) => ({
  id: text(fields, 'id'),
  project_id: text(fields, 'project_id'),
  node_id: text(fields, 'node_id'),
  approval_status: oneOfOrNull(fields, 'approval_status', APPROVAL_STATUSES),
  project_realm_id: text(fields, 'project_realm_id'),
  node_realm_id: text(fields, 'node_realm_id'),
}));

function analysisSummary(fields: Fields): AnalysisSummary {
  return {
    id: text(fields, 'id'),
    name: textOrNull(fields, 'name'),
    project_id: text(fields, 'project_id'),
    realm_id: text(fields, 'realm_id'),
    nodes: whole(fields, 'nodes'),
    configuration_locked: flag(fields, 'configuration_locked'),
    build_status: oneOfOrNull(fields, 'build_status', ANALYSIS_BUILD_STATUSES),
    run_status: oneOfOrNull(fields, 'run_status', ANALYSIS_RUN_STATUSES),
    image_digest: textOrNull(fields, 'image_digest'),
  };
}

/** An analysis node, with its analysis when included (`include=analysis`). */
export const AnalysisNodeCheck = check<AnalysisNodeRecord>('an analysis node', (fields) => ({
  id: text(fields, 'id'),
  analysis_id: text(fields, 'analysis_id'),
  node_id: text(fields, 'node_id'),
  approval_status: oneOfOrNull(fields, 'approval_status', APPROVAL_STATUSES),
  run_status: oneOfOrNull(fields, 'run_status', ANALYSIS_RUN_STATUSES),
  artifact_tag: textOrNull(fields, 'artifact_tag'),
  artifact_digest: textOrNull(fields, 'artifact_digest'),
  analysis_realm_id: text(fields, 'analysis_realm_id'),
  node_realm_id: text(fields, 'node_realm_id'),
  ...(fields.analysis == null
    ? {}
    : { analysis: analysisSummary(objectFields(fields.analysis, 'analysis')) }),
}));

/** The pull account of a registry project (`fields=+account_name,+account_secret`). */
export const RegistryProjectAccountCheck = check<RegistryProjectAccount>('a registry project', (fields) => ({
  account_name: textOrNull(fields, 'account_name'),
  account_secret: textOrNull(fields, 'account_secret'),
}));

/** A stored file; `size` is a number of bytes (a decimal string beyond 2^53 - 1, never for the agent's files). */
export const StoredFileCheck = check<StoredFile>('a stored file', (fields) => ({
  id: text(fields, 'id'),
  name: text(fields, 'name'),
  path: text(fields, 'path'),
  directory: text(fields, 'directory'),
  size: typeof fields.size === 'string' ? Number(fields.size) : whole(fields, 'size'),
  actor_id: text(fields, 'actor_id'),
}));

/** The answer of an upload: the files it stored. */
export const UploadedFilesCheck = check<{ data: StoredFile[] }>('an upload answer', (fields) => {
  const data = fields.data;
  if (!Array.isArray(data)) return fail('data', 'a list');
  return { data: data.map((file) => StoredFileCheck.parse(file)) };
});

export const BucketIdCheck = check<{ id: string }>('a bucket', (fields) => ({ id: text(fields, 'id') }));

/** The answer of the robot's sign-in. */
export const TokenCheck = check<{ access_token: string; expires_in: number }>('a token answer', (fields) => ({
  access_token: text(fields, 'access_token'),
  expires_in: whole(fields, 'expires_in'),
}));
