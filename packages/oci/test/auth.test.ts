import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OciClient, parseChallenge, RegistryError } from '../src/index.ts';
import {
  pushBaseImage,
  registryAvailable,
  startAuthProxy,
  startRegistry,
  type TestRegistry,
} from '../test-support/index.ts';

const available = registryAvailable();
const credentials = { username: 'robot$node', password: 'Secret123' };

describe('authentication challenges', () => {
  it('parses Bearer parameters with quoted commas', () => {
    expect(
      parseChallenge(
        'Bearer realm="https://r.example/service/token",service="harbor-registry",scope="repository:a/b:pull,push"',
      ),
    ).toEqual({
      scheme: 'bearer',
      params: {
        realm: 'https://r.example/service/token',
        service: 'harbor-registry',
        scope: 'repository:a/b:pull,push',
      },
    });
    expect(parseChallenge('Basic realm="x"')).toEqual({ scheme: 'basic', params: { realm: 'x' } });
    expect(parseChallenge(null)).toBeUndefined();
  });
});

describe.skipIf(!available)('authenticated registries', () => {
  let registry: TestRegistry;

  beforeAll(async () => {
    registry = await startRegistry();
    await pushBaseImage(registry.url, 'node-a/base', 'latest');
  });
  afterAll(async () => {
    await registry?.stop();
  });

  for (const scheme of ['basic', 'bearer'] as const) {
    it(`pulls and pushes with ${scheme} credentials`, async () => {
      const proxy = await startAuthProxy(registry.url, { scheme, ...credentials });
      try {
        const client = new OciClient({ url: proxy.url, credentials });
        const image = await client.getImageManifest('node-a/base', 'latest');
        expect(image?.manifest.layers).toHaveLength(1);
        // A streamed upload authenticates on the request that opens it, then streams once.
        const uploaded = await client.uploadBlob(
          'node-a/pushed',
          Readable.from([Buffer.from(`${scheme} data`)]),
        );
        expect(await client.headBlob('node-a/pushed', uploaded.digest)).toBe(uploaded.size);
        if (scheme === 'bearer') {
          expect(proxy.tokenRequests).toContainEqual([
            'repository:node-a/base:pull',
            'repository:unknown:pull',
          ]);
          expect(
            proxy.tokenRequests.some((scopes) => scopes.includes('repository:node-a/pushed:pull,push')),
          ).toBe(true);
        }
      } finally {
        await proxy.stop();
      }
    });

    it(`reports refused ${scheme} credentials`, async () => {
      const proxy = await startAuthProxy(registry.url, { scheme, ...credentials });
      try {
        const client = new OciClient({
          url: proxy.url,
          credentials: { username: 'robot$node', password: 'wrong' },
        });
        const failure = await client.getManifest('node-a/base', 'latest').catch((error: unknown) => error);
        expect(failure).toBeInstanceOf(RegistryError);
        expect((failure as RegistryError).status).toBe(401);
        const anonymous = new OciClient({ url: proxy.url });
        await expect(anonymous.headManifest('node-a/base', 'latest')).rejects.toThrow(/401|credentials/);
      } finally {
        await proxy.stop();
      }
    });
  }
});
