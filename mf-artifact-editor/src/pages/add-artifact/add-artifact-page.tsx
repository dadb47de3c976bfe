import { PageContainer, PageHeader } from 'shared-ui';

export default function AddArtifactPage() {
  return (
    <PageContainer>
      <PageHeader title="Add Artifact" />
    </PageContainer>
  );
}
