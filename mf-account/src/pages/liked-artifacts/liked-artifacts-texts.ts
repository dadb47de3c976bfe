// The Liked Artifacts page's texts (spec sections 2 and 8).
export const LIKED_TITLE = 'Your Liked Artifacts';
export const LIKED_LOADING = 'Loading your liked artifacts...';
export const LIKED_EMPTY = "You haven't liked any artifacts yet.";
export const LIKED_EXPLORE = 'Explore artifacts';
export const LIKED_FETCH_FAILED = 'Failed to fetch liked artifacts';
export const LIKED_SIGNED_OUT = 'Please login to view your liked artifacts';
export const VIEW_DETAILS = 'View Details';

export const typeLine = (type: string) => `Type: ${type}`;
export const likedCountLine = (count: number) =>
  `You have liked ${count} ${count === 1 ? 'artifact' : 'artifacts'}.`;
