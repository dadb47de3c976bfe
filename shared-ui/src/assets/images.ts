// Inline SVGs: they travel inside the JavaScript, so they work from any remote's origin and offline.
const svg = (markup: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`;

/** Shown wherever an artifact image fails to load. */
export const FALLBACK_ARTIFACT_IMAGE = svg(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300"><rect width="400" height="300" fill="#ece2cf"/>` +
    `<path d="M175 80h50v18c0 6 14 12 14 34 0 30-16 54-39 78-23-24-39-48-39-78 0-22 14-28 14-34z" fill="none" stroke="#8b6a4f" stroke-width="6"/>` +
    `<path d="M168 80h64" stroke="#8b6a4f" stroke-width="6" stroke-linecap="round"/>` +
    `<text x="200" y="252" text-anchor="middle" font-family="Georgia,serif" font-size="20" fill="#6a5a4b">Image unavailable</text></svg>`,
);

/** The avatar of a member without a photo. */
export const DEFAULT_AVATAR = svg(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#4a3222"/>` +
    `<circle cx="32" cy="25" r="11" fill="#e4c77a"/><path d="M12 56c2-12 10-18 20-18s18 6 20 18z" fill="#e4c77a"/></svg>`,
);
