import { ButtonLink, PageContainer } from 'shared-ui';
import styled from 'styled-components';

const Panel = styled.section`
  text-align: center;
  padding: ${({ theme }) => theme.space.xxl} 0;
  strong {
    display: block;
    font-family: ${({ theme }) => theme.fonts.heading};
    font-size: 5rem;
    color: ${({ theme }) => theme.colors.goldDark};
    line-height: 1;
  }
`;

export default function NotFoundPage() {
  return (
    <PageContainer>
      <Panel>
        <strong aria-hidden="true">404</strong>
        <h1>Page Not Found</h1>
        <p>The page you are looking for is not part of the collection.</p>
        <ButtonLink to="/">Back to Home</ButtonLink>
      </Panel>
    </PageContainer>
  );
}
