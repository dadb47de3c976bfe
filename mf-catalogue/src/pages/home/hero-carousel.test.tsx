import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act, type ReactNode } from 'react';
import type { Settings } from 'react-slick';
import { KitProvider } from 'shared-ui';
import { MemoryRouter } from 'shared-ui/test/render';
import { describe, expect, it, vi } from 'vitest';
import { HERO_CAROUSEL_SETTINGS } from './carousel-settings';
import HeroCarousel from './hero-carousel';
import { Hero } from './hero';

// react-slick measures the DOM, which happy-dom does not lay out; a stand-in records the props it is given.
const sliderProps = vi.hoisted(() => ({
  last: null as (Settings & { children?: ReactNode }) | null,
  pause: vi.fn(),
  play: vi.fn(),
}));
vi.mock('react-slick', async () => {
  const { forwardRef, useImperativeHandle } = await import('react');
  return {
    default: forwardRef<unknown, Settings & { children?: ReactNode }>(function SliderStandIn(props, ref) {
      sliderProps.last = props;
      useImperativeHandle(ref, () => ({ slickPause: sliderProps.pause, slickPlay: sliderProps.play }));
      return <div data-testid="slider">{props.children}</div>;
    }),
  };
});

const renderInKit = (ui: ReactNode) =>
  render(
    <KitProvider>
      <MemoryRouter>{ui}</MemoryRouter>
    </KitProvider>,
  );

describe('hero carousel', () => {
  it('has the settings of spec section 9: fade, autoplay 3000 ms, 800 ms transition, dots, pause on hover, loops', () => {
    expect(HERO_CAROUSEL_SETTINGS).toMatchObject({
      fade: true,
      autoplay: true,
      autoplaySpeed: 3000,
      speed: 800,
      dots: true,
      pauseOnHover: true,
      infinite: true,
    });
  });

  it('hands those settings and the 3 slides to react-slick', () => {
    renderInKit(<HeroCarousel />);
    expect(sliderProps.last).toMatchObject(HERO_CAROUSEL_SETTINGS);
    expect(screen.getAllByRole('group')).toHaveLength(3);
    expect(screen.getAllByRole('link', { name: 'Explore Collection' })[0]!.getAttribute('href')).toBe(
      '/all-artifacts',
    );
    expect(screen.getAllByRole('link', { name: 'Share an Artifact' })[0]!.getAttribute('href')).toBe(
      '/add-artifact',
    );
  });

  it('keeps only the current slide reachable, and follows the slide change', async () => {
    renderInKit(<HeroCarousel />);
    const slides = () => screen.getAllByRole('group', { hidden: true });
    expect(slides().map((slide) => slide.hasAttribute('inert'))).toEqual([false, true, true]);
    act(() => sliderProps.last!.beforeChange!(0, 1));
    expect(slides().map((slide) => slide.hasAttribute('inert'))).toEqual([true, false, true]);
  });

  it('stands still for a visitor who asks for reduced motion, and plays once they press Play', async () => {
    const reduce = vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) =>
        ({
          matches: query === '(prefers-reduced-motion: reduce)',
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    try {
      renderInKit(<HeroCarousel />);
      expect(sliderProps.last!.autoplay).toBe(false);
      await userEvent.click(screen.getByRole('button', { name: 'Play slideshow' }));
      expect(sliderProps.last!.autoplay).toBe(true);
      expect(sliderProps.play).toHaveBeenCalled();
      expect(screen.getByRole('button', { name: 'Pause slideshow' })).toBeTruthy();
    } finally {
      reduce.mockRestore();
    }
  });

  it('pauses and resumes the slideshow from its button', async () => {
    renderInKit(<HeroCarousel />);
    await userEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
    expect(sliderProps.pause).toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Play slideshow' }));
    expect(sliderProps.play).toHaveBeenCalled();
  });

  it('paints the first slide at once, eagerly and with high priority, before the carousel loads', () => {
    renderInKit(<Hero />);
    const image = screen.getByRole('img');
    expect(image.getAttribute('loading')).toBe('eager');
    expect(image.getAttribute('fetchpriority')).toBe('high');
    expect(image.getAttribute('width')).toBe('1600');
    expect(screen.getByRole('heading', { level: 2, name: 'Preserve the Past' })).toBeTruthy();
  });

  it('lets the carousel take over only after the first slide is on screen', async () => {
    renderInKit(<Hero />);
    expect(screen.queryByTestId('slider')).toBeNull();
    expect(await screen.findByTestId('slider', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getAllByRole('group', { hidden: true })).toHaveLength(3);
  });
});
