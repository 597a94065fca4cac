/** A save refused because someone else changed the record since it was loaded (lost updates). */
export const saveConflict = {
  title: 'Changed by someone else',
  reload: 'Reload',
  overwrite: 'Overwrite with my changes',
};
