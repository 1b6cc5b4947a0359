import { footerMessages as m } from '../../domain/messages/footer.ts';
import { footer, link, list } from './SiteFooter.css.ts';

/**
 * Every page's footer: the privacy notice and the accessibility statement (required of public portals). Plain
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
    </footer>
  );
}
