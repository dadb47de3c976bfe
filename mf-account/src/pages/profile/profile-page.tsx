import { PageContainer, PageHeader } from 'shared-ui';

export default function ProfilePage() {
  return (
    <PageContainer>
      <PageHeader title="Profile" />
    </PageContainer>
  );
}
