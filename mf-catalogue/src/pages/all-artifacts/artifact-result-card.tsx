import { memo } from 'react';
import { ArtifactCard, ButtonLink, type Artifact } from 'shared-ui';
import { VIEW_DETAILS } from './all-artifacts-texts';
import type { FromList } from './back-to-list';

const Label = ({ name, value }: { name: string; value: string }) => (
  <>
    <strong>{name}:</strong> {value}
  </>
);

/**
 * A search result, its link carrying the list's search (back-to-list.ts). Memoized: a new search re-renders the page
 * while the old results stay on screen, and they have not changed.
 */
export const ArtifactResultCard = memo(function ArtifactResultCard({
  artifact,
  index,
  priority,
  listQuery,
}: {
  artifact: Artifact;
  /** Its place in its page of results, for the entrance's stagger. */
  index: number;
  /** In the list's first row (the kit's ArtifactCard `priority`). */
  priority: boolean;
  /** The list's search (`listQueryOf`). */
  listQuery: string;
}) {
  return (
    <ArtifactCard
      artifact={artifact}
      index={index}
      priority={priority}
      descriptionLines={3}
      details={[
        <Label key="location" name="Location" value={artifact.presentLocation} />,
        <Label key="created" name="Created" value={artifact.createdAt} />,
        <Label key="type" name="Type" value={artifact.type} />,
      ]}
      actions={
        <ButtonLink
          to={`/artifact-details/${artifact._id}`}
          state={{ fromList: listQuery } satisfies FromList}
          $variant="secondary"
          aria-label={`${VIEW_DETAILS}: ${artifact.name}`}
        >
          {VIEW_DETAILS}
        </ButtonLink>
      }
    />
  );
});
