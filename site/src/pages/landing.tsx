import { ArrowRight, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { AudienceCard } from '../components/audience-card.tsx';
import { CallPreview } from '../components/call-preview.tsx';
import { Icon } from '../components/icon.tsx';
import { IconCards, type CardTone } from '../components/icon-cards.tsx';
import { CustomerQuoteFigure, LogoStrip, TrustRow, WorksWith } from '../components/proof.tsx';
import { StatList } from '../components/stat-list.tsx';
import type { IconCard, LandingContent } from '../content/types.ts';
import type { SectionId } from '../routes.ts';
import { useContent, usePages } from '../use-lang.ts';

/** The services section's three groups of cards; problems are tinted warm, franchisee solutions with the accent. */
const serviceGroups = (services: LandingContent['services']): ReadonlyArray<{ heading: string; cards: readonly IconCard[]; tone?: CardTone }> => [
  { heading: services.problemsHeading, cards: services.problems, tone: 'warn' },
  { heading: services.franchisorHeading, cards: services.franchisorSolutions },
  { heading: services.franchiseeHeading, cards: services.franchiseeSolutions, tone: 'accent' },
];

/** A button-styled link to the demo (in the page's language), with its arrow. */
function DemoLink({ className, children }: { className: string; children: ReactNode }) {
  return (
    <a href={usePages().demo.path} className={className}>
      {children}
      <ArrowRight aria-hidden="true" />
    </a>
  );
}

/**
 * A section the header's links scroll to (routes.ts SECTIONS), named by its heading and focusable,
 * so a link can move focus there. `cta`: the heading block is the brand band ending in this link.
 */
function Section({
  id,
  alt = false,
  heading,
  text,
  cta,
  children,
}: {
  id: SectionId;
  alt?: boolean;
  heading: string;
  text: string;
  cta?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section id={id} className={alt ? 'section alt' : 'section'} aria-labelledby={`${id}-heading`} tabIndex={-1}>
      <div className="container">
        <div className={cta ? 'cta-band' : 'section-head'}>
          <h2 id={`${id}-heading`}>{heading}</h2>
          <p className="lead">{text}</p>
          {cta && <p>{cta}</p>}
        </div>
        {children}
      </div>
    </section>
  );
}

export function LandingPage() {
  const { landing, proof, text } = useContent();
  const { hero, services, about, contact } = landing;
  return (
    <main id="main">
      {/* The call to action comes before the audience cards, so it is in the first screen on a phone too. */}
      <section className="hero" aria-labelledby="hero-heading">
        <div className="container hero-grid">
          <div className="hero-copy">
            <p className="eyebrow">
              <Sparkles aria-hidden="true" />
              {hero.eyebrow}
            </p>
            <h1 id="hero-heading">{hero.heading}</h1>
            <p className="lead">{hero.text}</p>
            <p className="cta-row">
              <DemoLink className="button primary large">{hero.cta}</DemoLink>
              <span className="cta-note">{hero.ctaNote}</span>
            </p>
          </div>
          <CallPreview sample={proof.sampleCall} />
        </div>
        <div className="container">
          <StatList group={hero.figures} label={text.landing.figuresLabel} className="hero-stats" />
          <div className="grid two audiences">
            <AudienceCard card={hero.franchisor} />
            <AudienceCard card={hero.franchisee} />
          </div>
        </div>
      </section>
      <LogoStrip logos={proof.logos} />

      <Section id="services" heading={services.heading} text={services.text}>
        {serviceGroups(services).map((group) => (
          <div key={group.heading} className="group">
            <h3>{group.heading}</h3>
            <IconCards cards={group.cards} tone={group.tone} />
          </div>
        ))}
        <div className="panel results">
          <div className="results-head">
            <h3>{services.results.heading}</h3>
            <p>{services.results.text}</p>
          </div>
          <StatList group={services.results.figures} label={services.results.heading} className="on-night" />
        </div>
        <CustomerQuoteFigure quote={proof.quote} />
      </Section>

      <Section id="about" alt heading={about.heading} text={about.text}>
        <ol className="steps">
          {about.steps.map((step) => (
            <li key={step.title}>
              <span className="step-marker">
                <span className="icon-tile">
                  <Icon name={step.icon} />
                </span>
              </span>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
        <WorksWith integrations={proof.integrations} />
      </Section>

      <Section id="contact" heading={contact.heading} text={contact.text} cta={<DemoLink className="button large on-brand">{contact.cta}</DemoLink>}>
        <IconCards cards={contact.cards} level={3} />
        <TrustRow trust={proof.trust} />
      </Section>
    </main>
  );
}
