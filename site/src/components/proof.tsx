import { ShieldCheck } from 'lucide-react';
import type { ProofContent } from '../content/types.ts';
import { usePages } from '../use-lang.ts';

// The landing's proof slots (content/proof.ts). Each returns null while its content is empty: no
// heading, no empty list, no margin left behind.

/** Customers' logos, each image sized by its attributes so the strip takes its height before they load. */
export function LogoStrip({ logos }: { logos: ProofContent['logos'] }) {
  if (logos.items.length === 0) return null;
  return (
    <section className="proof logo-strip" aria-labelledby="logos-heading">
      <div className="container">
        <h2 id="logos-heading" className="proof-heading">
          {logos.heading}
        </h2>
        <ul>
          {logos.items.map((logo) => (
            <li key={logo.name}>
              <img src={logo.src} alt={logo.alt} width={logo.width} height={logo.height} loading="lazy" decoding="async" />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function CustomerQuoteFigure({ quote }: { quote: ProofContent['quote'] }) {
  if (!quote) return null;
  return (
    <figure className="proof customer-quote">
      <blockquote>
        <p>{quote.text}</p>
      </blockquote>
      <figcaption>
        {quote.photo && <img src={quote.photo.src} alt="" width={quote.photo.width} height={quote.photo.height} loading="lazy" decoding="async" />}
        <span>
          <strong>{quote.name}</strong>, {quote.role}, {quote.company}
        </span>
      </figcaption>
    </figure>
  );
}

export function WorksWith({ integrations }: { integrations: ProofContent['integrations'] }) {
  if (integrations.items.length === 0) return null;
  return (
    <section className="proof works-with" aria-labelledby="works-with-heading">
      <h3 id="works-with-heading" className="proof-heading">
        {integrations.heading}
      </h3>
      <ul>
        {integrations.items.map((name) => (
          <li key={name}>{name}</li>
        ))}
      </ul>
    </section>
  );
}

/** What the privacy policy already promises, each point linking to the section that says it. */
export function TrustRow({ trust }: { trust: ProofContent['trust'] }) {
  const privacy = usePages().privacy.path;
  if (trust.items.length === 0) return null;
  return (
    <section className="proof trust-row" aria-labelledby="trust-heading">
      <h3 id="trust-heading" className="proof-heading">
        <ShieldCheck aria-hidden="true" />
        {trust.heading}
      </h3>
      <ul>
        {trust.items.map((item) => (
          <li key={item.section}>
            <a href={`${privacy}#${item.section}`}>{item.text}</a>
          </li>
        ))}
      </ul>
      <p>
        <a href={privacy}>{trust.more}</a>
      </p>
    </section>
  );
}
