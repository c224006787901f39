import { Mail } from 'lucide-react';
import { useLayoutEffect } from 'react';
import { config } from '../config.ts';
import type { LegalPageContent } from '../content/types.ts';
import { useContent } from '../use-lang.ts';

/** Privacy and Terms share one layout: sections with anchors, a last-updated line and a contact block. */
export function LegalPage({ content }: { content: LegalPageContent }) {
  const email = config[content.contact.emailKey];
  const { text } = useContent();
  // Opening the privacy or terms page starts at its top (spec section 2), also on client-side
  // navigation, before it paints; a link to one of its sections (/privacy#cookies) stays there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page's content is the event, though the effect does not read it
  useLayoutEffect(() => {
    if (!window.location.hash) window.scrollTo({ top: 0, left: 0 });
  }, [content]);
  return (
    <main id="main" className="legal">
      <div className="container narrow">
        <h1>{content.heading}</h1>
        <p className="updated">
          {text.lastUpdated} {content.lastUpdated}
        </p>
        <p className="lead">{content.intro}</p>
        {content.sections.map((section) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`}>
            <h2 id={`${section.id}-heading`}>{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            {section.list && (
              <ul>
                {section.list.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            )}
            {section.items && (
              <div className="grid two">
                {section.items.map((item) => (
                  <div key={item.title} className="card">
                    <h3>{item.title}</h3>
                    <p>{item.text}</p>
                  </div>
                ))}
              </div>
            )}
          </section>
        ))}
        <section className="panel legal-contact" aria-labelledby="legal-contact-heading">
          <h2 id="legal-contact-heading">{content.contact.heading}</h2>
          <p>{content.contact.text}</p>
          {/* A wrapping row with a gap: side by side when they fit, each on its own line when not. */}
          <p className="contact-actions">
            <a className="button primary" href={`mailto:${email}`}>
              <Mail aria-hidden="true" />
              {content.contact.button}
            </a>{' '}
            <a href={`mailto:${email}`}>{email}</a>
          </p>
        </section>
      </div>
    </main>
  );
}
