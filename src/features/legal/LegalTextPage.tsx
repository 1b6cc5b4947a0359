import type { LegalText } from '../../../domain/legal.ts';
import { legalMessages as m } from '../../../domain/messages/legal.ts';
import { MainContent } from '../../ui/PageLayout.tsx';
import { page, sectionList, meta } from './LegalTextPage.css.ts';

const day = new Intl.DateTimeFormat('it-IT', { dateStyle: 'long', timeZone: 'Europe/Rome' });

/** The operator's text (/privacy, /accessibilita), rendered as text: nothing in it is read as markup. */
export function LegalTextPage({ text }: { text: LegalText }) {
  return (
    <MainContent>
      <article className={page}>
        <h1>{text.title}</h1>
        <p className={meta}>
          {m.updatedOn} {day.format(new Date(`${text.updatedOn}T12:00:00Z`))} · {m.version} {text.version}
        </p>
        {text.sections.map((section) => (
          <section key={section.heading} aria-labelledby={headingId(section.heading)}>
            <h2 id={headingId(section.heading)}>{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            {section.items.length > 0 ? (
              <ul className={sectionList}>
                {section.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ) : null}
            {section.links.map((link) => (
              <p key={link.href}>
                <a href={link.href} {...(link.href.startsWith('https:') ? { rel: 'noopener noreferrer' } : {})}>
                  {link.text}
                </a>
              </p>
            ))}
          </section>
        ))}
        <p>
          <a href="/">{m.backToPortal}</a>
        </p>
      </article>
    </MainContent>
  );
}

const headingId = (heading: string) =>
  `sezione-${heading
    .normalize('NFD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase()}`;
