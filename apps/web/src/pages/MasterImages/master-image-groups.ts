import type { AdminMasterImage, AdminMasterImageGroup } from '../../resources/admin-hub-resources.ts';

/** What the grouping reads of an image and of a group. */
type ImageInCatalog = Pick<AdminMasterImage, 'path' | 'virtual_path' | 'group_virtual_path'>;
type GroupInCatalog = Pick<AdminMasterImageGroup, 'id' | 'name' | 'path' | 'virtual_path'>;

export interface ImageGroupSection<I extends ImageInCatalog = AdminMasterImage> {
  /** The group's virtual path ('' for images whose group is unknown). */
  readonly key: string;
  readonly name: string | null;
  readonly images: readonly I[];
}

const byPath = (a: ImageInCatalog, b: ImageInCatalog) =>
  (a.path ?? a.virtual_path).localeCompare(b.path ?? b.virtual_path);

/**
 * The catalog as the page shows it: one section per group (in the groups' path order), its images
 * sorted by path; images of a group that is not (or no longer) listed come last, without a name.
 */
export function groupMasterImages<I extends ImageInCatalog>(
  groups: readonly GroupInCatalog[],
  images: readonly I[],
): ImageGroupSection<I>[] {
  const sortedGroups = [...groups].sort((a, b) => a.path.localeCompare(b.path));
  const known = new Set(sortedGroups.map((group) => group.virtual_path));
  const sections: ImageGroupSection<I>[] = sortedGroups.map((group) => ({
    key: group.virtual_path,
    name: group.name,
    images: images.filter((image) => image.group_virtual_path === group.virtual_path).sort(byPath),
  }));
  const orphans = images.filter((image) => !known.has(image.group_virtual_path)).sort(byPath);
  if (orphans.length > 0) sections.push({ key: '', name: null, images: orphans });
  return sections.filter((section) => section.images.length > 0);
}
