import { PageContainer, PageHeader } from 'shared-ui';

export default function AllArtifactsPage() {
  return (
    <PageContainer>
      <PageHeader title="All Artifacts" />
    </PageContainer>
  );
}
