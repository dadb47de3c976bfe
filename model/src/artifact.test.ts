import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  adderNameSchema,
  ARTIFACT_TYPES,
  artifactInputSchema,
  artifactUpdateSchema,
  fieldErrors,
  IMAGE_URL_MESSAGES,
} from './artifact';
import { isEmailAddress } from './artifact-fields';

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

  it('runs zod without its jit, whose `new Function` probe a strict CSP reports', () => {
    expect(z.config().jitless).toBe(true);
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

  it('lets an update leave out the description, as editor releases without its input on Update do', () => {
    const { description: _omitted, ...withoutDescription } = valid;
    expect(artifactUpdateSchema.safeParse(withoutDescription).success).toBe(true);
  });

  it('ignores fields a client may not set', () => {
    const parsed = artifactInputSchema.parse({ ...valid, likeCount: 999, adderEmail: 'evil@x.test' });
    expect(parsed).not.toHaveProperty('likeCount');
    expect(parsed).not.toHaveProperty('adderEmail');
  });

  describe('bytes no text may hold (issue 46)', () => {
    it.each([
      [
        'name',
        'Rosetta\u0000Stone',
        'Artifact Name must not contain control characters (such as NUL, tabs or line breaks)',
      ],
      [
        'discoveredBy',
        'Bouchard\u001b[31m',
        'Discovered By must not contain control characters (such as NUL, tabs or line breaks)',
      ],
      [
        'description',
        'Granodiorite\u0000',
        'Description must not contain control characters (line breaks and tabs are fine)',
      ],
      [
        'presentLocation',
        'London \ud800',
        'Present Location contains an invalid character (a lone UTF-16 surrogate)',
      ],
    ])('refuses %s holding %j, naming the field', (field, text, message) => {
      const result = artifactInputSchema.safeParse({ ...valid, [field]: text });
      expect(fieldErrors(result.error!)).toEqual({ [field]: message });
    });

    it('keeps line breaks and tabs in the textareas', () => {
      const parsed = artifactInputSchema.parse({ ...valid, historicalContext: 'Line one\n\tLine two' });
      expect(parsed.historicalContext).toBe('Line one\n\tLine two');
    });

    it('trims zero-width and bidi characters at the edges, so a name of them alone is required', () => {
      expect(artifactInputSchema.parse({ ...valid, name: '\u200b\u202eRosetta\u2066 \ufeff' }).name).toBe(
        'Rosetta',
      );
      const result = artifactInputSchema.safeParse({ ...valid, name: '\u200b\u200c\u202e\u2069' });
      expect(fieldErrors(result.error!).name).toBe('Artifact Name is required');
    });

    it.each(['2800', '3164', '115F', '1160', '034F', '17B4', '17B5', 'FFA0'])(
      'refuses a name of U+%s alone, which draws nothing, as required (issue 54)',
      (codePoint) => {
        const blank = String.fromCodePoint(parseInt(codePoint, 16));
        const result = artifactInputSchema.safeParse({ ...valid, name: `${blank} ${blank}${blank}` });
        expect(fieldErrors(result.error!).name).toBe('Artifact Name is required');
        expect(adderNameSchema.safeParse(blank.repeat(3)).error?.issues[0]?.message).toBe(
          'Your display name is required',
        );
        expect(artifactInputSchema.parse({ ...valid, name: `${blank}Rosetta${blank}` }).name).toBe('Rosetta');
      },
    );

    it('stores text in NFC', () => {
      expect(artifactInputSchema.parse({ ...valid, name: 'Caf\u0065\u0301' }).name).toBe('Caf\u00e9');
    });
  });

  it('holds the adder’s name (the member’s display name) to the same rules', () => {
    expect(adderNameSchema.parse('\u202eMallory\u200b')).toBe('Mallory');
    expect(adderNameSchema.safeParse('M'.repeat(121)).error?.issues[0]?.message).toBe(
      'Your display name must be at most 120 characters',
    );
    expect(adderNameSchema.safeParse('Mal\u0000lory').success).toBe(false);
  });

  describe('image URLs (issue 46)', () => {
    const imageError = (image: string) =>
      fieldErrors(artifactInputSchema.safeParse({ ...valid, image }).error!).image;

    it.each([
      'http://localhost:3000/x.png',
      'http://LOCALHOST./x.png',
      'http://127.0.0.1/x.png',
      'http://2130706433/x.png',
      'http://[::1]/x.png',
      'http://[::ffff:127.0.0.1]/x.png',
      'http://10.0.0.1/x.png',
      'http://172.16.5.4/x.png',
      'http://192.168.1.1/x.png',
      'http://[fd12::1]/x.png',
      'http://169.254.169.254/latest/meta-data/',
      'http://[fe80::1]/x.png',
      'http://metadata.google.internal/computeMetadata/v1/',
      // Issue 54: IPv4 carried in IPv6, multicast, broadcast, documentation.
      'http://[::a9fe:a9fe]/latest/meta-data/',
      'http://[64:ff9b::a9fe:a9fe]/latest/meta-data/',
      'http://224.0.0.1/x.png',
      'http://[ff02::1]/x.png',
      'http://255.255.255.255/x.png',
      'http://[2001:db8::1]/x.png',
      'http://192.0.2.7/x.png',
    ])('refuses %s, which is no public address', (image) => {
      expect(imageError(image)).toBe(IMAGE_URL_MESSAGES.localHost);
    });

    it.each(['http://8.8.8.8/x.png', 'http://[2606:4700::1111]/x.png', 'http://[::ffff:8.8.8.8]/x.png'])(
      'accepts %s, a public unicast address',
      (image) => {
        expect(artifactInputSchema.safeParse({ ...valid, image }).success).toBe(true);
      },
    );

    it('refuses a user name or password in the URL', () => {
      expect(imageError('https://user:pw@example.org/x.png')).toBe(IMAGE_URL_MESSAGES.credentials);
    });

    it('lets a URL of an uploaded photo on a local host through, for the API to resolve', () => {
      const image = 'http://127.0.0.1:3000/api/images/0b9c4f6e-1111-4222-8333-444455556666/900.webp';
      expect(artifactInputSchema.safeParse({ ...valid, image }).success).toBe(true);
    });

    it('stores the URL as the WHATWG parser serialises it', () => {
      expect(artifactInputSchema.parse({ ...valid, image: 'HTTPS://Example.ORG:443/a b?q=<x>' }).image).toBe(
        'https://example.org/a%20b?q=%3Cx%3E',
      );
    });
  });
});

describe("the forms' e-mail format", () => {
  it.each(['ada@example.org', '  ada@example.org  ', 'a.b+c@mail.example.co.uk'])('takes %j', (value) => {
    expect(isEmailAddress(value)).toBe(true);
  });

  it.each(['', 'ada', 'ada@example', '@example.org', 'ada@@example.org', 'ada lovelace@example.org'])(
    'refuses %j',
    (value) => {
      expect(isEmailAddress(value)).toBe(false);
    },
  );
});
