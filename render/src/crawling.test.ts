import { describe, expect, it } from 'vitest';
import { SITE_ROUTES } from '../../shell/src/routes/test/published-pages.ts';
import { robotsTxt, sitemapPaths, sitemapXml } from './crawling.ts';

describe('sitemapPaths', () => {
  it('lists the public pages the remotes publish: Home, All Artifacts, About, Contact', () => {
    expect(sitemapPaths(SITE_ROUTES, { publicArtifactPages: false, artifactIds: ['a1'] }).sort()).toEqual(
      ['/', '/about', '/all-artifacts', '/contact'].sort(),
    );
  });

  it("adds every artifact's page with PUBLIC_ARTIFACT_PAGES", () => {
    const paths = sitemapPaths(SITE_ROUTES, { publicArtifactPages: true, artifactIds: ['a1', 'b 2'] });
    expect(paths).toHaveLength(6);
    expect(paths.slice(-2)).toEqual(['/artifact-details/a1', '/artifact-details/b%202']);
  });
});

describe('sitemapXml', () => {
  it("writes each page's absolute address as sitemaps.org's XML, escaped", () => {
    expect(sitemapXml('https://heritage.example', ['/', '/a?b=1&c=2'])).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        '  <url><loc>https://heritage.example/</loc></url>\n' +
        '  <url><loc>https://heritage.example/a?b=1&amp;c=2</loc></url>\n' +
        '</urlset>\n',
    );
  });
});

describe('robotsTxt', () => {
  it('lets every crawler in and names the sitemap', () => {
    expect(robotsTxt('https://heritage.example')).toBe(
      'User-agent: *\nAllow: /\n\nSitemap: https://heritage.example/sitemap.xml\n',
    );
  });
});
