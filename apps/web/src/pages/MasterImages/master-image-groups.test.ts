import { describe, expect, it } from 'vitest';
import { groupMasterImages } from './master-image-groups.ts';

const image = (path: string, group: string) => ({
  id: path,
  name: path.split('/').at(-1)!,
  path,
  virtual_path: path,
  group_virtual_path: group,
});

describe('groupMasterImages', () => {
  it('puts images under their group, groups and images in path order, unknown groups last', () => {
    const sections = groupMasterImages(
      [
        { id: 'g2', name: 'Python', path: 'python', virtual_path: 'python' },
        { id: 'g1', name: 'Conda', path: 'python/conda', virtual_path: 'python/conda' },
        { id: 'g3', name: 'Empty', path: 'r', virtual_path: 'r' },
      ],
      [
        image('python/slim', 'python'),
        image('python/conda/fed-gwas', 'python/conda'),
        image('python/base', 'python'),
        image('julia/base', 'julia'),
      ],
    );
    expect(sections.map((section) => [section.name, section.images.map((entry) => entry.path)])).toEqual([
      ['Python', ['python/base', 'python/slim']],
      ['Conda', ['python/conda/fed-gwas']],
      [null, ['julia/base']],
    ]);
  });
});
