import type { AdminMasterImage, AdminMasterImageGroup } from '../../resources/admin-hub-resources.ts';

export interface ImageGroupSection {
  /** The group's virtual path ('' for images whose group is unknown). */
  readonly key: string;
  readonly name: string | null;
  readonly images: readonly AdminMasterImage[];
}

const byPath = (a: AdminMasterImage, b: AdminMasterImage) =>
  (a.path ?? a.virtual_path).localeCompare(b.path ?? b.virtual_path);

/**
 * The catalog as the page shows it: one section per group (in the groups' path order), its images
 * sorted by path; images of a group that is not (or no longer) listed come last, without a name.
 */
export function groupMasterImages(
  groups: readonly AdminMasterImageGroup[],
  images: readonly AdminMasterImage[],
): ImageGroupSection[] {
  const sortedGroups = [...groups].sort((a, b) => a.path.localeCompare(b.path));
  const known = new Set(sortedGroups.map((group) => group.virtual_path));
  const sections: ImageGroupSection[] = sortedGroups.map((group) => ({
    key: group.virtual_path,
    name: group.name,
    images: images.filter((image) => image.group_virtual_path === group.virtual_path).sort(byPath),
  }));
  const orphans = images.filter((image) => !known.has(image.group_virtual_path)).sort(byPath);
  if (orphans.length > 0) sections.push({ key: '', name: null, images: orphans });
  return sections.filter((section) => section.images.length > 0);
}
