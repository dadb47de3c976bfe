import { Card, media, PageContainer, PageHeader } from 'shared-ui';
import styled from 'styled-components';
import { ABOUT_SUBTITLE, ABOUT_TITLE, MISSION, OFFERS, OFFERS_TITLE, VISION } from './about-texts';

const Statements = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  margin-bottom: ${({ theme }) => theme.space.xxl};
  ${media.md} {
    grid-template-columns: 1fr 1fr;
  }
`;

const Statement = styled.section`
  padding: ${({ theme }) => theme.space.lg};
  ${media.md} {
    padding: ${({ theme }) => theme.space.xl};
  }
  border-left: 4px solid ${({ theme }) => theme.colors.gold};
  background: ${({ theme }) => theme.colors.white};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.card};
  h2 {
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
  p {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

const Offers = styled.section`
  h2 {
    text-align: center;
    font-size: ${({ theme }) => theme.fontSizes.xxl};
    margin-bottom: ${({ theme }) => theme.space.xl};
  }
`;

const OfferList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  ${media.md} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

const Offer = styled(Card)`
  height: 100%;
  padding: ${({ theme }) => theme.space.xl};
  border-top: 4px solid ${({ theme }) => theme.colors.gold};
  h3 {
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** About (spec section 2): vision, mission and the three things the product offers. */
export default function AboutPage() {
  return (
    <PageContainer>
      <PageHeader title={ABOUT_TITLE} subtitle={ABOUT_SUBTITLE} />
      <Statements>
        {[VISION, MISSION].map((statement) => (
          <Statement key={statement.title} aria-label={statement.title}>
            <h2>{statement.title}</h2>
            <p>{statement.text}</p>
          </Statement>
        ))}
      </Statements>
      <Offers aria-labelledby="offers-title">
        <h2 id="offers-title">{OFFERS_TITLE}</h2>
        <OfferList>
          {OFFERS.map((offer) => (
            <li key={offer.title}>
              <Offer>
                <h3>{offer.title}</h3>
                <p>{offer.text}</p>
              </Offer>
            </li>
          ))}
        </OfferList>
      </Offers>
    </PageContainer>
  );
}
