import { emptyTurApplication, type TurApplication } from '../../domain/tur/turApplication.ts';
import { withTurComputedValues } from '../../domain/tur/turRules.ts';
import { prose } from './puiFixtures.ts';

/**
 * A TUR application that breaks no rule of spec §5 (ISTAT codes: Toscana 9, Siena 52, Montalcino 52037;
 * thematic area 4 "Turismo enogastronomico"; design level 2). Totals: 8,000,000 invested, covered exactly by the
 * fund (3,000,000), debt, equity and public co-financing. Override what a test is about.
 */
export function completeTurApplication(organizationId: string, overrides: Partial<TurApplication> = {}): TurApplication {
  const base: TurApplication = {
    ...emptyTurApplication(organizationId),
    progNome: 'Ospitalità diffusa nel borgo di Montalcino',
    progRegione: '9',
    progProvincia: '52',
    progComune: '52037',
    progAreaTematica: 4,
    descrizione: prose(300),
    costiTotale: 8_000_000,
    costiImmobili: 500_000,
    costiTotaleCapexTransEnerg: 4_400_000,
    costiTotaleCapexTransDigital: 1_800_000,
    costiTotaleCircolante: 1_300_000,
    costiIintervento: 3_000_000,
    costiDdebito: 2_500_000,
    costiEquity: 1_500_000,
    costiPubblico: 1_000_000,
    costiNomeCofinanziamento: 'Fondo regionale per il turismo sostenibile',
    costiTecnicaIntervento: 'Debito',
    tempiLivello: 2,
    tempiInizioLavori: '2026-01-15',
    tempiDurataLavori: 6,
    tempiDescrizione: prose(250),
  };
  return withTurComputedValues({ ...base, ...overrides });
}
