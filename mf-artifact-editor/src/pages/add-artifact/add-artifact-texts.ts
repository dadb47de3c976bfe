/** Spec texts of Add Artifact (sections 2, 4 and 8). */
export const ADD_ARTIFACT_TITLE = 'Add Artifact';
export const ADD_ARTIFACT_SUBTITLE = 'Share a piece of history with the Heritage Vault community.';
export const ADD_BUTTON = 'Add Artifact';
export const ADDING_BUTTON = 'Adding Artifact...';
export const addedToast = (name: string) => `Artifact "${name}" has been added successfully!`;
export const ADD_FAILED = 'Failed to add artifact';
export const ADDER_NAME_LABEL = 'Adder Name';
export const ADDER_EMAIL_LABEL = 'Adder Email';
