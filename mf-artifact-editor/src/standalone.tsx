// The standalone dev page of this remote (`pnpm dev`, then open the remote's own port).
import 'shared-ui/fonts';
import { renderStandalone } from 'shared-ui';
import AddArtifactPage from './pages/add-artifact/add-artifact-page';
import UpdateArtifactPage from './pages/update-artifact/update-artifact-page';
import MyArtifactsPage from './pages/my-artifacts/my-artifacts-page';

renderStandalone('Artifact editor', [
  { path: '/add-artifact', label: 'AddArtifact', Component: AddArtifactPage },
  { path: '/update-artifact/:id', label: 'UpdateArtifact', Component: UpdateArtifactPage },
  { path: '/my-artifacts', label: 'MyArtifacts', Component: MyArtifactsPage },
]);
