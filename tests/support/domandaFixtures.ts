import { puiSurveySchema } from '../../domain/pui/puiApplication.ts';
import { puiWizardDefinition } from '../../domain/pui/puiWizard.ts';
import { turSurveySchema } from '../../domain/tur/turApplication.ts';
import { turWizardDefinition } from '../../domain/tur/turWizard.ts';
import type { FundDefinition } from '../../domain/fundDefinition.ts';
import type { DomandaInput } from '../../server/domanda/domandaDocument.ts';
import { createReferenceNames, type ReferenceNames } from '../../server/exports/referenceNames.ts';
import { loadReferenceData } from '../../server/reference/referenceData.ts';
import { createTerritory } from '../../server/reference/territory.ts';
import { completePuiApplication } from './puiFixtures.ts';
import { completeTurApplication } from './turFixtures.ts';

/** The names of the reference lists as the portal's seed data holds them. */
export async function seededReferenceNames(): Promise<ReferenceNames> {
  const territory = createTerritory();
  return createReferenceNames(territory, await loadReferenceData({ territory }));
}

const ORGANIZATION_ID = '6f1c2a7e-0d4b-4c8e-9a51-2b3c4d5e6f70';

const applicant = {
  organization: {
    name: 'Comune di Forlì',
    pIva: '00606620409',
    codiceFiscale: '80002170401',
    address: 'Piazza Aurelio Saffi 8, 47121 Forlì (FC)',
  },
  representation: {
    representatives: [
      {
        nome: 'Giulia',
        cognome: 'Ricci',
        codiceFiscale: 'RCCGLI80A41D704K',
        ruolo: 'Sindaca',
        luogoDiNascita: 'Forlì',
        dataDiNascita: '1980-01-01',
      },
    ],
    joint: false,
  },
} satisfies Pick<DomandaInput, 'organization' | 'representation'>;

/** Giulia Ricci's deputy, a second legal representative (issue 43) for the Domande two people sign. */
export const secondRepresentative = {
  nome: 'Paolo',
  cognome: 'Gentili',
  codiceFiscale: 'GNTPLA75C12D704T',
  ruolo: null,
  luogoDiNascita: null,
  dataDiNascita: null,
};

const hash = (digit: string) => digit.repeat(64);

/**
 * A complete PUI application (tests/support/puiFixtures.ts) with impact indicators answered: a renovation (yes,
 * with its numbers), renewable energy refused (no: its numbers hidden, though a stale one is stored), trees,
 * sustainable mobility; and two attachments.
 */
export function puiDomandaInput(names: ReferenceNames, overrides: Partial<DomandaInput> = {}): DomandaInput {
  const values = completePuiApplication(ORGANIZATION_ID, {
    puiSurveyDto: puiSurveySchema.parse({
      tipoAutorizzazione: 'Permesso di costruire convenzionato',
      ristrutturazione: 'SI',
      mqSLP: 1250.5,
      tipoInterventoPrevisione: 4,
      consumoMWh: 320.75,
      classeEnergeticaPartenza: 'E',
      classeEnergeticaRaggiunta: 'A',
      noteRistrutturazione: 'Cappotto termico e sostituzione degli infissi',
      energiaRinnovabile: 'NO',
      potenzaFER: 99,
      superficieCoperta: 'NO',
      superficieVerde: 'SI',
      superficieVerdeAggiunta: 3400,
      piantumazioni: 'SI',
      numeroPiantumazioni: 120,
      forzaLavoro: 1200,
      housing: 'NO',
      postiLetto: 'NO',
      spaziCommerciali: 'NO',
      mobilitaSostenibile: 'SI',
      tipoModalitaSostenibile: 6,
      numeroInterventoSostenibile: 3,
      smartSolution: 'NO',
    }),
  });
  return {
    fund: 'PUI',
    callTitle: 'Bando PUI 2026 \u2013 Piani Urbani Integrati',
    definition: puiWizardDefinition as unknown as FundDefinition<Record<string, unknown>>,
    values,
    ...applicant,
    attachments: [
      { slot: 'Relazione tecnica', name: 'relazione tecnica è definitiva.pdf', size: 1_234_567, sha256: hash('a') },
      { slot: 'Piano economico e finanziario', name: 'pef-2026.xlsx', size: 48_210, sha256: hash('b') },
    ],
    names,
    ...overrides,
  };
}

/** A complete TUR application (tests/support/turFixtures.ts) with some tourism indicators answered, one attachment. */
export function turDomandaInput(names: ReferenceNames, overrides: Partial<DomandaInput> = {}): DomandaInput {
  const values = completeTurApplication(ORGANIZATION_ID, {
    turSurveyDto: turSurveySchema.parse({
      ristrutturazione: 'false',
      energiaRinnovabile: 'true',
      potenzaFER: 85.5,
      quantitaFER: 110,
      noteEnergiaRinnovabile: 'Impianto fotovoltaico sulle coperture',
      prevIncrementoTuristi: 'true',
      incrementoTuristi: 4500,
      contestoPaesaggistico: 'true',
      tipoContestoPaesaggistico: 'Patrimonio UNESCO della Val d\u2019Orcia',
      mobilitaSostenibile: 'false',
      numInterventiMobilitaSostenibile: 7,
    }),
  });
  return {
    fund: 'TUR',
    callTitle: 'Bando TUR 2026 \u2013 Turismo Sostenibile',
    definition: turWizardDefinition as unknown as FundDefinition<Record<string, unknown>>,
    values,
    ...applicant,
    attachments: [{ slot: 'Business plan', name: 'business-plan.pdf', size: 987_654, sha256: hash('c') }],
    names,
    ...overrides,
  };
}
