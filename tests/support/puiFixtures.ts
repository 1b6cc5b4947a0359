import { emptyPuiApplication, type PuiApplication } from '../../domain/pui/puiApplication.ts';
import { withPuiComputedValues } from '../../domain/pui/puiRules.ts';

/** Italian prose of an exact length, for the description fields' 500–1000 / 200–500 limits. */
export function prose(length: number): string {
  const sentence = 'Il progetto riqualifica gli spazi pubblici del quartiere e ne migliora l\u2019accessibilità. ';
  return sentence
    .repeat(Math.ceil(length / sentence.length))
    .slice(0, length)
    .replace(/\s$/, '.');
}

/**
 * A PUI application that breaks no rule of spec §5 (ids are those of the seeded reference data: Milano's
 * metropolitan city 215, comune Milano 15146, its first PUI plan 21501). Override what a test is about.
 */
export function completePuiApplication(organizationId: string, overrides: Partial<PuiApplication> = {}): PuiApplication {
  const base: PuiApplication = {
    ...emptyPuiApplication(organizationId),
    progNome: 'Riqualificazione del Parco delle Cave',
    progCittaMetropolitana: 215,
    // Lombardia, by its ISTAT code.
    progRegione: '3',
    progComune: 15146,
    progInherentPui: true,
    progCodice: 'A12',
    puiRiferimento: [21501],
    puiCorrispndeObbietivi: true,
    progPuiDistanza: 250,
    finalitaGenerale: 1,
    obbGenerale: 0,
    obbSpecifico: [1],
    descrizioneObbSpecifico: prose(600),
    progDescrizione: prose(700),
    tipoIntervento: [1, 3],
    progettista: 'Studio Rossi Architetti',
    impresaEsecutriceDeilavori: 'Costruzioni Bianchi S.r.l.',
    costiTotale: 10_000_000,
    costiImmobili: 1_000_000,
    costiCapex: 8_000_000,
    costiCircolante: 1_000_000,
    entitaInterventoFondo: 4_000_000,
    cofinanziamentoDebito: 3_000_000,
    cofinanziamentoEquity: 2_000_000,
    cofinanziamentoPubblico: 1_000_000,
    nomeMisuraCofinanziamento: 'PNRR M5C2 Investimento 2.2',
    formaTecnicaIntervento: 'Debito',
    tempiLivello: 2,
    tempiStadioIter: 'In corso',
    tempiTipoAut: 'Permesso di costruire',
    tempiPermessi: 90,
    tempiInizioLavori: '2026-01-15',
    // Works have started (15/01/2026): a start marked as a forecast cannot be past (issue 46).
    previsioneInizioLavori: false,
    tempiDurataLavori: 6,
    tempiDescrizione: prose(300),
    modalitaEsecuzione: 'A corpo',
  };
  return withPuiComputedValues({ ...base, ...overrides });
}
