import { PageContainer, PageHeader } from 'shared-ui';

export default function ContactPage() {
  return (
    <PageContainer>
      <PageHeader title="Contact" />
    </PageContainer>
  );
}
