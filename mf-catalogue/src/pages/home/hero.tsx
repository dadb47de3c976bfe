import { lazy, Suspense, useEffect, useState } from 'react';
import { whenIdle } from 'shared-ui/scheduling/when-idle';
import styled from 'styled-components';
import { HeroSlideView } from './hero-slide';
import { HERO_SLIDES } from './hero-slides';

// react-slick (~15 KB) is requested only once the first slide is on screen and the browser is idle: until then the
// first slide stands alone, so neither the first paint nor the largest one waits for it. The first slide change
// is 3 s away anyway.
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
  const [carouselMayLoad, setCarouselMayLoad] = useState(false);
  useEffect(() => whenIdle(() => setCarouselMayLoad(true)), []);
  const firstSlide = <HeroSlideView slide={HERO_SLIDES[0]!} first />;
  return (
    <Section aria-roledescription="carousel" aria-label="Heritage Vault highlights">
      <h1 className="visually-hidden">Heritage Vault</h1>
      {carouselMayLoad ? (
        <Suspense fallback={firstSlide}>
          <HeroCarousel />
        </Suspense>
      ) : (
        firstSlide
      )}
    </Section>
  );
}
