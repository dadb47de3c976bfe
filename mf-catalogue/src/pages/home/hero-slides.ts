import archiveTall from '../../assets/hero/hero-archive-tall-800.webp';
import archiveWide960 from '../../assets/hero/hero-archive-wide-960.webp';
import archiveWide1280 from '../../assets/hero/hero-archive-wide-1280.webp';
import archiveWide1600 from '../../assets/hero/hero-archive-wide-1600.webp';
import excavationTall from '../../assets/hero/hero-excavation-tall-800.webp';
import excavationWide960 from '../../assets/hero/hero-excavation-wide-960.webp';
import excavationWide1280 from '../../assets/hero/hero-excavation-wide-1280.webp';
import excavationWide1600 from '../../assets/hero/hero-excavation-wide-1600.webp';
import galleryTall from '../../assets/hero/hero-gallery-tall-800.webp';
import galleryWide960 from '../../assets/hero/hero-gallery-wide-960.webp';
import galleryWide1280 from '../../assets/hero/hero-gallery-wide-1280.webp';
import galleryWide1600 from '../../assets/hero/hero-gallery-wide-1600.webp';

export interface HeroSlide {
  title: string;
  subtitle: string;
  description: string;
  /** The picture's text alternative: it is illustrative, so it says what it shows in a few words. */
  alt: string;
  image: { wide960: string; wide1280: string; wide1600: string; tall: string };
}

export const HERO_SLIDES: readonly HeroSlide[] = [
  {
    title: 'Preserve the Past',
    subtitle: 'Every artifact tells a story',
    description:
      'Explore a growing community catalogue of tools, writings, pottery and treasures, documented by history enthusiasts around the world.',
    alt: 'A golden amphora on a pedestal in a museum gallery',
    image: {
      wide960: galleryWide960,
      wide1280: galleryWide1280,
      wide1600: galleryWide1600,
      tall: galleryTall,
    },
  },
  {
    title: 'Discover Hidden Histories',
    subtitle: 'From ancient manuscripts to forgotten instruments',
    description:
      'Read the historical context behind each piece: where it was found, who discovered it and where it can be seen today.',
    alt: 'An open manuscript, a scroll and an astrolabe on an archive desk by candlelight',
    image: {
      wide960: archiveWide960,
      wide1280: archiveWide1280,
      wide1600: archiveWide1600,
      tall: archiveTall,
    },
  },
  {
    title: 'Share Your Discoveries',
    subtitle: 'Help document our cultural heritage',
    description:
      'Add the artifacts you know, like the ones that move you, and help preserve history one artifact at a time.',
    alt: 'Temple ruins at an excavation site at sunset',
    image: {
      wide960: excavationWide960,
      wide1280: excavationWide1280,
      wide1600: excavationWide1600,
      tall: excavationTall,
    },
  },
];

export const EXPLORE_COLLECTION = 'Explore Collection';
export const SHARE_AN_ARTIFACT = 'Share an Artifact';
