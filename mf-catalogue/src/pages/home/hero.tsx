import { lazy, Suspense } from 'react';
import styled from 'styled-components';
import { HeroSlideView } from './hero-slide';
import { HERO_SLIDES } from './hero-slides';

// react-slick loads after first paint; until then the first slide stands alone, so the largest paint never waits.
const HeroCarousel = lazy(() => import('./hero-carousel'));

/** Full height below the fixed navigation bar. */
const Section = styled.section`
  margin-top: ${({ theme }) => theme.layout.navHeight};
  height: calc(100vh - ${({ theme }) => theme.layout.navHeight});
  height: calc(100svh - ${({ theme }) => theme.layout.navHeight});
  min-height: 480px;
  /* react-slick lifts slides to z-index 999: keep that inside the hero, below the fixed navigation bar. */
  position: relative;
  isolation: isolate;
`;

export function Hero() {
  return (
    <Section aria-roledescription="carousel" aria-label="Heritage Vault highlights">
      <h1 className="visually-hidden">Heritage Vault</h1>
      <Suspense fallback={<HeroSlideView slide={HERO_SLIDES[0]!} first />}>
        <HeroCarousel />
      </Suspense>
    </Section>
  );
}
