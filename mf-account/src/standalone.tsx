// The standalone dev page of this remote (`pnpm dev`, then open the remote's own port).
import 'shared-ui/fonts';
import { renderStandalone } from 'shared-ui';
import ProfilePage from './pages/profile/profile-page';
import LikedArtifactsPage from './pages/liked-artifacts/liked-artifacts-page';

renderStandalone('Account', [
  { path: '/profile', label: 'Profile', Component: ProfilePage },
  { path: '/liked-artifacts', label: 'LikedArtifacts', Component: LikedArtifactsPage },
]);
