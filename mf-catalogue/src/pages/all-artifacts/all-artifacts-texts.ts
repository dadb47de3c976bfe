/** The All Artifacts page's texts (spec sections 2 and 8; the sort and Clear filters are beyond the spec). */
import type { ArtifactSort } from 'artifact-model/search-page';

export const ALL_ARTIFACTS_TITLE = 'All Artifacts';
export const ALL_ARTIFACTS_SUBTITLE = 'Explore the collection documented by our community';
export const LOADING_ARTIFACTS = 'Loading artifacts...';
export const FETCH_ARTIFACTS_FAILED = 'Failed to fetch artifacts';
export const NO_MATCHES = 'No artifacts found matching your search.';
export const NO_ARTIFACTS = 'No artifacts found. Be the first to add one!';
export const SEARCH_LABEL = 'Search artifacts';
// Short enough to show whole in a phone-wide box; the label above says what the box is for.
export const SEARCH_PLACEHOLDER = 'Name, description, type or location';
export const TYPE_LABEL = 'Artifact type';
export const ALL_TYPES = 'All types';
export const SORT_LABEL = 'Sort by';
export const SORT_OPTIONS: Record<ArtifactSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  name: 'Name (A-Z)',
  'most-liked': 'Most liked',
};
export const CLEAR_FILTERS = 'Clear filters';
export const LOAD_MORE = 'Load more';
export const VIEW_DETAILS = 'View Details';

/** The spec's count while searching, naming the type when one narrows the search too. */
export const foundResults = (count: number, term: string, type: string) =>
  `Found ${count} results for "${term}"${type ? ` in ${type}` : ''}`;
export const typeResults = (count: number, type: string) =>
  `${count} ${count === 1 ? 'artifact' : 'artifacts'} of type ${type}`;
export const showingCount = (shown: number, total: number) => `Showing ${shown} of ${total} artifacts`;
