import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  copyImage,
  createLayer,
  MediaType,
  OciClient,
  parseImageReference,
  type ImageConfig,
} from '../src/index.ts';
import {
  pushBaseImage,
  readLayer,
  registryAvailable,
  startRegistry,
  type TestRegistry,
} from '../test-support/index.ts';

const available = registryAvailable();

describe.skipIf(!available)('OCI client against a real registry', () => {
  let registry: TestRegistry;
  let client: OciClient;

  beforeAll(async () => {
    registry = await startRegistry();
    client = new OciClient({ url: registry.url });
  });
  afterAll(async () => {
    await registry?.stop();
  });

  it('answers the API check', async () => {
    await expect(client.ping()).resolves.toBeUndefined();
  });

  it('uploads a stream without knowing its digest and reads it back as a stream', async () => {
    const chunks = Array.from({ length: 64 }, (_, index) => Buffer.alloc(64 * 1024, index));
    const whole = Buffer.concat(chunks);
    const uploaded = await client.uploadBlob('tests/blobs', Readable.from(chunks));
    expect(uploaded).toEqual({
      digest: `sha256:${createHash('sha256').update(whole).digest('hex')}`,
      size: whole.length,
    });
    expect(await client.headBlob('tests/blobs', uploaded.digest)).toBe(whole.length);
    const read: Buffer[] = [];
    for await (const chunk of await client.getBlob('tests/blobs', uploaded.digest))
      read.push(chunk as Buffer);
    expect(Buffer.concat(read).equals(whole)).toBe(true);
  });

  it('refuses a stream whose content does not match the expected digest', async () => {
    await expect(
      client.uploadBlob('tests/blobs', Readable.from([Buffer.from('other')]), {
        digest: `sha256:${'0'.repeat(64)}`,
      }),
    ).rejects.toThrow(/digest/);
  });

  it('skips an upload the repository already holds', async () => {
    const data = Buffer.from('already there');
    const first = await client.uploadBlob('tests/skip', data);
    const stream = Readable.from([Buffer.from('never read')]);
    const second = await client.uploadBlob('tests/skip', stream, { digest: first.digest });
    expect(second).toEqual(first);
  });

  it('mounts a blob from another repository of the same registry', async () => {
    const data = Buffer.from(`mount me ${Date.now()}`);
    const { digest } = await client.uploadBlob('tests/source', data);
    expect(await client.headBlob('tests/target', digest)).toBeUndefined();
    expect(await client.mountBlob('tests/target', digest, 'tests/source')).toBe(true);
    expect(await client.headBlob('tests/target', digest)).toBe(data.length);
    // An unknown blob is not mounted: the caller has to upload it.
    expect(await client.mountBlob('tests/target', `sha256:${'1'.repeat(64)}`, 'tests/source')).toBe(false);
  });

  it('pushes, heads, reads, tags and deletes a manifest', async () => {
    const pushed = await pushBaseImage(registry.url, 'tests/base', 'v1');
    const head = await client.headManifest('tests/base', 'v1');
    expect(head).toMatchObject({ digest: pushed.digest, mediaType: MediaType.OCI_MANIFEST });
    const image = await client.getImageManifest('tests/base', 'v1');
    expect(image?.digest).toBe(pushed.digest);
    const config = await client.getBlobJson<ImageConfig>('tests/base', image!.manifest.config.digest);
    expect(config.config?.Cmd).toEqual(['/bin/busybox', 'sh']);
    expect(await client.listTags('tests/base')).toContain('v1');
    expect(await client.deleteManifest('tests/base', pushed.digest)).toBe(true);
    expect(await client.headManifest('tests/base', 'v1')).toBeUndefined();
    expect(await client.getManifest('tests/missing', 'latest')).toBeUndefined();
  });

  it('resolves an image index to linux/amd64, in OCI and Docker media types', async () => {
    for (const docker of [false, true]) {
      const repository = docker ? 'tests/docker-index' : 'tests/oci-index';
      const pushed = await pushBaseImage(registry.url, repository, 'latest', { index: true, docker });
      const head = await client.headManifest(repository, 'latest');
      expect(head?.mediaType).toBe(docker ? MediaType.DOCKER_MANIFEST_LIST : MediaType.OCI_INDEX);
      const image = await client.getImageManifest(repository, 'latest');
      expect(image?.digest).toBe(pushed.manifestDigest);
      const config = await client.getBlobJson<ImageConfig>(repository, image!.manifest.config.digest);
      expect(config.architecture).toBe('amd64');
      await expect(
        client.getImageManifest(repository, 'latest', { os: 'windows', architecture: 'amd64' }),
      ).rejects.toThrow(/no image for windows\/amd64/);
    }
  });

  it('copies an image between repositories by mounting its blobs', async () => {
    const pushed = await pushBaseImage(registry.url, 'upstream/busybox', 'stable', { index: true });
    const result = await copyImage(
      { client, repository: 'upstream/busybox', reference: 'stable' },
      { client, repository: 'master/busybox', tag: 'latest' },
    );
    expect(result).toEqual({ digest: pushed.manifestDigest, bytesSent: 0 });
    const copy = await client.getImageManifest('master/busybox', 'latest');
    expect(copy?.digest).toBe(pushed.manifestDigest);
  });

  it('copies an image to another registry by streaming its blobs', async () => {
    const other = await startRegistry();
    try {
      const pushed = await pushBaseImage(registry.url, 'upstream/tool', 'latest');
      const target = new OciClient({ url: other.url });
      const result = await copyImage(
        { client, repository: 'upstream/tool', reference: 'latest' },
        { client: target, repository: 'master/tool', tag: 'latest' },
      );
      expect(result.digest).toBe(pushed.digest);
      expect(result.bytesSent).toBeGreaterThan(0);
      const image = await target.getImageManifest('master/tool', 'latest');
      const layer = await readLayer(await target.getBlob('master/tool', image!.manifest.layers[0]!.digest));
      expect([...layer.keys()]).toEqual(['bin/', 'bin/busybox']);
    } finally {
      await other.stop();
    }
  });
});

describe('reproducible layers', () => {
  const files = (contents: Record<string, string>) =>
    Object.entries(contents).map(([path, text]) => ({
      path,
      size: Buffer.byteLength(text),
      open: () => Readable.from([Buffer.from(text)]),
    }));

  async function build(contents: Record<string, string>) {
    const layer = createLayer(files(contents), { directory: '/opt/code/' });
    const chunks: Buffer[] = [];
    for await (const chunk of layer.stream) chunks.push(chunk as Buffer);
    return { bytes: Buffer.concat(chunks), result: await layer.result };
  }

  it('gives the same digest for the same files in any order', async () => {
    const first = await build({ 'main.py': 'print(1)\n', 'lib/util.py': 'x = 2\n' });
    const second = await build({ 'lib/util.py': 'x = 2\n', 'main.py': 'print(1)\n' });
    expect(second.result).toEqual(first.result);
    expect(first.result.digest).toBe(`sha256:${createHash('sha256').update(first.bytes).digest('hex')}`);
    expect(first.result.size).toBe(first.bytes.length);
    const changed = await build({ 'main.py': 'print(2)\n', 'lib/util.py': 'x = 2\n' });
    expect(changed.result.digest).not.toBe(first.result.digest);
  });

  it('holds the files under the directory with fixed times, root owner and sorted entries', async () => {
    const { bytes } = await build({ 'b.py': 'b', 'a/z.py': 'z' });
    const entries = await readLayer(Readable.from([bytes]));
    expect([...entries.keys()]).toEqual([
      'opt/',
      'opt/code/',
      'opt/code/a/',
      'opt/code/a/z.py',
      'opt/code/b.py',
    ]);
    const file = entries.get('opt/code/b.py')!;
    expect(file).toMatchObject({ type: 'file', mode: 0o755, mtime: 0, uid: 0, gid: 0 });
    expect(file.content.toString()).toBe('b');
  });

  it('refuses paths leaving the directory and files listed twice', () => {
    expect(() => createLayer(files({ '../etc/passwd': 'x' }), { directory: '/opt/code/' })).toThrow(
      /not allowed/,
    );
    expect(() =>
      createLayer([...files({ 'a.py': 'x' }), ...files({ './a.py': 'y' })], { directory: '/opt/code/' }),
    ).toThrow(/twice/);
  });
});

describe('image references', () => {
  it('splits registry, repository and tag or digest', () => {
    expect(parseImageReference('127.0.0.1:5000/master/python/base:latest')).toEqual({
      registry: '127.0.0.1:5000',
      repository: 'master/python/base',
      reference: 'latest',
    });
    expect(parseImageReference('registry.example.org/a/b@sha256:abc')).toMatchObject({
      reference: 'sha256:abc',
    });
    expect(parseImageReference('busybox')).toEqual({
      registry: 'registry-1.docker.io',
      repository: 'library/busybox',
      reference: 'latest',
    });
  });
});
