// The standalone dev page of this remote (`pnpm dev`, then open the remote's own port).
import 'shared-ui/fonts';
import { renderStandalone } from 'shared-ui';
import HomePage from './pages/home/home-page';
import AllArtifactsPage from './pages/all-artifacts/all-artifacts-page';
import ArtifactDetailsPage from './pages/artifact-details/artifact-details-page';
import AboutPage from './pages/about/about-page';
import ContactPage from './pages/contact/contact-page';

renderStandalone('Catalogue', [
  { path: '/', label: 'Home', Component: HomePage },
  { path: '/all-artifacts', label: 'AllArtifacts', Component: AllArtifactsPage },
  { path: '/artifact-details/:id', label: 'ArtifactDetails', Component: ArtifactDetailsPage },
  { path: '/about', label: 'About', Component: AboutPage },
  { path: '/contact', label: 'Contact', Component: ContactPage },
]);
