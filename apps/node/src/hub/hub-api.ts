import { listResponseOf, type HttpClient, type ResponseSchema } from '@federa/client';
import {
  AnalysisNodeCheck,
  BucketIdCheck,
  NodeCheck,
  NodeRegistryCheck,
  ProjectNodeCheck,
  RegistryProjectAccountCheck,
  StoredFileCheck,
  UploadedFilesCheck,
} from './record-checks.ts';
import type {
  AnalysisNodeRecord,
  NodeRecord,
  ProjectNodeRecord,
  RegistryCredentials,
  StoredFile,
} from './records.ts';

export type LogLevel = 'emerg' | 'alert' | 'crit' | 'error' | 'warn' | 'notice' | 'info' | 'debug';

/** A file for an upload: its path inside the bucket and its content. */
export interface UploadItem {
  path: string;
  content: Blob;
}

const PAGE = 50;

/** The hub calls of a node agent, as its robot. Every call is one the hub checks for the node's realm. */
export class HubApi {
  constructor(private readonly http: HttpClient) {}

  /** The node whose robot this is. */
  async nodeOfRobot(robotId: string): Promise<NodeRecord> {
    const page = await this.http.get('core', 'nodes', {
      query: { filter: { robot_id: robotId } },
      schema: listResponseOf(NodeCheck),
    });
    const node = page.data[0];
    if (!node) throw new Error(`No node of the hub has the robot ${robotId}.`);
    return node;
  }

  private async all<T>(
    path: string,
    record: ResponseSchema<T>,
    filter: Record<string, string>,
    include?: string[],
  ): Promise<T[]> {
    const rows: T[] = [];
    const schema = listResponseOf(record);
    for (let offset = 0; ; offset += PAGE) {
      const page = await this.http.get('core', path, {
        query: { filter, page: { limit: PAGE, offset }, ...(include ? { include } : {}) },
        schema,
      });
      rows.push(...page.data);
      if (page.data.length < PAGE || rows.length >= page.meta.total) return rows;
    }
  }

  projectNodes(nodeId: string): Promise<ProjectNodeRecord[]> {
    return this.all('project-nodes', ProjectNodeCheck, { node_id: nodeId });
  }

  analysisNodes(nodeId: string): Promise<AnalysisNodeRecord[]> {
    return this.all('analysis-nodes', AnalysisNodeCheck, { node_id: nodeId }, ['analysis']);
  }

  async analysisNode(id: string): Promise<AnalysisNodeRecord> {
    return this.http.get('core', `analysis-nodes/${id}`, {
      query: { include: ['analysis'] },
      schema: AnalysisNodeCheck,
    });
  }

  approveProject(projectNodeId: string, comment: string): Promise<unknown> {
    return this.http.post('core', `project-nodes/${projectNodeId}`, { approval_status: 'approved', comment });
  }

  approveAnalysis(analysisNodeId: string, comment: string): Promise<unknown> {
    return this.http.post('core', `analysis-nodes/${analysisNodeId}`, {
      approval_status: 'approved',
      comment,
    });
  }

  setRunStatus(analysisNodeId: string, runStatus: string): Promise<AnalysisNodeRecord> {
    return this.http.post(
      'core',
      `analysis-nodes/${analysisNodeId}`,
      { run_status: runStatus },
      { schema: AnalysisNodeCheck },
    );
  }

  writeLog(entry: {
    analysis_id: string;
    node_id: string;
    level: LogLevel;
    message: string;
    time?: string;
    labels?: Record<string, string>;
  }): Promise<unknown> {
    return this.http.post('core', 'analysis-node-logs', entry);
  }

  /** Uploads files in one request (stored together or not at all) into an analysis bucket, by name. */
  async upload(bucketName: string, realmId: string, items: UploadItem[]): Promise<StoredFile[]> {
    const form = new FormData();
    items.forEach((item, index) => form.append(`files[${index}]`, item.content, item.path));
    const response = await this.http.post(
      'storage',
      `buckets/${encodeURIComponent(bucketName)}/upload?realm_id=${realmId}`,
      form,
      { schema: UploadedFilesCheck },
    );
    return response.data;
  }

  /** The files of a bucket the robot may read (by name, in the analysis' realm). */
  async bucketFiles(bucketName: string, realmId: string): Promise<StoredFile[]> {
    const bucket = await this.http.get(
      'storage',
      `buckets/${encodeURIComponent(bucketName)}?realm_id=${realmId}`,
      { schema: BucketIdCheck },
    );
    const rows: StoredFile[] = [];
    const schema = listResponseOf(StoredFileCheck);
    for (let offset = 0; ; offset += PAGE) {
      const page = await this.http.get('storage', 'bucket-files', {
        query: { filter: { bucket_id: bucket.id }, page: { limit: PAGE, offset } },
        schema,
      });
      rows.push(...page.data);
      if (page.data.length < PAGE) return rows;
    }
  }

  /** Removes a stored file (the robot's own uploads only). */
  deleteFile(fileId: string): Promise<unknown> {
    return this.http.delete('storage', `bucket-files/${fileId}`);
  }

  /** The content of a stored file. */
  async download(fileId: string, token: string): Promise<Buffer> {
    const response = await fetch(this.http.url('storage', `bucket-files/${fileId}/stream`), {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!response.ok)
      throw new Error(`Downloading the stored file ${fileId} failed with ${response.status}.`);
    return Buffer.from(await response.arrayBuffer());
  }

  /**
   * Where the node pulls its images and with which account: the registry and project of its node
   * record, and the project's pull account, which the hub shows to the robot of the project's node
   * only (`fields=+account_name,+account_secret`).
   */
  async registryCredentials(node: NodeRecord): Promise<RegistryCredentials> {
    const record = await this.http.get('core', `nodes/${node.id}`, {
      query: { include: ['registry', 'registry_project'] },
      schema: NodeRegistryCheck,
    });
    if (!record.registry || !record.registry_project || !record.registry_project_id) {
      throw new Error('The node has not been assigned to a registry yet.');
    }
    const project = await this.http.get('core', `registry-projects/${record.registry_project_id}`, {
      query: { fields: ['+account_name', '+account_secret'] },
      schema: RegistryProjectAccountCheck,
    });
    return {
      host: record.registry.host,
      projectName: record.registry_project.external_name,
      username: project.account_name,
      password: project.account_secret,
    };
  }
}
