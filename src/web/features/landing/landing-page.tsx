import { PageShell } from '../../components/layout/page-shell';
import { PlansSection } from '../plans';
import { ClosingCta } from './closing-cta';
import { Comparison } from './comparison';
import { Faq } from './faq';
import { Hero } from './hero';
import { HowItWorks } from './how-it-works';
import { Promo } from './promo';
import { Support } from './support';
import { Testimonials } from './testimonials';
import { Uplift } from './uplift';

export function LandingPage() {
  return (
    <PageShell>
      <Hero />
      <Testimonials />
      <Promo />
      <HowItWorks />
      <Comparison />
      <Uplift />
      <Support />
      <PlansSection />
      <Faq />
      <ClosingCta />
    </PageShell>
  );
}
