/**
 * The parts of the model that need no validation library: the ten types, the field labels and limits (the
 * Contact form's and a display name's too).
 * The kit's main entry exports these, so a page that only shows artifacts never downloads zod.
 */
export const ARTIFACT_TYPES = [
  'Tools',
  'Weapons',
  'Documents',
  'Writings',
  'Pottery',
  'Jewelry',
  'Clothing',
  'Religious Items',
  'Art',
  'Other',
] as const;
export type ArtifactType = (typeof ARTIFACT_TYPES)[number];

/** What each field is called on screen; validation messages name the field the way the user sees it. */
export const ARTIFACT_FIELD_LABELS = {
  name: 'Artifact Name',
  image: 'Image URL',
  type: 'Artifact Type',
  historicalContext: 'Historical Context',
  description: 'Description',
  createdAt: 'Created At',
  discoveredAt: 'Discovered At',
  discoveredBy: 'Discovered By',
  presentLocation: 'Present Location',
} as const;
export type ArtifactField = keyof typeof ARTIFACT_FIELD_LABELS;

/** Sane upper bounds: long enough for real entries, short enough that nobody stores a novel in a name. */
export const ARTIFACT_FIELD_MAX_LENGTH: Record<ArtifactField, number> = {
  name: 120,
  image: 2048,
  type: 40,
  historicalContext: 4000,
  description: 4000,
  createdAt: 60,
  discoveredAt: 60,
  discoveredBy: 120,
  presentLocation: 160,
};

/** The adder's name comes from the member's account (its display name) and is held to the same kind of limit. */
export const ADDER_NAME_MAX_LENGTH = 120;

/**
 * The longest display name the Register and Edit Profile forms take: under the adder's limit, so a name given here
 * always fits an artifact's Added by (a provider's longer name, as Google's, is still taken up to 120).
 */
export const DISPLAY_NAME_MAX_LENGTH = 80;

/** The Contact form's limits (contact-message.ts holds its schema); here, zod-free, for the form's counters. */
export const CONTACT_MESSAGE_MAX_LENGTH = { name: 120, email: 254, subject: 200, message: 5000 } as const;

/** The forms' e-mail format (Contact, Login, Register): one @, text on each side, a dot in the domain, no spaces. */
export const isEmailAddress = (value: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
export const INVALID_EMAIL = 'Please enter a valid email address';

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
