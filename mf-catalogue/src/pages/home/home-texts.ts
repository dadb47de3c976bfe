/** The Home page's own texts (the hero's live in hero-slides.ts). */
export const BLURBS = [
  {
    icon: 'compass',
    title: 'Discover',
    text: 'Browse artifacts from every era and corner of the world, from ancient tools to sacred relics.',
  },
  {
    icon: 'book',
    title: 'Learn',
    text: 'Read the historical context of each piece: when it was made, who found it and where it is today.',
  },
  {
    icon: 'share',
    title: 'Share',
    text: 'Add the artifacts you know and help the community document our shared cultural heritage.',
  },
] as const;

export const FEATURED_TITLE = 'Featured Artifacts';
export const FEATURED_SUBTITLE = 'The artifacts our community likes most';
export const FEATURED_LOADING = 'Loading featured artifacts...';
export const FEATURED_EMPTY = 'No featured artifacts available yet.';
export const VIEW_ALL = 'View All';
export const VIEW_DETAILS = 'View Details';

export const CALL_TO_ACTION = {
  title: 'Have an artifact story to tell?',
  text: 'Share a piece of history with the Heritage Vault community and help preserve history one artifact at a time.',
  button: 'Share an Artifact',
} as const;

export const WHY_CHOOSE_TITLE = 'Why Choose Heritage Vault?';
export const WHY_CHOOSE = [
  {
    icon: 'community',
    title: 'Community Driven',
    text: 'History enthusiasts document, like and discuss artifacts together.',
  },
  {
    icon: 'scroll',
    title: 'Rich Context',
    text: 'Every entry records its era, its discovery and its present location.',
  },
  {
    icon: 'globe',
    title: 'Open to Everyone',
    text: 'Anyone can browse and search the whole collection, free of charge.',
  },
  {
    icon: 'shield',
    title: 'Secure Platform',
    text: 'Your account is protected, and only you can change what you add.',
  },
] as const;
