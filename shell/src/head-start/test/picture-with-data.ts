/** A page drawn with its early request's answer: Artifact Details, for a member (head-start-drawn-*.test.ts). */
import { emulatorToken } from 'shared-ui/test/tokens';
import { mark, markedRecord } from 'first-paint/head-start/picture';
import { MANIFEST_URL, manifest, serve, start } from './harness';

export const DETAILS_URL = 'http://api.test/api/artifacts/abc';
export const PHOTO = 'http://api.test/images/0b9d8c7e-1111-4222-8333-944455566677/1080.webp';
export const picture = (vote: string) =>
  `<h1>${mark('data.name')}</h1><p>${vote}, ${mark('member.displayName')}, ${mark('params.id')}</p>` +
  `<img alt="${mark('data.name')}" src="${mark('data.image')}" sizes="540px">` +
  '<img alt="" src="%HERITAGE_REMOTE_BASE%/assets/frame.svg">';
export const PICTURES_URL = 'http://remotes.test/catalogue/assets/pictures-ArtifactDetails-1.json';
export const pictureManifest = {
  ...manifest,
  requestPreloads: {
    ArtifactDetails: {
      path: '/api/artifacts/:id',
      withToken: true,
      images: { count: 1, sizes: '540px' },
    },
  },
  dataPictures: { ArtifactDetails: 'assets/pictures-ArtifactDetails-1.json' },
};
export const pictures = ['liked', null].map((myVote) => ({
  sample: {
    member: markedRecord('member', ['uid', 'displayName']),
    data: markedRecord('data', ['name', 'image'], { myVote }),
  },
  html: picture(myVote ? 'Liked' : 'Like'),
}));
export const signIn = () =>
  localStorage.setItem('token', emulatorToken(60, { user_id: 'ada', name: 'Ada <Lovelace>' }));
/** Opens the details page with `answer` from the API (none: it fails). */
export const open = (answer?: unknown) => {
  const fetchMock = serve({
    '/remotes.json': { mf_catalogue: MANIFEST_URL },
    [MANIFEST_URL]: pictureManifest,
    [PICTURES_URL]: pictures,
    ...(answer === undefined ? {} : { [DETAILS_URL]: answer }),
  });
  history.replaceState(null, '', '/artifact-details/abc');
  start();
  return fetchMock;
};
