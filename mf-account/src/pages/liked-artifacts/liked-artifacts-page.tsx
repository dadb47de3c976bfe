import { PageContainer, PageHeader } from 'shared-ui';

export default function LikedArtifactsPage() {
  return (
    <PageContainer>
      <PageHeader title="Your Liked Artifacts" />
    </PageContainer>
  );
}
