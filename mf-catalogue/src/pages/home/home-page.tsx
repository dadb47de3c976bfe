import { PageContainer, PageHeader } from 'shared-ui';

export default function HomePage() {
  return (
    <PageContainer>
      <PageHeader title="Home" />
    </PageContainer>
  );
}
