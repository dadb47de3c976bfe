// shared-ui's whole public surface. It is one federation singleton, so every app gets the same store and client.
export { theme, media, type Theme } from './theme/theme';
export { GlobalStyle } from './theme/global-style';
export { KitProvider } from './theme/kit-provider';

export { Button, ButtonLink, type ButtonVariant } from './primitives/button';
export { PageContainer, Grid, GRID_MAX_COLUMNS, Card, DetailsList } from './primitives/layout';
export { PageHeader } from './primitives/page-header';
export { Spinner } from './primitives/spinner';
export { EmptyState, LoadError } from './primitives/empty-state';
export {
  FormField,
  FormCard,
  Input,
  TextArea,
  Select,
  type FieldControlProps,
} from './primitives/form-field';
export {
  useValidatedForm,
  type FieldErrors,
  type ValidatedForm,
  type ErrorSummaryProps,
} from './forms/use-validated-form';
export { ErrorSummary, ERROR_SUMMARY_TITLE } from './forms/error-summary';
export { countText, limitHint, COUNT_ANNOUNCE_DELAY_MS, type CharacterLimit } from './forms/character-count';
export { ArtifactImage } from './primitives/artifact-image';
export { ArtifactCard, type ArtifactCardData } from './primitives/artifact-card';
export { FALLBACK_ARTIFACT_IMAGE, DEFAULT_AVATAR } from './assets/images';

export {
  useAuthStore,
  RequestAuthStore,
  requestAuthStore,
  hydrateAuthStore,
  connectAuthProvider,
  failAuthProvider,
  resetAuthProviderForTests,
  type AuthUser,
  type AuthState,
  type AuthProvider,
  type RegisterInput,
  type ProfileUpdate,
} from './auth/auth-store';
export { getIdToken, storeIdToken } from './auth/id-token';
export {
  isTokenUsable,
  decodeTokenClaims,
  memberOfToken,
  usableStoredToken,
  TOKEN_STORAGE_KEY,
  TOKEN_MAX_AGE_MS,
} from './auth/token-claims';

export {
  configureApi,
  getApiBaseUrl,
  apiFetch,
  apiRequest,
  apiErrorOf,
  newRequestKey,
  ApiError,
  errorMessage,
  API_CALL_FAILED,
  type ApiRequestOptions,
  type ApiResponse,
  type ServerRequestCalls,
} from './api/api-client';
// The data every page shares: the one QueryClient, the key vocabulary and the invalidation contract, the two queries
// two remotes read under one key. Every other query and API call lives in the remote whose page makes it.
export {
  queryClient,
  takeServerAnswers,
  firstPageLeft,
  pageDataOf,
  reloadQueries,
  type ErrorToast,
  type PageData,
} from './data/query-client';
export { artifactKeys, artifactsChanged } from './data/artifact-keys';
export { sharedQueries } from './data/shared-queries';
export { artifactPath, fetchArtifact, fetchMyArtifacts } from './api/shared-calls';
export {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
  QueryClient,
  dehydrate,
  HydrationBoundary,
  type DehydratedState,
  type QueryKey,
} from '@tanstack/react-query';
export { isInfiniteQuery, type PageQuery } from './data/page-query';
// The model the API shares (artifact-model): its zod-free parts, and only types from its main entry, so zod stays
// off the pages that never validate.
export * from 'artifact-model/artifact-fields';
export * from 'artifact-model/uploaded-image';
export type { Artifact, ArtifactInput, ArtifactUpdate, MutationResult, Vote } from 'artifact-model';
export * from './router';
export { useDocumentTitle, pageTitle, BRAND_NAME } from './hooks/use-document-title';
export { toast, loadToasts } from './toast/toast';
export { loadOnce } from './scheduling/load-once';
export {
  loadDialogs,
  confirmDialog,
  DIALOG_OPTIONS,
  NOTICE_DIALOG_OPTIONS,
  type SweetAlert,
} from './dialogs/dialogs';
export { useUnsavedChangesGuard } from './dialogs/use-unsaved-changes-guard';
export { ToastArea } from './toast/toast-area';
export { renderStandalone, type StandalonePage } from './standalone/standalone-app';
