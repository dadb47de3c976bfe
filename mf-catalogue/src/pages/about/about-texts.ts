/** The About page's texts (spec section 2). */
export const ABOUT_TITLE = 'About Heritage Vault';
export const ABOUT_SUBTITLE = 'Preserving history, one artifact at a time';

export const VISION = {
  title: 'Our Vision',
  text: 'A world where the story of every artifact, from a village potter’s bowl to a royal decree, is recorded, shared and remembered, so that cultural heritage belongs to everyone and is never lost to time.',
} as const;

export const MISSION = {
  title: 'Our Mission',
  text: 'We give history enthusiasts, students and curators one welcoming place to document historical artifacts: what they are, when they were made, who discovered them and where they can be seen today. Together we build an open catalogue that anyone can explore and learn from.',
} as const;

export const OFFERS_TITLE = 'What We Offer';
export const OFFERS = [
  {
    title: 'Artifact Documentation',
    text: 'Record each artifact with its image, type, era, discovery and present location, alongside its historical context.',
  },
  {
    title: 'Community Engagement',
    text: 'Browse and search what others have shared, like the artifacts that move you, and see which pieces the community values most.',
  },
  {
    title: 'Secure Platform',
    text: 'Sign in securely; only you can update or delete the artifacts you add, and your account details stay private.',
  },
] as const;
