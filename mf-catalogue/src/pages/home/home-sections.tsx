import { ButtonLink, Card, media, PageHeader } from 'shared-ui';
import styled from 'styled-components';
import { Band, Column } from './home-layout';
import { BLURBS, CALL_TO_ACTION, WHY_CHOOSE, WHY_CHOOSE_TITLE } from './home-texts';
import { SectionIcon, type SectionIconName } from './section-icon';

const Tiles = styled.ul<{ $columns: 3 | 4 }>`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  grid-template-columns: 1fr;
  ${media.md} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  ${media.lg} {
    grid-template-columns: repeat(${({ $columns }) => $columns}, minmax(0, 1fr));
  }
`;

const Tile = styled(Card).attrs({ as: 'li' })`
  text-align: center;
  padding: ${({ theme }) => theme.space.lg};
  h3 {
    font-size: ${({ theme }) => theme.fontSizes.xl};
    margin: ${({ theme }) => theme.space.md} 0 ${({ theme }) => theme.space.sm};
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const IconBadge = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 64px;
  height: 64px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.brownDark};
  color: ${({ theme }) => theme.colors.goldLight};
`;

type TileItem = { icon: SectionIconName; title: string; text: string };

/** The icon tiles of Blurbs and Why Choose. */
function TileList({ items, columns }: { items: readonly TileItem[]; columns: 3 | 4 }) {
  return (
    <Tiles $columns={columns}>
      {items.map((item) => (
        <Tile key={item.title}>
          <IconBadge>
            <SectionIcon name={item.icon} />
          </IconBadge>
          <h3>{item.title}</h3>
          <p>{item.text}</p>
        </Tile>
      ))}
    </Tiles>
  );
}

/** Discover, Learn, Share. */
export function Blurbs() {
  return (
    <Band aria-label="What you can do">
      <Column>
        <TileList items={BLURBS} columns={3} />
      </Column>
    </Band>
  );
}

const Invite = styled(Column)`
  text-align: center;
  max-width: 760px;
  color: ${({ theme }) => theme.colors.parchment};
  h2 {
    color: ${({ theme }) => theme.colors.goldLight};
    font-size: ${({ theme }) => theme.fontSizes.xxl};
  }
  p {
    font-size: ${({ theme }) => theme.fontSizes.lg};
    margin-bottom: ${({ theme }) => theme.space.xl};
  }
`;

export function CallToAction() {
  return (
    <Band $tone="dark" aria-labelledby="call-to-action-title">
      <Invite>
        <h2 id="call-to-action-title">{CALL_TO_ACTION.title}</h2>
        <p>{CALL_TO_ACTION.text}</p>
        <ButtonLink to="/add-artifact">{CALL_TO_ACTION.button}</ButtonLink>
      </Invite>
    </Band>
  );
}

export function WhyChoose() {
  return (
    <Band aria-labelledby="why-choose-title">
      <Column>
        <PageHeader level={2} id="why-choose-title" title={WHY_CHOOSE_TITLE} />
        <TileList items={WHY_CHOOSE} columns={4} />
      </Column>
    </Band>
  );
}
