import type { PageQuery } from 'shared-ui';
import { FeaturedArtifacts } from './featured-artifacts';
import { Hero } from './hero';
import { Blurbs, CallToAction, WhyChoose } from './home-sections';
import { featuredQuery } from './use-featured-artifacts';

/** Home (spec section 2): hero carousel, blurbs, featured artifacts, call to action, Why Choose. */
export default function HomePage() {
  return (
    <>
      <Hero />
      <Blurbs />
      <FeaturedArtifacts />
      <CallToAction />
      <WhyChoose />
    </>
  );
}

/** The page opens with the most-liked artifacts (answered on the server, #53: the browser asks nothing for them). */
export const pageQuery: PageQuery = () => featuredQuery;
