/** The starter collection itself: valid by the shared model, all ten types, unique ids, and a small image each. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ARTIFACT_TYPES, artifactInputSchema } from 'artifact-model';
import { IMAGES_DIR } from '../src/http/static-images.ts';
import { STARTER_ARTIFACTS } from '../src/seed/starter-artifacts.ts';

describe('starter collection data', () => {
  it('has at least 24 artifacts covering all ten types, with unique ids and slugs', () => {
    expect(STARTER_ARTIFACTS.length).toBeGreaterThanOrEqual(24);
    expect(new Set(STARTER_ARTIFACTS.map((artifact) => artifact.type))).toEqual(new Set(ARTIFACT_TYPES));
    expect(new Set(STARTER_ARTIFACTS.map((artifact) => artifact.id)).size).toBe(STARTER_ARTIFACTS.length);
    expect(new Set(STARTER_ARTIFACTS.map((artifact) => artifact.slug)).size).toBe(STARTER_ARTIFACTS.length);
  });

  it.each(STARTER_ARTIFACTS.map((artifact) => [artifact.name, artifact] as const))(
    '%s passes the shared validation',
    (_name, artifact) => {
      const result = artifactInputSchema.safeParse({
        ...artifact,
        image: `https://heritage.example/images/${artifact.slug}.svg`,
      });
      expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
    },
  );

  it('ships a small SVG plate per artifact, with no external references', () => {
    for (const artifact of STARTER_ARTIFACTS) {
      const file = path.join(IMAGES_DIR, `${artifact.slug}.svg`);
      expect(fs.existsSync(file), file).toBe(true);
      const svg = fs.readFileSync(file, 'utf8');
      expect(svg.length).toBeLessThan(20 * 1024);
      expect(svg.startsWith('<svg')).toBe(true);
      expect(svg).not.toMatch(/(?:href|src)=["']https?:/);
      // A duplicated attribute makes the whole SVG invalid XML (browsers then show a broken image).
      for (const tag of svg.match(/<[a-z]+\b[^>]*>/g) ?? []) {
        const names = [...tag.matchAll(/\s([a-zA-Z:-]+)=/g)].map((match) => match[1]);
        expect(new Set(names).size, tag).toBe(names.length);
      }
    }
  });
});
