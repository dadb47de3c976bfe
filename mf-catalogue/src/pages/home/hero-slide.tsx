import { ButtonLink, media } from 'shared-ui';
import styled from 'styled-components';
import { EXPLORE_COLLECTION, SHARE_AN_ARTIFACT, type HeroSlide } from './hero-slides';

/** Portrait screens get the tall picture; the wide one fills the screen's width. */
const HERO_TALL_MEDIA = '(max-aspect-ratio: 3/4)';
const HERO_SIZES = '100vw';

const Frame = styled.div`
  position: relative;
  height: 100%;
  overflow: hidden;
  background: ${({ theme }) => theme.colors.brownDark};
`;

const Picture = styled.picture`
  position: absolute;
  inset: 0;
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

/** Darkens the picture where the text sits, so the text keeps its contrast over any art. */
const Shade = styled.div`
  position: absolute;
  inset: 0;
  background: linear-gradient(180deg, rgba(27, 18, 11, 0.35) 0%, rgba(27, 18, 11, 0.82) 70%);
  ${media.md} {
    background: linear-gradient(
      90deg,
      rgba(27, 18, 11, 0.85) 0%,
      rgba(27, 18, 11, 0.45) 55%,
      rgba(27, 18, 11, 0.05) 100%
    );
  }
`;

const Content = styled.div`
  position: relative;
  height: 100%;
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin: 0 auto;
  /* Room at the bottom for the dots and the pause button. */
  padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.lg}
    ${({ theme }) => theme.space.section};
  display: flex;
  flex-direction: column;
  justify-content: flex-end;
  color: ${({ theme }) => theme.colors.parchment};
  ${media.md} {
    justify-content: center;
    padding: ${({ theme }) => theme.space.xxl} ${({ theme }) => theme.space.xl};
  }
`;

const Text = styled.div`
  max-width: 620px;
  h2 {
    font-size: ${({ theme }) => theme.fontSizes.display};
    color: ${({ theme }) => theme.colors.white};
    margin-bottom: ${({ theme }) => theme.space.sm};
  }
`;

const Subtitle = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  color: ${({ theme }) => theme.colors.goldLight};
  font-weight: 700;
  margin-bottom: ${({ theme }) => theme.space.md};
`;

const Description = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.lg};
  margin-bottom: ${({ theme }) => theme.space.xl};
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
`;

/** A light outline button for dark backgrounds, where the kit's ghost button would lose its contrast. */
const OutlineLink = styled(ButtonLink)`
  background: transparent;
  color: ${({ theme }) => theme.colors.parchment};
  border-color: ${({ theme }) => theme.colors.goldLight};
  &:hover:not(:disabled) {
    background: rgba(228, 199, 122, 0.18);
  }
`;

/**
 * One hero slide. The first slide is the page's largest paint: it loads eagerly with high priority, while the
 * others wait their turn.
 */
export function HeroSlideView({ slide, first }: { slide: HeroSlide; first: boolean }) {
  const { image } = slide;
  return (
    <Frame>
      <Picture>
        <source media={HERO_TALL_MEDIA} srcSet={image.tall} width={800} height={1200} />
        <img
          src={image.wide1600}
          srcSet={`${image.wide960} 960w, ${image.wide1280} 1280w, ${image.wide1600} 1600w`}
          sizes={HERO_SIZES}
          width={1600}
          height={900}
          alt={slide.alt}
          loading={first ? 'eager' : 'lazy'}
          fetchPriority={first ? 'high' : 'low'}
          decoding={first ? 'sync' : 'async'}
        />
      </Picture>
      <Shade />
      <Content>
        <Text>
          <h2>{slide.title}</h2>
          <Subtitle>{slide.subtitle}</Subtitle>
          <Description>{slide.description}</Description>
          <Buttons>
            <ButtonLink to="/all-artifacts">{EXPLORE_COLLECTION}</ButtonLink>
            <OutlineLink to="/add-artifact">{SHARE_AN_ARTIFACT}</OutlineLink>
          </Buttons>
        </Text>
      </Content>
    </Frame>
  );
}
