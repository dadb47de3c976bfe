/** The Artifact Details page's texts (spec sections 2, 4, 6 and 8). */
export const LOADING_DETAILS = 'Loading artifact details...';
export const NOT_FOUND = 'Artifact not found';
export const FETCH_DETAILS_FAILED = 'Failed to fetch artifact details';
export const LIKED_TOAST = 'Artifact liked successfully!';
export const DISLIKED_TOAST = 'Artifact disliked';
export const LIKE_FAILED = 'Failed to update like status';
export const DISLIKE_FAILED = 'Failed to update dislike status';
export const LOGIN_TO_LIKE = 'Please login to like artifacts';
export const LOGIN_TO_DISLIKE = 'Please login to dislike artifacts';
export const BACK_TO_ALL = 'Back to All Artifacts';
// Beyond the spec (issue #55): why Dislike does nothing yet, said when it is focused and when it is pressed.
export const DISLIKE_NEEDS_LIKE = 'Like this artifact first: only an artifact you liked can be disliked.';
