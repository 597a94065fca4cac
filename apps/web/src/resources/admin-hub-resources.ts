import {
  AnalysisNodeSchema,
  AuditEventSchema,
  MasterImageGroupSchema,
  MasterImageSchema,
  NodeSchema,
  ProjectNodeSchema,
  RegistryProjectSchema,
  RegistrySchema,
  type Node,
} from '@federa/schemas';
import type { ResponseSchema, Service } from '@federa/client';
import type { Identified } from './live/live-list.ts';
import type { ResourceRef } from './resource-types.ts';

function ref<T extends Identified>(
  service: Service,
  path: string,
  type: string,
  schema: ResponseSchema<T>,
): ResourceRef<T> {
  return { service, path, type, schema };
}

/** The hub resources the administration screens manage (nodes, registries, master images, events). */
export const adminHubResources = {
  nodes: ref('core', 'nodes', 'node', NodeSchema),
  registries: ref('core', 'registries', 'registry', RegistrySchema),
  registryProjects: ref('core', 'registry-projects', 'registryProject', RegistryProjectSchema),
  masterImages: ref('core', 'master-images', 'masterImage', MasterImageSchema),
  masterImageGroups: ref('core', 'master-image-groups', 'masterImageGroup', MasterImageGroupSchema),
  projectNodes: ref('core', 'project-nodes', 'projectNode', ProjectNodeSchema),
  analysisNodes: ref('core', 'analysis-nodes', 'analysisNode', AnalysisNodeSchema),
  events: ref('telemetry', 'events', 'event', AuditEventSchema),
} as const satisfies Record<string, ResourceRef>;

/** Node types an administrator chooses from (the other registry-project types are not nodes). */
export const NODE_TYPE_CHOICES = ['default', 'aggregator'] as const;

/** A node as the administration screens manage it (`Node` would hide the DOM's). */
export type AdminNode = Node;
export type {
  AuditEvent,
  MasterImage as AdminMasterImage,
  MasterImageGroup as AdminMasterImageGroup,
  Registry,
  RegistryProject,
} from '@federa/schemas';
