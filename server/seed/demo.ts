/**
 * `npm run seed:demo`: demo organisations with applications in every status, so a newcomer can try the
 * admin panel. Never run by `npm start`. Uses the configured database (DATA_DIR or DATABASE_URL): with the
 * embedded PGlite, stop the portal first (one process per data directory; a second one is refused, see
 * server/db/embeddedDatabaseProcess.ts). Safe to run again: organisations
 * already present (same P.IVA) are left alone.
 *
 * Every demo application walks the lifecycle machine from Non avviata to its status, one allowed event at a
 * time, so its history looks like a real one.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import { openDatabase, type Db } from '../db/client.ts';
import { applications } from '../db/schema/applications.ts';
import { calls } from '../db/schema/calls.ts';
import { organizations } from '../db/schema/organizations.ts';
import { createStatusChanges } from '../applications/statusChanges.ts';
import { seedCalls } from '../reference/calls.ts';
import { monitoringPeriods, monitoringRounds } from '../db/schema/monitoring.ts';
import { readMonitoringPeriods, seedMonitoringPeriods } from '../monitoring/periods.ts';
import { createTerritory } from '../reference/territory.ts';
import { loadReferenceData, type ReferenceData } from '../reference/referenceData.ts';
import { APPLICATION_STATUS_CODES, FUNDS, type ApplicationStatusCode, type Fund } from '../../domain/applicationStatus.ts';
import { partitaIvaCheckDigit } from '../../domain/organization.ts';
import { callThresholdsSchema, type CallThresholds } from '../../domain/call.ts';
import { eventsLeadingTo } from '../../machines/application-lifecycle/transitions.ts';
import { puiSurveySchema, STADI_ITER } from '../../domain/pui/puiApplication.ts';
import { TUR_NO, TUR_YES, turSurveySchema } from '../../domain/tur/turApplication.ts';
import { PUI_FINALITA_GENERALI, PUI_OBIETTIVI_GENERALI } from '../../domain/puiReference.ts';
import { puiWizardDefinition } from '../../domain/pui/puiWizard.ts';
import { turWizardDefinition } from '../../domain/tur/turWizard.ts';
import { fiscalCodeCheckCharacter } from '../../domain/fiscalCode.ts';

interface DemoOrganization {
  name: string;
  comune: string;
  provinceSigla: string;
  formaGiuridica: number;
  contact: string;
}

/** Real comuni; the organisations are invented. */
const DEMO_ORGANIZATIONS: DemoOrganization[] = [
  { name: 'Comune di Matera', comune: 'Matera', provinceSigla: 'MT', formaGiuridica: 1, contact: 'Lucia Ferrante' },
  { name: 'Comune di Assisi', comune: 'Assisi', provinceSigla: 'PG', formaGiuridica: 1, contact: 'Francesco Bartoli' },
  { name: 'Comune di Taormina', comune: 'Taormina', provinceSigla: 'ME', formaGiuridica: 1, contact: 'Giuseppe Cannavò' },
  { name: 'Comune di Alba', comune: 'Alba', provinceSigla: 'CN', formaGiuridica: 1, contact: 'Elena Rinaldi' },
  { name: 'Comune di Lecce', comune: 'Lecce', provinceSigla: 'LE', formaGiuridica: 1, contact: 'Antonio De Santis' },
  { name: 'Città metropolitana di Bologna', comune: 'Bologna', provinceSigla: 'BO', formaGiuridica: 2, contact: 'Chiara Montanari' },
  { name: 'Comune di Trento', comune: 'Trento', provinceSigla: 'TN', formaGiuridica: 1, contact: 'Stefano Dallapiccola' },
  { name: 'Unione dei Comuni della Val di Cornia', comune: 'Piombino', provinceSigla: 'LI', formaGiuridica: 5, contact: 'Marco Giannini' },
  { name: 'Comune di Sorrento', comune: 'Sorrento', provinceSigla: 'NA', formaGiuridica: 1, contact: 'Anna Esposito' },
  { name: 'Comune di Urbino', comune: 'Urbino', provinceSigla: 'PU', formaGiuridica: 1, contact: 'Paolo Magi' },
  { name: 'Fondazione Borghi Vivi', comune: 'Bagnoregio', provinceSigla: 'VT', formaGiuridica: 15, contact: 'Sara Lombardi' },
  { name: 'Albergo Diffuso Sassi S.r.l.', comune: 'Matera', provinceSigla: 'MT', formaGiuridica: 7, contact: 'Vito Lorusso' },
  {
    name: 'Cooperativa Sociale Terre dell\u2019Etna',
    comune: 'Zafferana Etnea',
    provinceSigla: 'CT',
    formaGiuridica: 12,
    contact: 'Rosaria Platania',
  },
  { name: 'Comune di Cagliari', comune: 'Cagliari', provinceSigla: 'CA', formaGiuridica: 1, contact: 'Gianluca Porcu' },
  { name: 'Comune di Ancona', comune: 'Ancona', provinceSigla: 'AN', formaGiuridica: 1, contact: 'Michela Pieroni' },
  { name: 'Comune di Pescara', comune: 'Pescara', provinceSigla: 'PE', formaGiuridica: 1, contact: 'Luca Di Giacomo' },
  { name: 'Consorzio Turistico Langhe Roero', comune: 'Bra', provinceSigla: 'CN', formaGiuridica: 13, contact: 'Davide Bosio' },
  { name: 'Comune di Siena', comune: 'Siena', provinceSigla: 'SI', formaGiuridica: 1, contact: 'Caterina Bindi' },
  { name: 'Comune di Verona', comune: 'Verona', provinceSigla: 'VR', formaGiuridica: 1, contact: 'Alberto Zanini' },
  { name: 'Comune di Bergamo', comune: 'Bergamo', provinceSigla: 'BG', formaGiuridica: 1, contact: 'Silvia Locatelli' },
  { name: 'Comune di Como', comune: 'Como', provinceSigla: 'CO', formaGiuridica: 1, contact: 'Roberto Castelli' },
  { name: 'Comune di Perugia', comune: 'Perugia', provinceSigla: 'PG', formaGiuridica: 1, contact: 'Irene Tosti' },
  { name: 'Comune di Palermo', comune: 'Palermo', provinceSigla: 'PA', formaGiuridica: 1, contact: 'Salvatore La Rosa' },
  {
    name: 'Azienda Speciale Terme di Salsomaggiore',
    comune: 'Salsomaggiore Terme',
    provinceSigla: 'PR',
    formaGiuridica: 19,
    contact: 'Giorgia Ferrari',
  },
  { name: 'Comune di Genova', comune: 'Genova', provinceSigla: 'GE', formaGiuridica: 1, contact: 'Matteo Parodi' },
  { name: 'Comune di L\u2019Aquila', comune: "L'Aquila", provinceSigla: 'AQ', formaGiuridica: 1, contact: 'Valentina Ciccone' },
];

/** The CAP of each demo comune (its centre's, for cities with several). */
const DEMO_CAP: Record<string, string> = {
  Matera: '75100',
  Assisi: '06081',
  Taormina: '98039',
  Alba: '12051',
  Lecce: '73100',
  Bologna: '40121',
  Trento: '38122',
  Piombino: '57025',
  Sorrento: '80067',
  Urbino: '61029',
  Bagnoregio: '01022',
  'Zafferana Etnea': '95019',
  Cagliari: '09124',
  Ancona: '60121',
  Pescara: '65121',
  Bra: '12042',
  Siena: '53100',
  Verona: '37121',
  Bergamo: '24121',
  Como: '22100',
  Perugia: '06121',
  Palermo: '90133',
  'Salsomaggiore Terme': '43039',
  Genova: '16121',
  "L'Aquila": '67100',
};

const ADMIN_NOTES: Record<string, string> = {
  'admin.evaluate': 'Avvio dell\u2019istruttoria formale.',
  'admin.integration.request': 'Si richiede il cronoprogramma aggiornato e la planimetria dell\u2019intervento.',
  'admin.admit': 'Requisiti di ammissibilità verificati.',
  'admin.reject': 'Intervento non coerente con le finalità del fondo.',
  'admin.deliberate': 'Deliberato dal comitato di investimento.',
  'admin.monitoring.open': 'Apertura del periodo di monitoraggio.',
  'admin.monitoring.close': 'Periodo di monitoraggio concluso.',
  'admin.reopen': 'Riaperta su richiesta del proponente.',
};

const DAY = 24 * 60 * 60 * 1000;

/** A valid partita IVA of the demo range (prefix 77), one per index. */
function demoPartitaIva(index: number): string {
  const firstTen = `77${String(index).padStart(5, '0')}058`;
  return `${firstTen}${partitaIvaCheckDigit(firstTen)}`;
}

/** Plain Italian prose of about `length` characters, for the description fields' limits. */
function demoProse(subject: string, length: number): string {
  const sentence = `Il progetto ${subject} valorizza il territorio, ne migliora l\u2019accessibilità e riduce i consumi energetici. `;
  return sentence
    .repeat(Math.ceil(length / sentence.length))
    .slice(0, length)
    .trim();
}

/**
 * A demo application's answers to the impact indicators both funds ask (domain/impactIndicators.ts), with the
 * fund's own yes/no answers: what is asked on yes is answered only then, as the wizard keeps it.
 */
function demoSharedIndicators<Answer extends string>(index: number, yes: Answer, no: Answer) {
  const renovates = index % 2 === 0;
  const beds = index % 3 !== 1;
  const green = index % 4 === 0;
  return {
    tipoAutorizzazione: renovates ? 'Permesso di costruire' : 'Segnalazione certificata di inizio attività',
    ristrutturazione: renovates ? yes : no,
    ...(renovates
      ? {
          mqSLP: 600 + ((index * 135) % 2400),
          tipoInterventoPrevisione: (index % 5) + 1,
          consumoMWh: 80 + ((index * 17.5) % 300),
          classeEnergeticaPartenza: 'F' as const,
          classeEnergeticaRaggiunta: index % 3 === 0 ? ('A' as const) : ('B' as const),
          noteRistrutturazione: 'Cappotto termico, serramenti e impianti sostituiti.',
        }
      : {}),
    energiaRinnovabile: yes,
    potenzaFER: 40 + ((index * 15) % 200),
    quantitaFER: 50 + ((index * 18.5) % 260),
    superficieCoperta: renovates ? yes : no,
    ...(renovates ? { superficieCopertaEsistente: 900 + ((index * 210) % 3000) } : {}),
    superficieVerde: green ? yes : no,
    ...(green ? { superficieVerdeAggiunta: 1200 + index * 35, noteSuperficieVerde: 'Giardino pubblico con essenze autoctone.' } : {}),
    housing: no,
    postiLetto: beds ? yes : no,
    ...(beds ? { numeroPostiLetto: 20 + (index % 6) * 8 } : {}),
    spaziCommerciali: index % 5 === 0 ? yes : no,
    ...(index % 5 === 0 ? { superficieVenditaSpaziCommerciali: 250 + index * 10 } : {}),
    smartSolution: yes,
    tipoSmartSolution: index % 2 === 0 ? 'Illuminazione pubblica intelligente' : 'Sensori per il monitoraggio dei consumi',
    numeroInterventiSmartSolution: 1 + (index % 4),
  };
}

/** A demo application's submitted values and the reviewers' warnings its fund's rules give them. */
interface DemoApplication {
  values: Record<string, unknown>;
  warnings(thresholds: CallThresholds): string[];
}

interface DemoPlace {
  regionId: number | null;
  provinceId: number | null;
  comuneId: number | null;
  /**
   * The PUI project's metropolitan city (the organisation's own, else one in turn), its region's name (a PUI
   * application keeps the region by name, as CreatePui completes it from the city: server/funds/pui.ts) and the
   * comune of the project: the organisation's own when it is in the city, else the city's first.
   */
  metropolitanCity: { id: number; regionId: number | null; comuneId: number | null; comuneName: string };
}

/** What a PUI application names from the reference data (server/reference/lists/): plans, objectives, types, levels. */
type PuiReference = Pick<ReferenceData, 'puiOfCity' | 'obiettiviSpecificiOf' | 'tipologieProgettiFinanziabili' | 'livelliProgettazione'>;

/**
 * The values a demo application was submitted with, built through the fund's own definition: the TUR ones
 * pass every rule of spec §5 (totals equal to the sources, descriptions of the right length, the comune in its
 * province and region), with shares that trigger each reviewer warning now and then.
 */
function demoApplication(
  fund: Fund,
  org: DemoOrganization,
  place: DemoPlace,
  reference: PuiReference,
  organizationId: string,
  index: number,
): DemoApplication {
  const total = 2_000_000 + ((index * 1_370_000) % 38_000_000);
  const fundShare = Math.round(total * (index % 3 === 0 ? 0.6 : 0.4));
  if (fund === 'PUI') {
    const city = place.metropolitanCity;
    const pick = <Item>(items: readonly Item[]) => items[index % items.length];
    const obbGenerale = pick(PUI_OBIETTIVI_GENERALI)!.id;
    const specific = pick(reference.obiettiviSpecificiOf(obbGenerale, city.id));
    const immobili = Math.round(total * (index % 4 === 0 ? 0.12 : 0.04));
    const circolante = Math.round(total * 0.06);
    const values = puiWizardDefinition.withComputedValues({
      ...puiWizardDefinition.emptyValues(organizationId),
      progNome: `Rigenerazione urbana a ${city.comuneName}`,
      progCittaMetropolitana: city.id,
      progRegione: city.regionId === null ? '' : String(city.regionId),
      progComune: city.comuneId,
      progInherentPui: false,
      puiRiferimento: reference
        .puiOfCity(city.id)
        .slice(0, 1)
        .map((plan) => plan.id),
      puiCorrispndeObbietivi: true,
      progPuiDistanza: 150 + ((index * 70) % 900),
      finalitaGenerale: pick(PUI_FINALITA_GENERALI)!.id,
      obbGenerale,
      obbSpecifico: specific ? [specific.id] : [],
      descrizioneObbSpecifico: demoProse(`contribuisce all\u2019obiettivo scelto a ${city.comuneName}`, 600),
      progDescrizione: demoProse(`di rigenerazione urbana di ${city.comuneName}`, 700),
      tipoIntervento: [pick(reference.tipologieProgettiFinanziabili)!.id],
      progettista: `Ufficio tecnico ${org.name}`,
      costiTotale: total,
      costiImmobili: immobili,
      costiCapex: total - immobili - circolante,
      costiCircolante: circolante,
      entitaInterventoFondo: fundShare,
      cofinanziamentoDebito: 0,
      cofinanziamentoEquity: 0,
      cofinanziamentoPubblico: total - fundShare,
      nomeMisuraCofinanziamento: 'Cofinanziamento comunale',
      formaTecnicaIntervento: 'Equity',
      tempiLivello: pick(reference.livelliProgettazione)!.id,
      tempiStadioIter: pick(STADI_ITER)!,
      tempiTipoAut: 'Permesso di costruire',
      tempiPermessi: 60 + (index % 5) * 30,
      tempiInizioLavori: '2026-03-01',
      tempiDurataLavori: 5,
      tempiDescrizione: demoProse(`autorizzativo della città metropolitana per ${city.comuneName}`, 260),
      puiSurveyDto: puiSurveySchema.parse({
        ...demoSharedIndicators(index, 'SI', 'NO'),
        piantumazioni: 'SI',
        numeroPiantumazioni: 20 + (index % 7) * 10,
        forzaLavoro: 15 + (index % 9) * 4,
      }),
    });
    return { values, warnings: (thresholds) => puiWizardDefinition.warnings(values, thresholds) };
  }
  const immobili = Math.round(total * (index % 4 === 0 ? 0.15 : 0.05));
  const energy = Math.round(total * (index % 5 === 0 ? 0.4 : 0.55));
  const digital = Math.round(total * (index % 7 === 0 ? 0.1 : 0.22));
  const publicShare = Math.round(total * 0.1);
  const debt = Math.round((total - fundShare - publicShare) / 2);
  const values = turWizardDefinition.withComputedValues({
    ...turWizardDefinition.emptyValues(organizationId),
    progNome: `Ospitalità sostenibile a ${org.comune}`,
    progRegione: place.regionId === null ? '' : String(place.regionId),
    progProvincia: place.provinceId === null ? '' : String(place.provinceId),
    progComune: place.comuneId === null ? '' : String(place.comuneId),
    progAreaTematica: (index % 14) + 1,
    descrizione: demoProse(`di turismo sostenibile a ${org.comune}`, 300),
    costiTotale: total,
    costiImmobili: immobili,
    costiTotaleCapexTransEnerg: energy,
    costiTotaleCapexTransDigital: digital,
    costiTotaleCircolante: Math.max(0, total - immobili - energy - digital),
    costiIintervento: fundShare,
    costiDdebito: debt,
    costiEquity: total - fundShare - publicShare - debt,
    costiPubblico: publicShare,
    costiNomeCofinanziamento: 'Fondo regionale per il turismo sostenibile',
    costiTecnicaIntervento: 'Equity',
    tempiLivello: 2,
    tempiInizioLavori: '2026-03-01',
    tempiDurataLavori: 5,
    tempiDescrizione: demoProse(`autorizzativo del comune di ${org.comune}`, 260),
    turSurveyDto: turSurveySchema.parse({
      ...demoSharedIndicators(index, TUR_YES, TUR_NO),
      superficieCopertaRecuperata: index % 3 === 0 ? TUR_YES : TUR_NO,
      ...(index % 3 === 0 ? { mqSuperficieCopertaRecuperata: 400 + index * 25 } : {}),
      piantumazioni: TUR_YES,
      numeroPiantumazioni: 30 + (index % 6) * 12.5,
      forzaLavoro: 10 + (index % 8) * 3,
      prevIncrementoTuristi: TUR_YES,
      incrementoTuristi: 2000 + index * 150,
      prevIncrementoForzaLavoro: 4 + (index % 5),
      contestoPaesaggistico: index % 4 === 1 ? TUR_YES : TUR_NO,
      ...(index % 4 === 1 ? { tipoContestoPaesaggistico: 'Area di notevole interesse pubblico' } : {}),
      mobilitaSostenibile: TUR_YES,
      tipoMobilitaSostenibile: (index % 6) + 1,
      numInterventiMobilitaSostenibile: 1 + (index % 3),
    }),
  });
  return { values, warnings: (thresholds) => turWizardDefinition.warnings(values, thresholds) };
}

/** The call's warning thresholds, as a real submission reads them. */
async function thresholdsOf(db: Db, fund: Fund): Promise<CallThresholds> {
  const [call] = await db.select().from(calls).where(eq(calls.fund, fund));
  return callThresholdsSchema.parse(call!.thresholds);
}

/** A legal representative for a demo organisation: the contact's name, a codice fiscale valid by its check character. */
function demoLegalRepresentative(contact: string, index: number) {
  const [nome = contact, ...rest] = contact.split(' ');
  const first15 = `DMOLGL80A${String((index % 28) + 1).padStart(2, '0')}H501`;
  return {
    legaleRappresentanteNome: nome,
    legaleRappresentanteCognome: rest.join(' ') || nome,
    legaleRappresentanteCodiceFiscale: `${first15}${fiscalCodeCheckCharacter(first15)}`,
    role: 'Legale rappresentante',
  };
}

export async function seedDemo(db: Db): Promise<{ organizations: number; applications: number; skipped: number }> {
  await seedCalls(db);
  await seedMonitoringPeriods(db, await readMonitoringPeriods(undefined, FUNDS));
  const territory = createTerritory();
  const reference = await loadReferenceData({ territory });
  const { cittaMetropolitane } = reference;
  // The demo's history is a made-up past: nobody is e-mailed about it.
  const statusChanges = createStatusChanges(db, { recordNotifications: false });
  let created = 0;
  let skipped = 0;
  let applicationCount = 0;

  for (const [index, org] of DEMO_ORGANIZATIONS.entries()) {
    const pIva = demoPartitaIva(index);
    const [existing] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.pIva, pIva));
    if (existing) {
      skipped += 1;
      continue;
    }
    const province = territory.provinces.find((p) => p.sigla === org.provinceSigla);
    const comune = province ? territory.comuniOf(province.id).find((c) => c.name === org.comune) : undefined;
    const slug = org.comune.toLowerCase().replace(/[^a-z]+/g, '');
    const [row] = await db
      .insert(organizations)
      .values({
        name: org.name,
        email: `protocollo@${slug}.demo.it`,
        pIva,
        profile: {
          formaGiuridica: org.formaGiuridica,
          codiceAteco: '84.11.10',
          publicParticipation: false,
          description: `${org.name}: organizzazione dimostrativa del Portale Fondi.`,
          telephone: '0612345678',
          privacy: true,
          contactReference: org.contact,
          // The demo's contact person is its legal representative too, with a made-up but well-formed codice fiscale.
          ...demoLegalRepresentative(org.contact, index),
          region: province?.regionId ?? null,
          province: province?.id ?? null,
          comune: comune?.id ?? null,
          address: 'Piazza del Municipio',
          numCivico: '1',
          cap: DEMO_CAP[org.comune] ?? null,
          pec: `${slug}@pec.demo.it`,
        },
      })
      .returning({ id: organizations.id });
    created += 1;

    // Every status appears for both funds: TUR takes the statuses in order, PUI five steps further on.
    const statuses: [Fund, ApplicationStatusCode][] = [
      ['TUR', APPLICATION_STATUS_CODES[index % 13]!],
      ['PUI', APPLICATION_STATUS_CODES[(index + 5) % 13]!],
    ];
    for (const [fund, status] of statuses) {
      if (status === 'NON_AVVIATA') continue;
      await db.transaction(async (tx) => {
        const steps = eventsLeadingTo(status);
        let at = Date.now() - (steps.length * 9 + index) * DAY;
        const [application] = await tx
          .insert(applications)
          .values({ organizationId: row!.id, fund, createdAt: new Date(at), updatedAt: new Date(at), statusChangedAt: new Date(at) })
          .returning({ id: applications.id });
        const city =
          cittaMetropolitane.find((c) => c.provinceId === province?.id) ?? cittaMetropolitane[index % cittaMetropolitane.length]!;
        const place: DemoPlace = {
          regionId: province?.regionId ?? null,
          provinceId: province?.id ?? null,
          comuneId: comune?.id ?? null,
          metropolitanCity: {
            id: city.id,
            regionId: territory.province(city.provinceId)?.regionId ?? null,
            ...(province?.id === city.provinceId && comune
              ? { comuneId: comune.id, comuneName: comune.name }
              : {
                  comuneId: territory.comuniOf(city.provinceId)[0]?.id ?? null,
                  comuneName: territory.comuniOf(city.provinceId)[0]?.name ?? city.name,
                }),
          },
        };
        const demo = demoApplication(fund, org, place, reference, row!.id, index);
        for (const step of steps) {
          at += (2 + ((index + step.event.length) % 7)) * DAY;
          const when = new Date(at);
          const set =
            step.event === 'applicant.draft.autosave'
              ? { draft: demo.values, draftVersion: 3, draftUpdatedAt: when }
              : step.event === 'applicant.application.submit'
                ? { body: demo.values, warnings: demo.warnings(await thresholdsOf(tx, fund)) }
                : undefined;
          const applied = await statusChanges.apply(
            tx,
            application!.id,
            step,
            { role: step.role, userId: null },
            {
              at: when,
              note: step.role === 'admin' ? (ADMIN_NOTES[step.event] ?? null) : null,
              ...(set ? { set } : {}),
            },
          );
          if (!applied) throw new Error(`demo: ${step.event} refused for ${org.name}`);
          // Monitoring in the demo: the fund's first period, opened and (when submitted) handed over on the step's day.
          if (step.event === 'admin.monitoring.open') {
            const [period] = await tx
              .select()
              .from(monitoringPeriods)
              .where(eq(monitoringPeriods.fund, fund))
              .orderBy(asc(monitoringPeriods.opensOn))
              .limit(1);
            if (period) await tx.insert(monitoringRounds).values({ applicationId: application!.id, periodId: period.id, openedAt: when });
          } else if (step.event === 'applicant.monitoring.submit') {
            await tx
              .update(monitoringRounds)
              .set({ submittedAt: when })
              .where(and(eq(monitoringRounds.applicationId, application!.id), isNull(monitoringRounds.submittedAt)));
          }
        }
      });
      applicationCount += 1;
    }
  }
  return { organizations: created, applications: applicationCount, skipped };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    const result = await seedDemo(database.db);
    console.log(
      `Dati dimostrativi: ${result.organizations} organizzazioni e ${result.applications} candidature create` +
        (result.skipped ? `, ${result.skipped} organizzazioni già presenti lasciate invariate.` : '.'),
    );
  } finally {
    await database.close();
  }
}
