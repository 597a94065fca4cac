import { OciClient, type ImageConfig } from '@federa/oci';
import {
  pushBaseImage,
  readLayer,
  registryAvailable,
  startRegistry,
  type TestRegistry,
} from '@federa/oci/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAnalysisWorld,
  eventually,
  uploadCode,
  type AnalysisWorld,
  type NodeInfo,
} from '../analyses/analyses.test-support.ts';
import { ImageLabel } from './build-image.ts';

const available = registryAvailable();

describe.skipIf(!available)('analysis builds against a real registry', () => {
  let registry: TestRegistry;
  let world: AnalysisWorld;
  let client: OciClient;
  let masterPath: string;
  const projects = new Map<string, string>();

  const command = (id: string, name: string) =>
    world.owner.post(`/core/analyses/${id}/command`, { command: name });
  const analysisOf = async (id: string) => (await world.owner.get(`/core/analyses/${id}`)).json();
  const logsOf = async (id: string) =>
    (await world.admin.get(`/core/analysis-logs?filter[analysis_id]=${id}&page[limit]=100`)).json().data as {
      message: string;
      level: string;
    }[];

  /** An analysis ready to build: both nodes (the site approves), code with an entrypoint, locked. */
  const lockedAnalysis = async (name: string, files: { path: string; content: string }[], extra = {}) => {
    const created = await world.owner.post('/core/analyses', { project_id: world.projectId, name, ...extra });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    for (const node of [world.siteNode, world.hubNode]) {
      const link = await world.owner.post('/core/analysis-nodes', { analysis_id: id, node_id: node.id });
      expect(link.statusCode, link.body).toBe(201);
      if (node.realm_id === world.siteId) {
        const approved = await world.siteOperator.post(`/core/analysis-nodes/${link.json().id}`, {
          approval_status: 'approved',
        });
        expect(approved.statusCode, approved.body).toBe(202);
      }
    }
    await uploadCode(world, id, files);
    const locked = await command(id, 'configurationLock');
    expect(locked.statusCode, locked.body).toBe(202);
    return id;
  };

  const repositoryOf = (node: NodeInfo, analysisId: string) => `${projects.get(node.id)}/${analysisId}`;

  beforeAll(async () => {
    registry = await startRegistry();
    client = new OciClient({ url: registry.url });
    world = await createAnalysisWorld(
      {
        JOB_POLL_INTERVAL_MS: '100',
        JOB_LEASE_MS: '3000',
        MASTER_IMAGES_UPSTREAM: `${registry.url}/upstream`,
      },
      { host: registry.url, kind: 'oci' },
    );
    const master = (await world.admin.get(`/core/master-images/${world.masterImageId}`)).json();
    masterPath = master.virtual_path;
    // The master image as an image index (linux/amd64 and arm64), as upstream images are published.
    await pushBaseImage(registry.url, `master/${masterPath}`, 'latest', { index: true });
    for (const node of [world.siteNode, world.hubNode]) {
      const row = (await world.admin.get(`/core/nodes/${node.id}`)).json();
      projects.set(node.id, row.external_name);
    }
  });
  afterAll(async () => {
    await world?.ctx.close();
    await registry?.stop();
  });

  it('gives a node with a registry its project, named by the node and written back', async () => {
    for (const node of [world.siteNode, world.hubNode]) {
      const row = (await world.admin.get(`/core/nodes/${node.id}?include=registry_project`)).json();
      expect(row.external_name).toMatch(/^[0-9a-z]{21}$/);
      expect(row.registry_project).toMatchObject({
        external_name: row.external_name,
        type: 'node',
        registry_id: world.registryId,
      });
      // The link job gives the project the registry's identity.
      await eventually(async () => {
        const project = (await world.admin.get(`/core/registry-projects/${row.registry_project_id}`)).json();
        return project.external_id === row.external_name;
      });
    }
  });

  it('sets the registry up with its incoming, outgoing and master projects', async () => {
    const setup = await world.admin.post('/core/services/registry/command', {
      command: 'setup',
      id: world.registryId,
    });
    expect(setup.statusCode, setup.body).toBe(202);
    const projectsOf = async () =>
      (await world.admin.get(`/core/registry-projects?filter[registry_id]=${world.registryId}`)).json()
        .data as {
        type: string;
        external_name: string;
        public: boolean;
      }[];
    const found = await eventually(async () => {
      const rows = await projectsOf();
      return (
        rows.filter((row) => ['incoming', 'outgoing', 'masterImages'].includes(row.type)).length === 3 && rows
      );
    });
    expect(found.find((row) => row.type === 'masterImages')).toMatchObject({
      external_name: 'master',
      public: true,
    });
    // Setting up again creates nothing twice.
    await world.admin.post('/core/services/registry/command', { command: 'setup', id: world.registryId });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await projectsOf()).filter((row) => row.type === 'incoming')).toHaveLength(1);
  });

  it('builds the image and pushes it to every node project, as configured', async () => {
    const files = [
      { path: 'main.py', content: 'import lib.util\nprint(lib.util.answer())\n' },
      { path: 'lib/util.py', content: 'def answer():\n    return 42\n' },
    ];
    const id = await lockedAnalysis('Built analysis', files, {
      image_command_arguments: [
        { value: '--verbose', position: 'after' },
        { value: '-u', position: 'before' },
      ],
    });
    const started = Date.now();
    const start = await command(id, 'buildStart');
    expect(start.statusCode, start.body).toBe(202);
    expect(start.json().build_status).toBe('starting');
    const finished = await eventually(async () => {
      const analysis = await analysisOf(id);
      expect(analysis.build_status).not.toBe('failed');
      return analysis.build_status === 'finished' && analysis;
    }, 20_000);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(finished.image_digest).toMatch(/^sha256:[0-9a-f]{64}$/);

    for (const node of [world.siteNode, world.hubNode]) {
      const repository = repositoryOf(node, id);
      const image = await client.getImageManifest(repository, 'latest');
      expect(image?.digest, repository).toBe(finished.image_digest);
      const config = await client.getBlobJson<ImageConfig>(repository, image!.manifest.config.digest);
      expect(config.config?.Cmd).toEqual(['python', '-u', '/opt/code/main.py', '--verbose']);
      expect(config.config?.Labels).toMatchObject({
        [ImageLabel.ANALYSIS]: id,
        [ImageLabel.PROJECT]: world.projectId,
        'org.example.base': 'amd64',
      });
      expect(config.architecture).toBe('amd64');
      expect(image!.manifest.layers).toHaveLength(2);
      expect(config.rootfs.diff_ids).toHaveLength(2);
      const code = await readLayer(await client.getBlob(repository, image!.manifest.layers[1]!.digest));
      expect([...code.keys()]).toEqual([
        'opt/',
        'opt/code/',
        'opt/code/lib/',
        'opt/code/lib/util.py',
        'opt/code/main.py',
      ]);
      expect(code.get('opt/code/main.py')!.content.toString()).toBe(files[0]!.content);
      expect(code.get('opt/code/lib/util.py')!.content.toString()).toBe(files[1]!.content);
      expect(code.get('opt/code/main.py')).toMatchObject({ mtime: 0, uid: 0, mode: 0o755 });
      // The base layer is the master image's, untouched.
      const base = await readLayer(await client.getBlob(repository, image!.manifest.layers[0]!.digest));
      expect([...base.keys()]).toContain('bin/busybox');
    }

    const messages = (await logsOf(id)).map((line) => line.message);
    expect(messages).toEqual(
      expect.arrayContaining(['Build started.', expect.stringMatching(/^Build finished: sha256:/)]),
    );
    expect(messages.some((message) => message.startsWith('Pushing the image to'))).toBe(true);
  });

  it('gives the same code the same image digest', async () => {
    const files = [{ path: 'main.py', content: 'print("same")\n' }];
    const first = await lockedAnalysis('Same code one', files);
    const second = await lockedAnalysis('Same code two', files);
    for (const id of [first, second]) expect((await command(id, 'buildStart')).statusCode).toBe(202);
    const layers = [];
    for (const id of [first, second]) {
      await eventually(async () => (await analysisOf(id)).build_status === 'finished', 20_000);
      const image = await client.getImageManifest(repositoryOf(world.siteNode, id), 'latest');
      layers.push(image!.manifest.layers[1]!.digest);
    }
    expect(layers[0]).toBe(layers[1]);
  });

  it('reports a build failed with the reason when the master image is not in the registry', async () => {
    const id = await lockedAnalysis('Missing master', [{ path: 'main.py', content: 'print(1)\n' }]);
    // Another master image of the catalog, never mirrored into the registry.
    const other = (await world.admin.get('/core/master-images?sort=-path')).json().data[0];
    expect(other.virtual_path).not.toBe(masterPath);
    await world.ctx.database.db.execute(
      `update analyses set master_image_id = '${other.id}' where id = '${id}'` as never,
    );
    expect((await command(id, 'buildStart')).statusCode).toBe(202);
    await eventually(async () => (await analysisOf(id)).build_status === 'failed', 20_000);
    const logs = await logsOf(id);
    expect(logs).toContainEqual(
      expect.objectContaining({
        level: 'error',
        message: `Build failed: The master image ${registry.host}/master/${other.virtual_path}:latest is not in the registry.`,
      }),
    );
  });

  it('stops a build: stopping, then stopped, and no tag is left in any node project', async () => {
    const id = await lockedAnalysis('Stopped build', [{ path: 'main.py', content: 'print("stop")\n' }]);
    expect((await command(id, 'buildStart')).statusCode).toBe(202);
    const stop = await command(id, 'buildStop');
    expect(stop.statusCode, stop.body).toBe(202);
    expect(stop.json().build_status).toBe('stopping');
    await eventually(async () => (await analysisOf(id)).build_status === 'stopped', 20_000);
    for (const node of [world.siteNode, world.hubNode]) {
      expect(await client.headManifest(repositoryOf(node, id), 'latest')).toBeUndefined();
    }
    expect((await analysisOf(id)).image_digest).toBeNull();
  });

  it('checks every node image on buildStatus and reports without resetting', async () => {
    const id = await lockedAnalysis('Checked build', [{ path: 'main.py', content: 'print("check")\n' }]);
    expect((await command(id, 'buildStart')).statusCode).toBe(202);
    await eventually(async () => (await analysisOf(id)).build_status === 'finished', 20_000);
    // Someone removed one node's image behind the hub's back; the check is on a failed build.
    const head = await client.headManifest(repositoryOf(world.hubNode, id), 'latest');
    await client.deleteManifest(repositoryOf(world.hubNode, id), head!.digest);
    await world.ctx.database.db.execute(
      `update analyses set build_status = 'failed' where id = '${id}'` as never,
    );
    const checked = await command(id, 'buildStatus');
    expect(checked.statusCode, checked.body).toBe(202);
    expect(checked.json().build_status).toBe('failed');
    const messages = (await logsOf(id)).map((line) => line.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^Build check: node site-node holds ${registry.host}/`)),
        `Build check: node hub-node has no image at ${registry.host}/${repositoryOf(world.hubNode, id)}:latest.`,
      ]),
    );
  });

  it('mirrors the master images from the upstream registry and shows which the registry holds', async () => {
    const presence = async () =>
      (await world.admin.get(`/core/master-images/presence?registry_id=${world.registryId}`)).json().data as {
        virtual_path: string;
        present: boolean;
        digest: string | null;
      }[];
    const before = await presence();
    expect(before.find((entry) => entry.virtual_path === masterPath)?.present).toBe(true);
    const missing = before.filter((entry) => !entry.present);
    expect(missing.length).toBeGreaterThan(0);
    const pushed = new Map<string, string>();
    for (const entry of before) {
      pushed.set(
        entry.virtual_path,
        (await pushBaseImage(registry.url, `upstream/${entry.virtual_path}`, 'latest', { index: true }))
          .manifestDigest,
      );
    }
    const mirror = await world.admin.post('/core/master-images/command', {
      command: 'mirror',
      registry_id: world.registryId,
    });
    expect(mirror.statusCode, mirror.body).toBe(202);
    const after = await eventually(async () => {
      const rows = await presence();
      return rows.every((entry) => entry.present && entry.digest === pushed.get(entry.virtual_path)) && rows;
    }, 20_000);
    expect(after.length).toBe(before.length);
  });
});
