import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { attachmentTypes } from '../db/schema/attachments.ts';
import type { Fund } from '../../domain/applicationStatus.ts';
import { ATTACHMENT_TEMPLATES, dnshTemplateOf } from '../../domain/attachmentTemplates.ts';
import type { AttachmentFormat, AttachmentPurpose } from '../../domain/attachments.ts';

/** The forms we ship (domain/attachmentTemplates.ts), by the path each type points to. */
const TEMPLATE_PATHS = {
  privacy: ATTACHMENT_TEMPLATES.privacy.path,
  confidentiality: ATTACHMENT_TEMPLATES.confidentiality.path,
  dnshPui: dnshTemplateOf('PUI').path,
  dnshTur: dnshTemplateOf('TUR').path,
} as const;

/** The DNSH technical sheets (schede) of the national operating guide, optional, suited to each intervention. */
const SCHEDE_DNSH = [
  'Scheda DNSH 1 - Costruzione di nuovi edifici',
  'Scheda DNSH 2 - Ristrutturazioni e riqualificazioni di edifici',
  'Scheda DNSH 5 - Interventi edili e cantieristica generica',
  'Scheda DNSH 12 - Produzione di elettricità da pannelli solari',
  'Scheda DNSH 18 - Infrastrutture per la mobilità personale e ciclologistica',
];

/** The review stage's DNSH slots (spec §2 DNSH screen): the signed declaration (mandatory), then the schede. */
function reviewTypes(fund: Fund, firstId: number, templatePath: string): AttachmentTypeSeed[] {
  return [
    {
      id: firstId,
      fund,
      name: 'Dichiarazione attestante il rispetto dei vincoli DNSH',
      format: 'PDF',
      mandatory: true,
      templatePath,
      purpose: 'review',
    },
    ...SCHEDE_DNSH.map((name, index) => ({
      id: firstId + 11 + index,
      fund,
      name,
      format: 'PDF' as const,
      mandatory: false,
      purpose: 'review' as const,
    })),
  ];
}

export interface AttachmentTypeSeed {
  id: number;
  fund: Fund;
  name: string;
  format: AttachmentFormat;
  mandatory: boolean;
  multiple?: boolean;
  templatePath?: string;
  /** What the files are for (default: the application itself). */
  purpose?: AttachmentPurpose;
}

/**
 * The attachments each application asks for (spec §3, §5). Ids are the TipoFileId clients send and are
 * referenced by uploaded files: a type may be renamed, reordered or added, never renumbered or removed.
 * The generic 'Aggiungi allegato' type (x99) takes any number of optional files; 'Documento integrativo'
 * (x50) holds what the reviewers ask for during an integration; x60 and x71–x75 are the review's DNSH slots.
 */
export const attachmentTypeSeeds: AttachmentTypeSeed[] = [
  { id: 101, fund: 'PUI', name: 'Informativa privacy firmata', format: 'PDF', mandatory: true, templatePath: TEMPLATE_PATHS.privacy },
  {
    id: 102,
    fund: 'PUI',
    name: 'Accordo di riservatezza firmato',
    format: 'PDF',
    mandatory: true,
    templatePath: TEMPLATE_PATHS.confidentiality,
  },
  { id: 103, fund: 'PUI', name: 'Relazione tecnica di progetto', format: 'PDF', mandatory: true },
  { id: 104, fund: 'PUI', name: 'Piano economico-finanziario', format: 'Excel', mandatory: true },
  { id: 105, fund: 'PUI', name: 'Cronoprogramma dei lavori', format: 'PDF', mandatory: true },
  { id: 106, fund: 'PUI', name: "Documento d'identità del legale rappresentante", format: 'PDF', mandatory: true },
  { id: 107, fund: 'PUI', name: 'Delibera di approvazione del progetto', format: 'PDF', mandatory: false },
  { id: 199, fund: 'PUI', name: 'Aggiungi allegato', format: 'PDF', mandatory: false, multiple: true },
  { id: 150, fund: 'PUI', name: 'Documento integrativo', format: 'Documento', mandatory: false, multiple: true, purpose: 'integration' },
  ...reviewTypes('PUI', 160, TEMPLATE_PATHS.dnshPui),

  { id: 201, fund: 'TUR', name: 'Informativa privacy firmata', format: 'PDF', mandatory: true, templatePath: TEMPLATE_PATHS.privacy },
  {
    id: 202,
    fund: 'TUR',
    name: 'Accordo di riservatezza firmato',
    format: 'PDF',
    mandatory: true,
    templatePath: TEMPLATE_PATHS.confidentiality,
  },
  { id: 203, fund: 'TUR', name: 'Relazione tecnica e di sostenibilità del progetto turistico', format: 'PDF', mandatory: true },
  { id: 204, fund: 'TUR', name: 'Piano economico-finanziario', format: 'Excel', mandatory: true },
  { id: 205, fund: 'TUR', name: 'Cronoprogramma dei lavori', format: 'PDF', mandatory: true },
  { id: 206, fund: 'TUR', name: "Documento d'identità del legale rappresentante", format: 'PDF', mandatory: true },
  { id: 207, fund: 'TUR', name: 'Attestato di prestazione energetica (APE) ante operam', format: 'PDF', mandatory: false },
  { id: 208, fund: 'TUR', name: "Perizia di stima dell'immobile (in caso di acquisto)", format: 'PDF', mandatory: false },
  { id: 299, fund: 'TUR', name: 'Aggiungi allegato', format: 'PDF', mandatory: false, multiple: true },
  { id: 250, fund: 'TUR', name: 'Documento integrativo', format: 'Documento', mandatory: false, multiple: true, purpose: 'integration' },
  ...reviewTypes('TUR', 260, TEMPLATE_PATHS.dnshTur),
];

/**
 * Writes the list on every start: rows missing are added, existing ones take the list's name, format,
 * rules and order (this file is the truth for attachment types). Rows no longer listed are left alone,
 * since uploaded files may point to them.
 */
export async function seedAttachmentTypes(db: Db): Promise<void> {
  const rows = attachmentTypeSeeds.map((seed, index) => ({
    id: seed.id,
    fund: seed.fund,
    name: seed.name,
    format: seed.format,
    mandatory: seed.mandatory,
    multiple: seed.multiple ?? false,
    purpose: seed.purpose ?? 'application',
    templatePath: seed.templatePath ?? null,
    sortOrder: index + 1,
  }));
  await db
    .insert(attachmentTypes)
    .values(rows)
    .onConflictDoUpdate({
      target: attachmentTypes.id,
      set: {
        fund: sql`excluded.fund`,
        name: sql`excluded.name`,
        format: sql`excluded.format`,
        mandatory: sql`excluded.mandatory`,
        multiple: sql`excluded.multiple`,
        purpose: sql`excluded.purpose`,
        templatePath: sql`excluded.template_path`,
        sortOrder: sql`excluded.sort_order`,
        updatedAt: sql`now()`,
      },
      // Unchanged rows are not rewritten on every start.
      setWhere: sql`(${attachmentTypes.fund}, ${attachmentTypes.name}, ${attachmentTypes.format}, ${attachmentTypes.mandatory}, ${attachmentTypes.multiple}, ${attachmentTypes.purpose}, ${attachmentTypes.templatePath}, ${attachmentTypes.sortOrder}) is distinct from (excluded.fund, excluded.name, excluded.format, excluded.mandatory, excluded.multiple, excluded.purpose, excluded.template_path, excluded.sort_order)`,
    });
}
