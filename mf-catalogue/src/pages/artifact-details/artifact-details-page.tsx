import { PageContainer, PageHeader } from 'shared-ui';

export default function ArtifactDetailsPage() {
  return (
    <PageContainer>
      <PageHeader title="Artifact Details" />
    </PageContainer>
  );
}
