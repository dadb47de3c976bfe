/** robots.txt and /sitemap.xml: the site's public pages for search engines. */
import type { RouteEntry } from '../../shell/src/routes/route-table.ts';
import { escapeHtml } from './head.ts';
import { ARTIFACT_PAGE, isPublicRoute } from './render-page.ts';

export function robotsTxt(origin: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`;
}

/**
 * The public pages of the site's routes that a link can name as they are (Home, All Artifacts, About, Contact: a
 * remote's public page without parameters), and, with PUBLIC_ARTIFACT_PAGES, every artifact's page.
 */
export function sitemapPaths(
  routes: readonly RouteEntry[],
  { publicArtifactPages, artifactIds }: { publicArtifactPages: boolean; artifactIds: readonly string[] },
): string[] {
  const pages = routes
    .filter((route) => 'remote' in route.source && !route.path.includes(':') && !route.path.includes('*'))
    .filter((route) => isPublicRoute(route, publicArtifactPages))
    .map((route) => route.path);
  const artifactRoute = routes.find(
    ({ source }) =>
      'remote' in source && source.remote === ARTIFACT_PAGE.remote && source.page === ARTIFACT_PAGE.page,
  );
  const artifacts =
    publicArtifactPages && artifactRoute
      ? artifactIds.map((id) => artifactRoute.path.replace(':id', encodeURIComponent(id)))
      : [];
  return [...pages, ...artifacts];
}

/** The sitemaps.org XML of these paths on `origin`. */
export function sitemapXml(origin: string, paths: readonly string[]): string {
  const urls = paths.map((path) => `  <url><loc>${escapeHtml(`${origin}${path}`)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
