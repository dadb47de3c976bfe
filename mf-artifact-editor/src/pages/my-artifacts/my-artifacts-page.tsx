import { ButtonLink, EmptyState, Grid, LoadError, PageContainer, PageHeader, Spinner } from 'shared-ui';
import type { PageQuery } from 'shared-ui/data/page-query';
import { useEffect } from 'react';
import styled from 'styled-components';
import { loadDialogs, showDeleted } from './delete-artifact-dialogs';
import { MyArtifactCard } from './my-artifact-card';
import {
  ADD_FIRST_LINK,
  collectionSummary,
  EMPTY_TEXT,
  EMPTY_TITLE,
  LOAD_ERROR_TITLE,
  LOADING_MY_ARTIFACTS,
  MY_ARTIFACTS_SUBTITLE,
  MY_ARTIFACTS_TITLE,
} from './my-artifacts-texts';
import { myArtifactsQuery, useMyArtifacts } from './use-my-artifacts';

const SUMMARY_ID = 'my-artifacts-summary';
const ADD_FIRST_ID = 'my-artifacts-add-first';

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.lg};
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  /* Receives focus after a delete, as a landmark to continue from, not as a control. */
  p:focus {
    outline: none;
  }
`;

export const pageQuery: PageQuery = (_params, viewer) => myArtifactsQuery(viewer);

export default function MyArtifactsPage() {
  const { state, retry, removeArtifact } = useMyArtifacts();
  const hasArtifacts = state.status === 'ready' && state.data.length > 0;
  // The delete dialogs' code once there is something to delete, after the list is on screen.
  useEffect(() => {
    if (hasArtifacts) loadDialogs().catch(() => undefined);
  }, [hasArtifacts]);

  const onDeleted = async (id: string) => {
    removeArtifact(id);
    await showDeleted();
    // The Delete button left with its card: continue from the collection's summary, or the empty state's link.
    (document.getElementById(SUMMARY_ID) ?? document.getElementById(ADD_FIRST_ID))?.focus();
  };

  let content;
  if (state.status === 'loading') {
    content = <Spinner label={LOADING_MY_ARTIFACTS} />;
  } else if (state.status === 'error') {
    content = <LoadError title={LOAD_ERROR_TITLE} onRetry={retry} />;
  } else if (state.data.length === 0) {
    content = (
      <EmptyState title={EMPTY_TITLE}>
        <p>{EMPTY_TEXT}</p>
        <ButtonLink id={ADD_FIRST_ID} to="/add-artifact">
          {ADD_FIRST_LINK}
        </ButtonLink>
      </EmptyState>
    );
  } else {
    content = (
      <>
        <Toolbar>
          <p id={SUMMARY_ID} tabIndex={-1} aria-live="polite">
            {collectionSummary(state.data.length)}
          </p>
          <ButtonLink to="/add-artifact" $variant="ghost">
            Add Artifact
          </ButtonLink>
        </Toolbar>
        <Grid aria-label={MY_ARTIFACTS_TITLE}>
          {state.data.map((artifact, index) => (
            <MyArtifactCard key={artifact._id} artifact={artifact} index={index} onDeleted={onDeleted} />
          ))}
        </Grid>
      </>
    );
  }

  return (
    <PageContainer>
      <PageHeader title={MY_ARTIFACTS_TITLE} subtitle={MY_ARTIFACTS_SUBTITLE} />
      {content}
    </PageContainer>
  );
}
