import { messages } from '../../../domain/messages.ts';
import type { HomePath } from '../../../machines/auth/selectors.ts';
import { Link } from '../../ui/Link.tsx';
import { brand, brandMark, partnerLink, partnerLogo, partners, partnersLabel } from './Header.css.ts';

const PARTNERS = [
  { name: messages.header.partnerTerritori, logo: '/logos/fondo-sviluppo-territori.svg' },
  { name: messages.header.partnerUrbani, logo: '/logos/cassa-investimenti-urbani.svg' },
] as const;

/** Spec §1–2: the logos of the platform and of the two partners, each leading to the person's home. */
export function HeaderLogos({ homePath }: { homePath: HomePath }) {
  return (
    <>
      <Link to={homePath} className={brand}>
        <img src="/logos/portale-fondi.svg" alt="" className={brandMark} width="40" height="40" />
        {messages.layout.platformName}
      </Link>
      <div role="group" aria-label={messages.header.partners} className={partners}>
        <span className={partnersLabel} aria-hidden="true">
          {messages.header.partners}
        </span>
        {PARTNERS.map((partner) => (
          <Link key={partner.name} to={homePath} className={partnerLink}>
            <img src={partner.logo} alt={partner.name} className={partnerLogo} width="171" height="42" />
          </Link>
        ))}
      </div>
    </>
  );
}
