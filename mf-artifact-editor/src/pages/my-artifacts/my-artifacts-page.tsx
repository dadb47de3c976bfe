import { PageContainer, PageHeader } from 'shared-ui';

export default function MyArtifactsPage() {
  return (
    <PageContainer>
      <PageHeader title="My Artifacts Collection" />
    </PageContainer>
  );
}
