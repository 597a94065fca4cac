import { PlatformPermissionName as P } from '@federa/schemas';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import { callerWithToken, signIn, type Caller } from '#test/auth-client.ts';
import { createRealm, userWith } from '../core.test-support.ts';

export interface NodeInfo {
  id: string;
  name: string;
  realm_id: string;
  robot: Caller;
  robotId: string;
}

/**
 * Two realms that meet in a project, as the product is used: `acme` (the project and its analyses)
 * with its owner, `site` (a default node) with its operator, and `hub` (the aggregator node). The
 * hub operator in the master realm created the nodes and a registry; the project's nodes are approved.
 */
export interface AnalysisWorld {
  ctx: TestApp;
  admin: Caller;
  acmeId: string;
  siteId: string;
  hubId: string;
  /** acme: project_create, project_update, analysis_create, analysis_update, analysis_delete, analysis_result_read. */
  owner: Caller & { id: string };
  /** site: project_approve, analysis_approve. */
  siteOperator: Caller & { id: string };
  /** acme: analysis_approve only (the wrong realm to approve for a node). */
  acmeApprover: Caller & { id: string };
  siteNode: NodeInfo;
  hubNode: NodeInfo;
  /** A site node not added to the project. */
  strayNode: NodeInfo;
  projectId: string;
  masterImageId: string;
  registryId: string;
}

async function robotOf(app: FastifyInstance, node: { robot_id: string; robot_secret: string }) {
  const token = await app.inject({
    method: 'POST',
    url: '/auth/token',
    payload: { grant_type: 'robot_credentials', id: node.robot_id, secret: node.robot_secret },
  });
  expect(token.statusCode, token.body).toBe(200);
  return callerWithToken(app, token.json().access_token);
}

export async function createAnalysisWorld(
  environment: Record<string, string> = {},
  registryInput: { host: string; kind?: string } = { host: 'harbor.example.org' },
): Promise<AnalysisWorld> {
  const ctx = await createTestApp(environment);
  const admin = await signIn(ctx.app);
  const acmeId = await createRealm(admin, 'acme');
  const siteId = await createRealm(admin, 'site');
  const hubId = await createRealm(admin, 'hub');
  const owner = await userWith(ctx.app, admin, {
    name: 'owner',
    realmId: acmeId,
    realmName: 'acme',
    permissions: [
      P.PROJECT_CREATE,
      P.PROJECT_UPDATE,
      P.ANALYSIS_CREATE,
      P.ANALYSIS_UPDATE,
      P.ANALYSIS_DELETE,
      P.ANALYSIS_RESULT_READ,
    ],
  });
  const siteOperator = await userWith(ctx.app, admin, {
    name: 'site-operator',
    realmId: siteId,
    realmName: 'site',
    permissions: [P.PROJECT_APPROVE, P.ANALYSIS_APPROVE],
  });
  const acmeApprover = await userWith(ctx.app, admin, {
    name: 'acme-approver',
    realmId: acmeId,
    realmName: 'acme',
    permissions: [P.ANALYSIS_APPROVE],
  });

  expect((await admin.post('/core/master-images/command', { command: 'sync' })).statusCode).toBe(202);
  const masterImageId = (await admin.get('/core/master-images?sort=path')).json().data[0].id as string;
  const registry = await admin.post('/core/registries', { name: 'harbor', ...registryInput });
  expect(registry.statusCode, registry.body).toBe(201);
  const registryId = registry.json().id as string;

  const createNode = async (name: string, realmId: string, type: string): Promise<NodeInfo> => {
    const response = await admin.post('/core/nodes', {
      name,
      realm_id: realmId,
      type,
      registry_id: registryId,
    });
    expect(response.statusCode, response.body).toBe(201);
    const node = response.json();
    return {
      id: node.id,
      name,
      realm_id: realmId,
      robot: await robotOf(ctx.app, node),
      robotId: node.robot_id,
    };
  };
  const siteNode = await createNode('site-node', siteId, 'default');
  const hubNode = await createNode('hub-node', hubId, 'aggregator');
  const strayNode = await createNode('stray-node', siteId, 'default');

  const project = await owner.post('/core/projects', {
    name: 'Federated study',
    master_image_id: masterImageId,
  });
  expect(project.statusCode, project.body).toBe(201);
  const projectId = project.json().id as string;
  for (const node of [siteNode, hubNode]) {
    const link = await owner.post('/core/project-nodes', { project_id: projectId, node_id: node.id });
    expect(link.statusCode, link.body).toBe(201);
    if (node === siteNode) {
      const approved = await siteOperator.post(`/core/project-nodes/${link.json().id}`, {
        approval_status: 'approved',
        comment: 'We take part.',
      });
      expect(approved.statusCode, approved.body).toBe(202);
    }
  }
  return {
    ctx,
    admin,
    acmeId,
    siteId,
    hubId,
    owner,
    siteOperator,
    acmeApprover,
    siteNode,
    hubNode,
    strayNode,
    projectId,
    masterImageId,
    registryId,
  };
}

export interface UploadFile {
  path: string;
  content: string;
}

/** Uploads files into a storage bucket as a browser does (multipart, fields `files[n]`). */
export async function uploadFiles(
  app: FastifyInstance,
  caller: Caller,
  bucketId: string,
  files: UploadFile[],
) {
  const response = await sendUpload(app, caller, bucketId, files);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: string; path: string }[];
}

/**
 * `POST /storage/buckets/{id}/upload` with the files as multipart form data; the raw answer. `bucketId`
 * may be a bucket name, then looked up in the realm `realmId` names (else the caller's).
 */
export async function sendUpload(
  app: FastifyInstance,
  caller: Caller,
  bucketId: string,
  files: UploadFile[],
  realmId?: string,
) {
  const form = new FormData();
  files.forEach((file, index) => form.append(`files[${index}]`, new Blob([file.content]), file.path));
  const encoded = new Request('http://upload.test', { method: 'POST', body: form });
  return app.inject({
    method: 'POST',
    url: `/storage/buckets/${bucketId}/upload${realmId ? `?realm_id=${realmId}` : ''}`,
    headers: {
      authorization: `Bearer ${caller.token}`,
      'content-type': encoded.headers.get('content-type')!,
    },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
}

/** The analysis' bucket of a type, as the web app finds it. */
export async function bucketOf(caller: Caller, analysisId: string, type: 'CODE' | 'RESULT' | 'TEMP') {
  const response = await caller.get(
    `/core/analysis-buckets?filter[analysis_id]=${analysisId}&filter[type]=${type}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data[0] as { id: string; external_id: string; type: string };
}

/**
 * Uploads code files into the analysis' CODE bucket and links them, the first as entrypoint,
 * as the upload component does.
 */
export async function uploadCode(world: AnalysisWorld, analysisId: string, files: UploadFile[]) {
  const code = await bucketOf(world.owner, analysisId, 'CODE');
  const stored = await uploadFiles(world.ctx.app, world.owner, code.external_id, files);
  const linked = [];
  for (const [index, file] of stored.entries()) {
    const response = await world.owner.post('/core/analysis-bucket-files', {
      bucket_id: code.id,
      external_id: file.id,
      name: file.path,
      root: index === 0,
    });
    expect(response.statusCode, response.body).toBe(201);
    linked.push(response.json() as { id: string; root: boolean; name: string });
  }
  return { code, linked };
}

/** Waits until `probe` holds (for work done after a response, driven by domain events). */
export async function eventually<T>(
  probe: () => Promise<T | undefined | false>,
  timeoutMs = 5000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await probe();
    if (result) return result;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
