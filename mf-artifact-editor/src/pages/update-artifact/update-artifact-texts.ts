/** Spec texts of Update Artifact (sections 2, 4 and 8), and the page's own for an artifact the member did not add. */
export const UPDATE_ARTIFACT_TITLE = 'Update Artifact';
export const UPDATE_BUTTON = 'Update Artifact';
export const UPDATING_BUTTON = 'Updating...';
export const UPDATED_TOAST = 'Artifact updated successfully!';
export const UPDATE_FAILED = 'Failed to update artifact';
export const FETCH_FAILED = 'Failed to fetch artifact details';
export const LOADING_ARTIFACT = 'Loading artifact details...';
export const NOT_YOURS_TITLE = 'You can only update artifacts you added';
export const notYoursText = (name: string, adderName: string) =>
  `"${name}" was added by ${adderName || 'another member'}, so only they can change it.`;
export const CANCEL_LINK = 'Cancel';
export const editingSubtitle = (name: string) => `Editing "${name}"`;
