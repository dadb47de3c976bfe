/** Spec texts of My Artifacts (sections 2 and 8), with the delete dialogs'. */
export const MY_ARTIFACTS_TITLE = 'My Artifacts Collection';
export const MY_ARTIFACTS_SUBTITLE = 'Manage and update your contributed artifacts';
export const LOADING_MY_ARTIFACTS = 'Loading your artifacts...';
export const FETCH_MY_ARTIFACTS_FAILED = 'Failed to fetch your artifacts';
export const EMPTY_TITLE = 'No Artifacts Added Yet';
export const EMPTY_TEXT = 'Start building your collection by adding your first artifact.';
export const ADD_FIRST_LINK = 'Add Your First Artifact';
export const LOAD_ERROR_TITLE = 'Your artifacts could not be loaded';
export const collectionSummary = (count: number) =>
  `You have added ${count} ${count === 1 ? 'artifact' : 'artifacts'} to the vault.`;

export const CONFIRM_DELETE_TITLE = 'Are you sure?';
export const confirmDeleteText = (name: string) =>
  `Do you want to delete "${name}"? This action cannot be undone.`;
export const CONFIRM_DELETE_BUTTON = 'Yes, delete it!';
export const CANCEL_BUTTON = 'Cancel';
export const DELETED_TITLE = 'Deleted!';
export const DELETED_TEXT = 'Your artifact has been deleted.';
export const DELETE_FAILED_TITLE = 'Error!';
export const DELETE_FAILED_TEXT = 'Failed to delete artifact';
