import { useEffect, useRef, useState } from 'react';
import SlickModule from 'react-slick';
import styled from 'styled-components';
import { HERO_CAROUSEL_SETTINGS } from './carousel-settings';
import { HeroSlideView } from './hero-slide';
import { HERO_SLIDES } from './hero-slides';
import { SlickStyles } from './slick-styles';
import { usePrefersReducedMotion } from './use-prefers-reduced-motion';

const Wrapper = styled.div`
  position: relative;
  height: 100%;
`;

const PlayPause = styled.button`
  position: absolute;
  z-index: 1000;
  right: ${({ theme }) => theme.space.md};
  bottom: ${({ theme }) => theme.space.md};
  min-height: 32px;
  padding: 0 ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.goldLight};
  border-radius: ${({ theme }) => theme.radii.round};
  background: rgba(27, 18, 11, 0.6);
  color: ${({ theme }) => theme.colors.parchment};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  cursor: pointer;
`;

// react-slick is CommonJS: depending on the bundler's interop its default import is the component itself or the
// module object that holds it (the production build gives the latter).
const Slider = (SlickModule as unknown as { default?: typeof SlickModule }).default ?? SlickModule;

export const PAUSE_SLIDESHOW = 'Pause slideshow';
export const PLAY_SLIDESHOW = 'Play slideshow';

/**
 * The hero carousel, which takes over from the first slide once loaded (hero.tsx). Only the current slide is reachable,
 * and Pause stops the motion (WCAG 2.2.2); under reduced motion it starts still (docs/navigation-and-closing.md).
 */
export default function HeroCarousel() {
  const slider = useRef<SlickModule>(null);
  const [current, setCurrent] = useState(0);
  const reducedMotion = usePrefersReducedMotion();
  // The visitor's own Play or Pause, once pressed, wins over their system's setting.
  const [chosen, setChosen] = useState<'playing' | 'paused' | null>(null);
  const paused = chosen ? chosen === 'paused' : reducedMotion;
  const count = HERO_SLIDES.length;

  useEffect(() => {
    if (paused) slider.current?.slickPause();
    else slider.current?.slickPlay();
  }, [paused]);

  return (
    <Wrapper className="hero-carousel">
      <SlickStyles />
      <Slider
        ref={slider}
        {...HERO_CAROUSEL_SETTINGS}
        autoplay={HERO_CAROUSEL_SETTINGS.autoplay && !paused}
        beforeChange={(_, next) => setCurrent(next)}
        customPaging={(index) => (
          <button
            type="button"
            aria-label={`Show slide ${index + 1} of ${count}`}
            aria-current={index === current}
          />
        )}
      >
        {HERO_SLIDES.map((slide, index) => (
          <div
            key={slide.title}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${count}`}
            inert={index !== current}
          >
            <HeroSlideView slide={slide} first={index === 0} />
          </div>
        ))}
      </Slider>
      <PlayPause type="button" onClick={() => setChosen(paused ? 'playing' : 'paused')}>
        {paused ? PLAY_SLIDESHOW : PAUSE_SLIDESHOW}
      </PlayPause>
    </Wrapper>
  );
}
