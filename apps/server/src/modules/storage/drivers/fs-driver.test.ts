import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesUnder } from '../storage.test-support.ts';
import { describeDriverContract } from './driver.test-suite.ts';
import { FilesystemDriver } from './fs-driver.ts';

describe('FilesystemDriver', () => {
  let root: string;
  let driver: FilesystemDriver;

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'federa-fs-driver-'));
    driver = new FilesystemDriver(root);
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  describeDriverContract(
    {
      driver: () => driver,
      storedKeys: async () =>
        (await filesUnder(path.join(root, 'objects'))).map((file) => file.split(path.sep).join('/')),
    },
    3 * 1024 * 1024,
  );

  it('keeps objects under its root and cleans its temporary files', async () => {
    expect(await filesUnder(path.join(root, 'tmp'))).toEqual([]);
    expect((await filesUnder(root)).every((file) => file.startsWith(`objects${path.sep}`))).toBe(true);
  });
});
