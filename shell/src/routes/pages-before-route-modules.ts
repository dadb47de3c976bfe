/**
 * The pages of remote releases built before route modules (kit 1.7.0 and older), whose manifests publish no
 * `pages`: the shell's route table as it was then, frozen, so a team that has not released its remote since still
 * runs on this shell (the skew journey, e2e/tests/shell/releases-stack-failures.spec.ts). A remote's own `pages`
 * always win. Delete this file once no live release predates them (`pnpm modules status`); lint/typed-once.mjs
 * lets it repeat the route modules' paths for that reason only. Do not add to it: new pages go in route modules.
 */
import type { RemoteManifestFields } from 'shared-ui/shell-remote-contract';

type Pages = NonNullable<RemoteManifestFields['pages']>;

export const PAGES_BEFORE_ROUTE_MODULES: Readonly<Record<string, Pages>> = {
  mf_catalogue: {
    Home: { path: '/', title: 'Home' },
    AllArtifacts: { path: '/all-artifacts', title: 'All Artifacts' },
    About: { path: '/about', title: 'About' },
    Contact: { path: '/contact', title: 'Contact' },
    ArtifactDetails: {
      path: '/artifact-details/:id',
      title: 'Artifact Details',
      loginToast: 'Please login to view artifact details',
    },
  },
  mf_artifact_editor: {
    AddArtifact: {
      path: '/add-artifact',
      title: 'Add Artifact',
      loginToast: 'Please login to add artifacts',
    },
    MyArtifacts: {
      path: '/my-artifacts',
      title: 'My Artifacts',
      loginToast: 'Please login to view your artifacts',
    },
    UpdateArtifact: {
      path: '/update-artifact/:id',
      title: 'Update Artifact',
      loginToast: 'Please login to update artifacts',
    },
  },
  mf_account: {
    Profile: { path: '/profile', title: 'Profile', loginToast: 'Please login to access your profile' },
    LikedArtifacts: {
      path: '/liked-artifacts',
      title: 'Liked Artifacts',
      loginToast: 'Please login to view your liked artifacts',
    },
  },
};
