import { FeaturedArtifacts } from './featured-artifacts';
import { Hero } from './hero';
import { Blurbs, CallToAction, WhyChoose } from './home-sections';

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
