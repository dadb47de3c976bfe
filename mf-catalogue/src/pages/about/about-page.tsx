import { PageContainer, PageHeader } from 'shared-ui';

export default function AboutPage() {
  return (
    <PageContainer>
      <PageHeader title="About Heritage Vault" />
    </PageContainer>
  );
}
