import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { scanCatalog } from './scan.ts';
import { isGitSource } from './source.ts';

const SHIPPED = path.resolve(import.meta.dirname, '../../../../../catalog/master-images/data');

describe('scanCatalog', () => {
  let root: string | undefined;
  afterEach(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });

  const write = async (file: string, content: string) => {
    const location = path.join(root!, file);
    await mkdir(path.dirname(location), { recursive: true });
    await writeFile(location, content);
  };

  it('reads the shipped catalog', async () => {
    const catalog = await scanCatalog(SHIPPED);
    expect(catalog.groups).toEqual([
      { name: 'Python', path: 'python', virtual_path: 'python' },
      { name: 'R', path: 'r', virtual_path: 'r' },
    ]);
    expect(catalog.images).toEqual([
      {
        name: 'base',
        path: 'python/base',
        virtual_path: 'python/base',
        group_virtual_path: 'python',
        command: 'python',
        command_arguments: [{ value: '-u' }],
      },
      {
        name: 'torch',
        path: 'python/ml/torch',
        virtual_path: 'python/torch',
        group_virtual_path: 'python',
        command: 'python',
        command_arguments: [{ value: '-u' }],
      },
      {
        name: 'base',
        path: 'r/base',
        virtual_path: 'r/base',
        group_virtual_path: 'r',
        command: 'Rscript',
        command_arguments: [{ value: '--vanilla' }],
      },
    ]);
  });

  it('inherits attributes through nested groups like the original catalog', async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'catalog-'));
    await write(
      'python/image-group.json',
      '{"id":"python","name":"Python","command":"python","commandArguments":["-u"]}',
    );
    await write('python/conda/image-group.json', '{"id":"conda","name":"Conda","command":"conda"}');
    await write(
      'python/conda/fed-gwas/image.json',
      '{"commandArguments":["run","-n","ppgwas","--no-capture-output","python"]}',
    );
    await write('python/use-cases/bpr/Dockerfile', 'FROM python');
    const catalog = await scanCatalog(root);
    expect(catalog.groups.map((group) => group.virtual_path)).toEqual(['python', 'python/conda']);
    expect(catalog.images).toEqual([
      {
        name: 'fed-gwas',
        path: 'python/conda/fed-gwas',
        virtual_path: 'python/conda/fed-gwas',
        group_virtual_path: 'python/conda',
        command: 'conda',
        command_arguments: ['run', '-n', 'ppgwas', '--no-capture-output', 'python'].map((value) => ({
          value,
        })),
      },
      expect.objectContaining({
        path: 'python/use-cases/bpr',
        virtual_path: 'python/bpr',
        command: 'python',
      }),
    ]);
  });

  it('refuses broken meta files and images without a command', async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'catalog-'));
    await write('python/image-group.json', '{ not json');
    await expect(scanCatalog(root)).rejects.toThrow('The file python/image-group.json is not valid JSON.');
    await write('python/image-group.json', '{"name":"Python"}');
    await write('python/base/Dockerfile', 'FROM python');
    await expect(scanCatalog(root)).rejects.toThrow('The master image python/base has no command');
  });
});

describe('isGitSource', () => {
  it.each([
    ['https://github.com/PrivateAIM/master-images', true],
    ['file:///srv/catalog', true],
    ['git@github.com:PrivateAIM/master-images.git', true],
    ['/srv/catalog.git', true],
    ['/srv/catalog', false],
    ['catalog', false],
  ])('%s -> %s', (source, expected) => expect(isGitSource(source)).toBe(expected));
});
