import type { PageRoute } from 'first-paint/page-route';
import { ARTIFACT_PATHS } from 'artifact-model/api-paths';
import { mark, markedRecord, urlMark } from 'first-paint/head-start/picture';
import { markedMember } from 'first-paint/vite/samples';
import { ARTIFACT_FIELD_LABELS, ARTIFACT_TYPES, type ArtifactField } from 'artifact-model/artifact-fields';
import { PREVIEW_PICTURE_SIZES } from 'artifact-model/uploaded-image';

/**
 * The member's own artifact, once for each type: the form's select shows the type chosen. The adder's e-mail is the
 * member's (a mark away from its path: fitsSample), the image an http(s) URL as the form's preview requires; every
 * other field is a text that must be there.
 */
const NOT_TEXTS: readonly ArtifactField[] = ['type', 'image'];
const TEXTS = (Object.keys(ARTIFACT_FIELD_LABELS) as ArtifactField[]).filter(
  (field) => !NOT_TEXTS.includes(field),
);
const OWN_ARTIFACT_PER_TYPE = ARTIFACT_TYPES.map((type) =>
  markedRecord('data', TEXTS, { type, image: urlMark('data.image'), adderEmail: mark('member.email') }),
);

export default {
  path: '/update-artifact/:id',
  title: 'Update Artifact',
  loginToast: 'Please login to update artifacts',
  page: () => import('./update-artifact-page.tsx'),
  firstPaint: {
    // The form previews the artifact's image: the page's largest picture.
    earlyRequest: {
      path: ARTIFACT_PATHS.byId,
      withToken: true,
      images: { count: 1, sizes: PREVIEW_PICTURE_SIZES },
    },
    // Drawn for the artifact's adder only: another member is told why they may not update it.
    pictures: { samples: OWN_ARTIFACT_PER_TYPE.map((data) => ({ member: markedMember(['email']), data })) },
  },
} satisfies PageRoute;
