import { media } from 'shared-ui';
import { createGlobalStyle } from 'styled-components';

/**
 * The structural rules react-slick expects (what slick-carousel's slick.css provides), scoped to the hero and
 * written here: that package pulls in jQuery as a peer, and a plain .css import is not reliably injected by a
 * federated remote. The dots are styled in the kit's colours.
 */
export const SlickStyles = createGlobalStyle`
  .hero-carousel .slick-slider { position: relative; display: block; height: 100%; box-sizing: border-box; user-select: none; touch-action: pan-y; -webkit-tap-highlight-color: transparent; }
  .hero-carousel .slick-list { position: relative; display: block; height: 100%; overflow: hidden; margin: 0; padding: 0; }
  .hero-carousel .slick-list:focus { outline: none; }
  .hero-carousel .slick-track { position: relative; top: 0; left: 0; display: block; height: 100%; margin-left: auto; margin-right: auto; }
  .hero-carousel .slick-track::before, .hero-carousel .slick-track::after { display: table; content: ''; }
  .hero-carousel .slick-track::after { clear: both; }
  .hero-carousel .slick-slide { display: none; float: left; height: 100%; min-height: 1px; }
  .hero-carousel .slick-initialized .slick-slide { display: block; }
  .hero-carousel .slick-slide > div, .hero-carousel .slick-slide > div > div { height: 100%; }
  .hero-carousel .slick-dots {
    position: absolute; bottom: ${({ theme }) => theme.space.md}; left: 0; right: 0;
    display: flex !important; gap: ${({ theme }) => theme.space.sm};
    list-style: none; margin: 0; padding: 0;
    /* Phones: the dots start at the left, clear of the pause button in the bottom-right corner. */
    justify-content: flex-start; padding-left: ${({ theme }) => theme.space.sm};
    ${media.md} { justify-content: center; padding-left: 0; }
    /* Above the slides: in fade mode react-slick lifts the current slide to z-index 999. */
    z-index: 1000;
  }
  .hero-carousel .slick-dots button {
    width: 14px; height: 14px; padding: 0; cursor: pointer;
    border: 2px solid ${({ theme }) => theme.colors.goldLight}; border-radius: 50%; background: transparent;
  }
  /* A larger invisible hit area keeps the small dots easy to tap. */
  .hero-carousel .slick-dots li { display: flex; align-items: center; justify-content: center; width: 32px; height: 32px; }
  .hero-carousel .slick-dots .slick-active button { background: ${({ theme }) => theme.colors.gold}; border-color: ${({ theme }) => theme.colors.gold}; }
`;
