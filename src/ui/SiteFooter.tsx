import { footerMessages as m } from '../../domain/messages/footer.ts';
import { footer, link, list, note } from './SiteFooter.css.ts';

/**
 * Every page's footer: the privacy notice and the accessibility statement (required of public portals), and the
 * one place that says in which time zone the portal's dates and times are (Italy's, wherever the browser is). Plain
 * anchors, so the light welcome page (no router) carries it too.
 */
export function SiteFooter() {
  return (
    <footer className={footer}>
      <nav aria-label={m.label}>
        <ul className={list}>
          <li>
            <a className={link} href="/privacy">
              {m.privacy}
            </a>
          </li>
          <li>
            <a className={link} href="/accessibilita">
              {m.accessibility}
            </a>
          </li>
        </ul>
      </nav>
      <p className={note}>{m.timeZone}</p>
    </footer>
  );
}
