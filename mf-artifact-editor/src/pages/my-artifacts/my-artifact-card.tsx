import { ArtifactCard, Button, ButtonLink, GRID_MAX_COLUMNS, toast, type Artifact } from 'shared-ui';
import { deleteArtifact } from '../../data/editor-api';
import { confirmAndDelete, showDeleteFailed } from './delete-artifact-dialogs';
import { DELETE_FAILED_TEXT } from './my-artifacts-texts';

/** One of the member's artifacts with its Update link and Delete button (spec sections 2 and 8). */
export function MyArtifactCard({
  artifact,
  index,
  onDeleted,
}: {
  artifact: Artifact;
  index: number;
  /** Called once the server has deleted the artifact. */
  onDeleted: (id: string) => void;
}) {
  // The Delete button stays enabled while the dialog is open: the dialog is modal, and focus must be able to
  // return to the button when it closes.
  const onDelete = async () => {
    let outcome;
    try {
      outcome = await confirmAndDelete(artifact.name, () => deleteArtifact(artifact._id));
    } catch {
      // The dialogs' code did not load (the link dropped): nothing was deleted, and the next click tries again.
      toast.error(DELETE_FAILED_TEXT);
      return;
    }
    if (outcome === 'deleted') onDeleted(artifact._id);
    else if (outcome === 'failed') await showDeleteFailed();
  };

  return (
    <ArtifactCard
      artifact={artifact}
      index={index}
      priority={index < GRID_MAX_COLUMNS}
      descriptionLines={3}
      details={[`Location: ${artifact.presentLocation}`, `Created: ${artifact.createdAt}`]}
      actions={
        <>
          <ButtonLink
            to={`/update-artifact/${encodeURIComponent(artifact._id)}`}
            $variant="secondary"
            aria-label={`Update ${artifact.name}`}
          >
            Update
          </ButtonLink>
          <Button $variant="danger" onClick={onDelete} aria-label={`Delete ${artifact.name}`}>
            Delete
          </Button>
        </>
      }
    />
  );
}
