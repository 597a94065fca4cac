/**
 * Two realms, one project (issue 6, item 7): a hub operator of the master realm creates a project
 * and asks a node of another realm to take part; that realm's node operator (a user holding the
 * approval permission of docs/product/analysis-platform.md §6) finds the request among the requests to their
 * realm and approves it; the project owner sees the approval. The same goes for an analysis of the project:
 * the node operator approves it for the node, and only then can the owner lock its configuration. Everyone
 * works through the official clients against the real server process, as the web app and a node would.
 */
import { randomBytes } from 'node:crypto';
import {
  Client as AuthClient,
  createTokenCreator,
  getClientErrorCode,
  isClientError,
} from '@authup/core-http-kit';
import { Client as CoreClient } from '@privateaim/core-http-kit';
import type {
  AnalysisNodeApprovalStatus,
  AnalysisNodeRunStatus,
  MasterImageCommand,
  ProjectNodeApprovalStatus,
} from '@privateaim/core-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './support/server.ts';

const ADMIN_PASSWORD = 'TwoRealm-Admin-Passw0rd';
const USER_PASSWORD = 'TwoRealm-User-Passw0rd';
const RUN = randomBytes(3).toString('hex');
const APPROVED = 'approved' as ProjectNodeApprovalStatus;
const REJECTED = 'rejected' as ProjectNodeApprovalStatus;
const ANALYSIS_APPROVED = 'approved' as AnalysisNodeApprovalStatus;

async function failure(
  call: Promise<unknown>,
): Promise<{ status?: number; code: string | null; message: string }> {
  try {
    await call;
  } catch (error) {
    if (!isClientError(error)) throw error;
    return { status: error.response?.status, code: getClientErrorCode(error), message: error.message };
  }
  throw new Error('The call succeeded, but it should have failed.');
}

describe('a project across two realms', () => {
  let server: RunningServer;
  let authURL: string;
  let auth: AuthClient;
  let masterRealm: { id: string; name: string };
  let siteRealm: { id: string; name: string };
  let otherRealm: { id: string; name: string };
  /** Hub operator in the master realm: creates projects and nodes. */
  let operator: CoreClient;
  let operatorId: string;
  let operatorToken: string;
  /** The administrator, for the catalog sync. */
  let admin: CoreClient;
  /** Node operator of the site realm: approves what is asked of the site's node. */
  let siteOperator: CoreClient;
  /** An approver of a third realm, which has nothing to do with the project. */
  let otherOperator: CoreClient;

  const coreWith = (token: string) => {
    const client = new CoreClient({ baseURL: `${server.url}/core/` });
    client.setAuthorizationHeader({ type: 'Bearer', token });
    return client;
  };

  /** Creates a user of the realm with the given global permissions and signs them in. */
  const userWith = async (name: string, realm: { id: string; name: string }, permissions: string[]) => {
    const user = await auth.user.create({ name, password: USER_PASSWORD, realm_id: realm.id });
    for (const permissionName of permissions) {
      const [permission] = (await auth.permission.getMany({ filter: { name: permissionName } })).data;
      expect(permission, permissionName).toBeDefined();
      await auth.userPermission.create({ user_id: user.id, permission_id: permission!.id });
    }
    const grant = await createTokenCreator({
      type: 'user',
      baseURL: authURL,
      name,
      password: USER_PASSWORD,
      realmName: realm.name,
    })();
    return { id: user.id, token: grant.access_token, core: coreWith(grant.access_token) };
  };

  beforeAll(async () => {
    server = await startServer({ env: { ADMIN_PASSWORD } });
    authURL = `${server.url}/auth/`;
    const grant = await createTokenCreator({
      type: 'user',
      baseURL: authURL,
      name: 'admin',
      password: ADMIN_PASSWORD,
    })();
    auth = new AuthClient({ baseURL: authURL });
    auth.setAuthorizationHeader({ type: 'Bearer', token: grant.access_token });

    const [master] = (await auth.realm.getMany({ filter: { name: 'master' } })).data;
    masterRealm = { id: master!.id, name: master!.name };
    const site = await auth.realm.create({ name: `site-${RUN}` });
    siteRealm = { id: site.id, name: site.name };
    const other = await auth.realm.create({ name: `other-${RUN}` });
    otherRealm = { id: other.id, name: other.name };

    const hub = await userWith(`operator-${RUN}`, masterRealm, [
      'project_create',
      'project_update',
      'project_delete',
      'node_create',
      'node_update',
      'analysis_create',
      'analysis_update',
    ]);
    operator = hub.core;
    operatorId = hub.id;
    operatorToken = hub.token;
    admin = coreWith(grant.access_token);
    siteOperator = (await userWith(`site-op-${RUN}`, siteRealm, ['project_approve', 'analysis_approve']))
      .core;
    otherOperator = (await userWith(`other-op-${RUN}`, otherRealm, ['project_approve', 'analysis_approve']))
      .core;
  });
  afterAll(() => server?.destroy());

  it('lets the node realm approve a project of the master realm, and the owner sees it', async () => {
    // The hub operator registers the site's node in the site realm and creates the project.
    const node = await operator.node.create({
      name: `Site hospital ${RUN}`,
      realm_id: siteRealm.id,
      type: 'default',
    });
    expect(node).toMatchObject({ realm_id: siteRealm.id });
    const project = await operator.project.create({
      name: `Cross-realm study ${RUN}`,
      description: 'A study across two realms.',
    });
    expect(project).toMatchObject({ realm_id: masterRealm.id, user_id: operatorId });
    const request = await operator.projectNode.create({ project_id: project.id, node_id: node.id });
    expect(request).toMatchObject({
      project_realm_id: masterRealm.id,
      node_realm_id: siteRealm.id,
      approval_status: null,
    });

    // The site operator finds their realm's node, then the requests to it (/projects/in).
    const siteNodes = await siteOperator.node.getMany({ filter: { realm_id: siteRealm.id } });
    expect(siteNodes.data.map((row) => row.id)).toEqual([node.id]);
    expect((await siteOperator.node.getMany()).meta.total).toBe(1);
    const incoming = await siteOperator.projectNode.getMany({
      filter: { node_realm_id: siteRealm.id },
      include: { project: true, node: true },
      sort: { updated_at: 'DESC' },
    });
    expect(incoming.meta.total).toBe(1);
    // The request card shows the project, who asked for it and when (docs/product/analysis-platform.md §3).
    expect(incoming.data[0]).toMatchObject({
      id: request.id,
      approval_status: null,
      project: { id: project.id, name: project.name, user_id: operatorId, created_at: project.created_at },
      node: { id: node.id, name: node.name },
    });
    // Without a filter too: a realm sees the two-sided records it is part of, and no others.
    expect((await siteOperator.projectNode.getMany()).data.map((row) => row.id)).toEqual([request.id]);
    // The project itself stays in the master realm.
    expect(await failure(siteOperator.project.getOne(project.id))).toMatchObject({ status: 404 });

    // Another realm neither sees nor approves it; the project side cannot approve for the node.
    expect((await otherOperator.projectNode.getMany()).meta.total).toBe(0);
    expect(
      await failure(otherOperator.projectNode.update(request.id, { approval_status: APPROVED })),
    ).toMatchObject({ status: 404 });
    expect(
      await failure(operator.projectNode.update(request.id, { approval_status: APPROVED })),
    ).toMatchObject({ status: 403 });
    // The node side cannot take the node out of the project; that is the project's decision.
    expect(await failure(siteOperator.projectNode.delete(request.id))).toMatchObject({ status: 403 });

    const approved = await siteOperator.projectNode.update(request.id, {
      approval_status: APPROVED,
      comment: 'Our ethics board agreed.',
    });
    expect(approved).toMatchObject({
      id: request.id,
      approval_status: APPROVED,
      comment: 'Our ethics board agreed.',
    });

    // The project owner sees the decision among the outgoing requests of the project.
    const outgoing = await operator.projectNode.getMany({
      filter: { project_id: project.id },
      include: { node: true },
    });
    expect(outgoing.data).toEqual([
      expect.objectContaining({
        id: request.id,
        approval_status: APPROVED,
        comment: 'Our ethics board agreed.',
        node: expect.objectContaining({ id: node.id, realm_id: siteRealm.id }),
      }),
    ]);
    expect(await operator.project.getOne(project.id)).toMatchObject({ nodes: 1 });

    // A change of mind is the node realm's too.
    expect(
      await siteOperator.projectNode.update(request.id, { approval_status: REJECTED, comment: '' }),
    ).toMatchObject({ approval_status: REJECTED, comment: null });
    expect(await operator.projectNode.getOne(request.id)).toMatchObject({ approval_status: REJECTED });
  });

  it('lets the node’s own robot approve, as a node does without a person', async () => {
    const node = (await operator.node.create({
      name: `Robot site ${RUN}`,
      realm_id: siteRealm.id,
      type: 'default',
    })) as Awaited<ReturnType<CoreClient['node']['create']>> & { robot_secret: string };
    expect(node.robot_id).toBeTruthy();
    expect(node.robot_secret).toBeTruthy();
    const project = await operator.project.create({ name: `Robot approved study ${RUN}` });
    const request = await operator.projectNode.create({ project_id: project.id, node_id: node.id });

    const grant = await createTokenCreator({
      type: 'robot',
      baseURL: authURL,
      id: node.robot_id!,
      secret: node.robot_secret,
    })();
    const robot = coreWith(grant.access_token);
    const own = await robot.projectNode.getMany({ filter: { node_id: node.id } });
    expect(own.data.map((row) => row.id)).toEqual([request.id]);
    expect(await robot.projectNode.update(request.id, { approval_status: APPROVED })).toMatchObject({
      approval_status: APPROVED,
    });
    expect(await operator.projectNode.getOne(request.id)).toMatchObject({ approval_status: APPROVED });
  });
  it('lets the node realm approve an analysis, which the owner then locks', async () => {
    await admin.masterImage.runCommand('sync' as MasterImageCommand);
    const [image] = (await operator.masterImage.getMany({ filter: { path: 'python/base' } })).data;
    const node = (await operator.node.create({
      name: `Analysis site ${RUN}`,
      realm_id: siteRealm.id,
      type: 'default',
    })) as Awaited<ReturnType<CoreClient['node']['create']>> & { robot_secret: string };
    const aggregator = await operator.node.create({ name: `Aggregator ${RUN}`, type: 'aggregator' });
    const project = await operator.project.create({
      name: `Analysed cross-realm study ${RUN}`,
      master_image_id: image!.id,
    });
    for (const member of [node, aggregator]) {
      const request = await operator.projectNode.create({ project_id: project.id, node_id: member.id });
      if (member === node) await siteOperator.projectNode.update(request.id, { approval_status: APPROVED });
    }

    // The owner sets the analysis up: nodes and code with an entrypoint.
    const analysis = await operator.analysis.create({ project_id: project.id, name: `analysis-${RUN}` });
    const asked = await operator.analysisNode.create({ analysis_id: analysis.id, node_id: node.id });
    await operator.analysisNode.create({ analysis_id: analysis.id, node_id: aggregator.id });
    const [code] = (
      await operator.analysisBucket.getMany({ filter: { analysis_id: analysis.id, type: 'CODE' } })
    ).data;
    const form = new FormData();
    form.append('files[0]', new Blob(['print("federated")\n']), 'main.py');
    const uploaded = await fetch(`${server.url}/storage/buckets/${code!.external_id}/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${operatorToken}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const [file] = ((await uploaded.json()) as { data: Array<{ id: string }> }).data;
    await operator.analysisBucketFile.create({
      bucket_id: code!.id,
      external_id: file!.id,
      name: 'main.py',
      root: true,
    });
    expect(await failure(operator.analysis.runCommand(analysis.id, 'configurationLock'))).toMatchObject({
      status: 400,
      message: 'At least one node has not approved the analysis.',
    });

    // The site operator finds the analysis among those asked of their realm (/analyses/in).
    const incoming = await siteOperator.analysisNode.getMany({
      filter: { node_realm_id: siteRealm.id },
      include: { analysis: true, node: true },
      sort: { updated_at: 'DESC' },
    });
    expect(incoming.data.map((row) => row.id)).toEqual([asked.id]);
    expect(incoming.data[0]).toMatchObject({
      approval_status: null,
      analysis: { id: analysis.id, name: analysis.name },
      node: { id: node.id },
    });
    // Another realm neither sees nor approves it; the owner's side cannot approve for the node.
    expect((await otherOperator.analysisNode.getMany()).meta.total).toBe(0);
    expect(
      await failure(otherOperator.analysisNode.update(asked.id, { approval_status: ANALYSIS_APPROVED })),
    ).toMatchObject({ status: 404 });
    expect(
      await failure(operator.analysisNode.update(asked.id, { approval_status: ANALYSIS_APPROVED })),
    ).toMatchObject({ status: 403 });

    // Before approving, the node operator reads the code that would run at the site.
    const archive: Buffer[] = [];
    const stream = await siteOperator.analysis.streamFiles(analysis.id);
    for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>)
      archive.push(Buffer.from(chunk));
    expect(Buffer.concat(archive).toString('utf8')).toContain('print("federated")');

    const approved = await siteOperator.analysisNode.update(asked.id, {
      approval_status: ANALYSIS_APPROVED,
      comment: 'The code may run here.',
    });
    expect(approved).toMatchObject({ approval_status: 'approved', comment: 'The code may run here.' });

    // The owner sees the approval and can lock the configuration now.
    const nodes = await operator.analysisNode.getMany({
      filter: { analysis_id: analysis.id },
      include: { node: true },
    });
    expect(nodes.data.map((row) => row.approval_status)).toEqual(['approved', 'approved']);
    expect(await operator.analysisNode.getOne(asked.id)).toMatchObject({ comment: 'The code may run here.' });
    expect(await operator.analysis.runCommand(analysis.id, 'configurationLock')).toMatchObject({
      configuration_locked: true,
    });
    // The node itself (its robot) reports how its run goes; the owner follows it.
    const robotGrant = await createTokenCreator({
      type: 'robot',
      baseURL: authURL,
      id: node.robot_id!,
      secret: node.robot_secret,
    })();
    const robot = coreWith(robotGrant.access_token);
    expect(
      await robot.analysisNode.update(asked.id, { run_status: 'running' as AnalysisNodeRunStatus }),
    ).toMatchObject({ run_status: 'running' });
    expect(await operator.analysisNode.getOne(asked.id)).toMatchObject({
      run_status: 'running',
      approval_status: 'approved',
    });

    // A locked configuration keeps its approvals.
    expect(
      await failure(
        siteOperator.analysisNode.update(asked.id, {
          approval_status: 'rejected' as AnalysisNodeApprovalStatus,
        }),
      ),
    ).toMatchObject({
      status: 400,
      message:
        'The analysis is locked right now. Its approvals can only change once the configuration is unlocked.',
    });
  });
});
