import type { AudienceCard, Card, Stat } from '../content/types.ts';
import { landing } from '../content/landing.ts';

const { hero, services, about, contact } = landing;

export function LandingPage() {
  return (
    <main id="main">
      <section className="hero" aria-labelledby="hero-heading">
        <div className="container">
          <p className="eyebrow">{hero.eyebrow}</p>
          <h1 id="hero-heading">{hero.heading}</h1>
          <p className="lead">{hero.text}</p>
          <div className="grid two">
            <Audience card={hero.franchisor} />
            <Audience card={hero.franchisee} />
          </div>
          <p className="cta-row">
            <a href="/demo" className="button primary large">
              {hero.cta}
            </a>
            <span className="muted">{hero.ctaNote}</span>
          </p>
          <Stats stats={hero.stats} label="Results at a glance" />
        </div>
      </section>

      <section id="services" className="section" aria-labelledby="services-heading" tabIndex={-1}>
        <div className="container">
          <h2 id="services-heading">{services.heading}</h2>
          <p className="lead">{services.text}</p>
          <h3>{services.problemsHeading}</h3>
          <Cards cards={services.problems} />
          <h3>{services.franchisorHeading}</h3>
          <Cards cards={services.franchisorSolutions} />
          <h3>{services.franchiseeHeading}</h3>
          <Cards cards={services.franchiseeSolutions} />
          <div className="panel">
            <h3>{services.results.heading}</h3>
            <p>{services.results.text}</p>
            <Stats stats={services.results.stats} label={services.results.heading} />
          </div>
        </div>
      </section>

      <section id="about" className="section alt" aria-labelledby="about-heading" tabIndex={-1}>
        <div className="container">
          <h2 id="about-heading">{about.heading}</h2>
          <p className="lead">{about.text}</p>
          <ol className="steps">
            {about.steps.map((step) => (
              <li key={step.title}>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section id="contact" className="section" aria-labelledby="contact-heading" tabIndex={-1}>
        <div className="container">
          <h2 id="contact-heading">{contact.heading}</h2>
          <p className="lead">{contact.text}</p>
          <p>
            <a href="/demo" className="button primary large">
              {contact.cta}
            </a>
          </p>
          <Cards cards={contact.cards} level={3} />
        </div>
      </section>
    </main>
  );
}

function Audience({ card }: { card: AudienceCard }) {
  return (
    <article className="card audience">
      <h2>{card.title}</h2>
      <p>{card.text}</p>
      <ul className="checks">
        {card.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <p className="offerings">
        <strong>Offerings:</strong> {card.offerings.join(', ')}
      </p>
    </article>
  );
}

/** Card titles sit one level below the heading they follow: h4 under a group's h3, h3 under a section's h2. */
function Cards({ cards, level = 4 }: { cards: readonly Card[]; level?: 3 | 4 }) {
  const Title = level === 3 ? 'h3' : 'h4';
  return (
    <ul className="grid three">
      {cards.map((card) => (
        <li key={card.title} className="card">
          <Title>{card.title}</Title>
          <p>{card.text}</p>
        </li>
      ))}
    </ul>
  );
}

function Stats({ stats, label }: { stats: readonly Stat[]; label: string }) {
  return (
    <dl className="stats" aria-label={label}>
      {stats.map((stat) => (
        <div key={stat.label}>
          <dt>{stat.label}</dt>
          <dd>{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}
