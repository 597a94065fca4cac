import type { RegistryKindName } from '@federa/schemas';
import type { ResourceRef } from './resource-types.ts';

const core = (path: string, type: string): ResourceRef => ({ service: 'core', path, type });

/** The hub resources the administration screens manage (nodes, registries, master images, events). */
export const adminHubResources = {
  nodes: core('nodes', 'node'),
  registries: core('registries', 'registry'),
  registryProjects: core('registry-projects', 'registryProject'),
  masterImages: core('master-images', 'masterImage'),
  masterImageGroups: core('master-image-groups', 'masterImageGroup'),
  projectNodes: core('project-nodes', 'projectNode'),
  analysisNodes: core('analysis-nodes', 'analysisNode'),
  events: { service: 'telemetry', path: 'events', type: 'event' },
} as const satisfies Record<string, ResourceRef>;

interface Stored {
  readonly id: string;
  readonly created_at?: string;
  readonly updated_at?: string;
}

/** Node types an administrator chooses from (the other registry-project types are not nodes). */
export const NODE_TYPE_CHOICES = ['default', 'aggregator'] as const;

export interface AdminNode extends Stored {
  readonly name: string;
  readonly type: string;
  readonly hidden: boolean;
  readonly external_name?: string | null;
  readonly public_key?: string | null;
  readonly online?: boolean;
  readonly realm_id: string;
  readonly registry_id?: string | null;
  readonly registry_project_id?: string | null;
  readonly robot_id?: string | null;
  readonly realm?: { readonly id: string; readonly name: string } | null;
  readonly registry?: { readonly id: string; readonly name: string; readonly host: string } | null;
  readonly registry_project?: {
    readonly id: string;
    readonly name: string;
    readonly external_name: string;
    readonly type: string;
    readonly registry_id: string;
  } | null;
  /** Only in the create response (and an update that had to make a new robot): shown once. */
  readonly robot_secret?: string;
}

export interface Registry extends Stored {
  readonly name: string;
  readonly host: string;
  /** `harbor` (managed through its API) or `oci` (any distribution-API registry). */
  readonly kind?: RegistryKindName;
  readonly account_name?: string | null;
}

export interface RegistryProject extends Stored {
  readonly name: string;
  readonly type: string;
  readonly public?: boolean;
  readonly external_name: string;
  readonly external_id?: string | null;
  readonly account_id?: string | null;
  readonly account_name?: string | null;
  readonly webhook_name?: string | null;
  readonly webhook_exists: boolean;
  readonly registry_id: string;
  readonly realm_id?: string | null;
}

export interface AdminMasterImage extends Stored {
  readonly name: string;
  readonly path: string | null;
  readonly virtual_path: string;
  readonly group_virtual_path: string;
  readonly command?: string | null;
}

export interface AdminMasterImageGroup extends Stored {
  readonly name: string;
  readonly path: string;
  readonly virtual_path: string;
}

export interface AuditEvent extends Stored {
  readonly name: string;
  readonly scope: string;
  readonly ref_type: string;
  readonly ref_id: string | null;
  readonly realm_id: string | null;
  readonly actor_type: string | null;
  readonly actor_id: string | null;
  readonly actor_name: string | null;
  readonly request_path: string | null;
  readonly request_method: string | null;
  readonly request_ip_address: string | null;
  readonly request_user_agent: string | null;
  readonly data: Record<string, unknown> | null;
  readonly expiring: boolean;
  readonly expires_at: string | null;
}
