import { ArrowRight, Sparkles } from 'lucide-react';
import { AudienceCard } from '../components/audience-card.tsx';
import { CallPreview } from '../components/call-preview.tsx';
import { Icon } from '../components/icon.tsx';
import { IconCards } from '../components/icon-cards.tsx';
import { StatList } from '../components/stat-list.tsx';
import { landing } from '../content/landing.ts';

const { hero, services, about, contact } = landing;

export function LandingPage() {
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
              <a href="/demo" className="button primary large">
                {hero.cta}
                <ArrowRight aria-hidden="true" />
              </a>
              <span className="cta-note">{hero.ctaNote}</span>
            </p>
          </div>
          <CallPreview />
        </div>
        <div className="container">
          <StatList stats={hero.stats} label="Results at a glance" className="hero-stats" />
          <div className="grid two audiences">
            <AudienceCard card={hero.franchisor} />
            <AudienceCard card={hero.franchisee} />
          </div>
        </div>
      </section>

      <section id="services" className="section" aria-labelledby="services-heading" tabIndex={-1}>
        <div className="container">
          <div className="section-head">
            <h2 id="services-heading">{services.heading}</h2>
            <p className="lead">{services.text}</p>
          </div>
          <div className="group">
            <h3>{services.problemsHeading}</h3>
            <IconCards cards={services.problems} tone="warn" />
          </div>
          <div className="group">
            <h3>{services.franchisorHeading}</h3>
            <IconCards cards={services.franchisorSolutions} />
          </div>
          <div className="group">
            <h3>{services.franchiseeHeading}</h3>
            <IconCards cards={services.franchiseeSolutions} tone="accent" />
          </div>
          <div className="panel results">
            <div className="results-head">
              <h3>{services.results.heading}</h3>
              <p>{services.results.text}</p>
            </div>
            <StatList stats={services.results.stats} label={services.results.heading} className="on-night" />
          </div>
        </div>
      </section>

      <section id="about" className="section alt" aria-labelledby="about-heading" tabIndex={-1}>
        <div className="container">
          <div className="section-head">
            <h2 id="about-heading">{about.heading}</h2>
            <p className="lead">{about.text}</p>
          </div>
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
        </div>
      </section>

      <section id="contact" className="section" aria-labelledby="contact-heading" tabIndex={-1}>
        <div className="container">
          <div className="cta-band">
            <h2 id="contact-heading">{contact.heading}</h2>
            <p className="lead">{contact.text}</p>
            <p>
              <a href="/demo" className="button large on-brand">
                {contact.cta}
                <ArrowRight aria-hidden="true" />
              </a>
            </p>
          </div>
          <IconCards cards={contact.cards} level={3} />
        </div>
      </section>
    </main>
  );
}
