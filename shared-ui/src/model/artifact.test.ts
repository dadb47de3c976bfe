import { describe, expect, it } from 'vitest';
import { ARTIFACT_TYPES, artifactInputSchema, artifactUpdateSchema, fieldErrors } from './artifact';

const valid = {
  name: 'Rosetta Stone',
  image: 'https://example.org/rosetta.jpg',
  type: 'Documents',
  historicalContext: 'A decree of Ptolemy V in three scripts.',
  description: 'Granodiorite stele that unlocked Egyptian hieroglyphs.',
  createdAt: '196 BC',
  discoveredAt: '1799',
  discoveredBy: 'Pierre-François Bouchard',
  presentLocation: 'British Museum, London',
};

describe('the artifact model', () => {
  it('accepts a complete artifact and trims its text', () => {
    const parsed = artifactInputSchema.parse({ ...valid, name: '  Rosetta Stone  ' });
    expect(parsed.name).toBe('Rosetta Stone');
  });

  it('has the ten artifact types of the spec', () => {
    expect(ARTIFACT_TYPES).toHaveLength(10);
  });

  it.each(Object.keys(valid))('names %s when it is missing or blank', (field) => {
    const result = artifactInputSchema.safeParse({ ...valid, [field]: '   ' });
    expect(result.success).toBe(false);
    expect(Object.keys(fieldErrors(result.error!))).toEqual([field]);
  });

  it.each(['javascript:alert(1)', 'data:image/png;base64,AAAA', '/images/x.png', 'not a url'])(
    'refuses the image %s',
    (image) => {
      const result = artifactInputSchema.safeParse({ ...valid, image });
      expect(fieldErrors(result.error!).image).toBe('Image URL must be a valid http(s) URL');
    },
  );

  it('refuses a type outside the ten, naming the allowed ones', () => {
    const result = artifactInputSchema.safeParse({ ...valid, type: 'Spaceships' });
    expect(fieldErrors(result.error!).type).toMatch(/^Artifact Type must be one of: Tools, Weapons/);
  });

  it('refuses text over its limit', () => {
    const result = artifactInputSchema.safeParse({ ...valid, name: 'x'.repeat(121) });
    expect(fieldErrors(result.error!).name).toBe('Artifact Name must be at most 120 characters');
  });

  it('lets an update leave out the description, which has no input on that page', () => {
    const { description: _omitted, ...withoutDescription } = valid;
    expect(artifactUpdateSchema.safeParse(withoutDescription).success).toBe(true);
  });

  it('ignores fields a client may not set', () => {
    const parsed = artifactInputSchema.parse({ ...valid, likeCount: 999, adderEmail: 'evil@x.test' });
    expect(parsed).not.toHaveProperty('likeCount');
    expect(parsed).not.toHaveProperty('adderEmail');
  });
});
