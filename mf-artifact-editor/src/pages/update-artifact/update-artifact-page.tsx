import { PageContainer, PageHeader } from 'shared-ui';

export default function UpdateArtifactPage() {
  return (
    <PageContainer>
      <PageHeader title="Update Artifact" />
    </PageContainer>
  );
}
