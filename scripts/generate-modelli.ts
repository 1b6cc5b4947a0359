/**
 * Writes the forms applicants download from the attachment slots ("Scarica modulo") into
 * public/modelli/, which Vite copies into dist/ and the server serves as static files:
 *   - informativa-privacy.pdf   Informativa e consenso al trattamento dei dati personali (art. 13 GDPR)
 *   - accordo-riservatezza.pdf  Accordo di riservatezza
 *   - dichiarazione-dnsh-<fund>.pdf  Dichiarazione DNSH, one per fund (review stage, spec §2 DNSH screen)
 * Run with `npm run modelli` after changing a text below; the output is committed. The output is
 * deterministic (fixed dates and document id), so regenerating unchanged texts changes no byte.
 *
 * The files carry PDF/A-2B identification in their XMP metadata, but use the standard (non-embedded)
 * Helvetica fonts and no output intent: they are not validated PDF/A documents.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PDFDocument, PDFHexString, PDFName, PDFString, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { FUNDS, fundTitles, type Fund } from '../domain/applicationStatus.ts';
import { dnshTemplateOf } from '../domain/attachmentTemplates.ts';
import { italianAnd, italianOr } from '../domain/italianLists.ts';

/** The funds as the texts name them (domain/funds.ts): 'TUR e PUI', 'del Fondo Tematico … (TUR) e del …'. */
const FUND_CODES = italianAnd(FUNDS);
const fundsNamed = (preposition: string, join: (items: readonly string[]) => string) =>
  join(FUNDS.map((fund) => `${preposition} ${fundTitles[fund]} (${fund})`));

const OUT_DIR = fileURLToPath(new URL('../public/modelli/', import.meta.url));
const FIXED_DATE = new Date('2026-01-01T00:00:00Z');
const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const BLUE = rgb(0, 0.4, 0.8);

type Block =
  | { kind: 'title'; text: string }
  | { kind: 'subtitle'; text: string }
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'bullet'; text: string }
  | { kind: 'line'; label: string }
  | { kind: 'signatures'; labels: string[] }
  | { kind: 'space' };

interface FormDefinition {
  file: string;
  title: string;
  subject: string;
  blocks: Block[];
}

class Writer {
  page!: PDFPage;
  y = 0;
  pageNumber = 0;
  constructor(
    readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
    readonly footer: string,
  ) {
    this.newPage();
  }

  newPage() {
    this.page = this.doc.addPage(A4);
    this.pageNumber += 1;
    this.y = A4[1] - MARGIN;
    this.page.drawText(`${this.footer} - pagina ${this.pageNumber}`, {
      x: MARGIN,
      y: 30,
      size: 8,
      font: this.regular,
      color: rgb(0.35, 0.35, 0.35),
    });
  }

  ensure(height: number) {
    if (this.y - height < MARGIN) this.newPage();
  }

  wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const lines: string[] = [];
    let line = '';
    for (const word of text.split(/\s+/)) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) > width && line) {
        lines.push(line);
        line = word;
      } else {
        line = candidate;
      }
    }
    if (line) lines.push(line);
    return lines;
  }

  text(text: string, options: { font?: PDFFont; size?: number; indent?: number; color?: ReturnType<typeof rgb>; after?: number }) {
    const font = options.font ?? this.regular;
    const size = options.size ?? 10;
    const indent = options.indent ?? 0;
    const leading = size * 1.4;
    for (const line of this.wrap(text, font, size, A4[0] - 2 * MARGIN - indent)) {
      this.ensure(leading);
      this.y -= leading;
      this.page.drawText(line, { x: MARGIN + indent, y: this.y, size, font, color: options.color ?? rgb(0.1, 0.1, 0.1) });
    }
    this.y -= options.after ?? 4;
  }

  block(block: Block) {
    switch (block.kind) {
      case 'title':
        return this.text(block.text, { font: this.bold, size: 15, color: BLUE, after: 6 });
      case 'subtitle':
        return this.text(block.text, { size: 10.5, after: 12 });
      case 'heading':
        this.ensure(40);
        this.y -= 6;
        return this.text(block.text, { font: this.bold, size: 11, color: BLUE, after: 2 });
      case 'paragraph':
        return this.text(block.text, { after: 6 });
      case 'bullet': {
        this.ensure(14);
        const top = this.y;
        this.text(block.text, { indent: 14, after: 3 });
        this.page.drawText('-', { x: MARGIN + 4, y: top - 14, size: 10, font: this.regular });
        return;
      }
      case 'line':
        this.ensure(30);
        this.y -= 24;
        this.page.drawText(block.label, { x: MARGIN, y: this.y, size: 10, font: this.regular });
        this.page.drawLine({
          start: { x: MARGIN + this.regular.widthOfTextAtSize(block.label, 10) + 6, y: this.y - 2 },
          end: { x: A4[0] - MARGIN, y: this.y - 2 },
          thickness: 0.6,
        });
        return;
      case 'signatures': {
        this.ensure(70);
        this.y -= 50;
        const width = (A4[0] - 2 * MARGIN - 30 * (block.labels.length - 1)) / block.labels.length;
        block.labels.forEach((label, index) => {
          const x = MARGIN + index * (width + 30);
          this.page.drawLine({ start: { x, y: this.y }, end: { x: x + width, y: this.y }, thickness: 0.6 });
          this.page.drawText(label, { x, y: this.y - 12, size: 8.5, font: this.regular });
        });
        this.y -= 24;
        return;
      }
      case 'space':
        this.y -= 8;
        return;
    }
  }
}

const xmlEscape = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** XMP with the PDF/A identification (pdfaid:part 2, conformance B), Dublin Core title and Italian language. */
function xmpMetadata(form: FormDefinition, documentId: string): string {
  const date = FIXED_DATE.toISOString().replace('.000Z', 'Z');
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/">
   <pdfaid:part>2</pdfaid:part>
   <pdfaid:conformance>B</pdfaid:conformance>
  </rdf:Description>
  <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
   <dc:format>application/pdf</dc:format>
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">${xmlEscape(form.title)}</rdf:li></rdf:Alt></dc:title>
   <dc:description><rdf:Alt><rdf:li xml:lang="x-default">${xmlEscape(form.subject)}</rdf:li></rdf:Alt></dc:description>
   <dc:creator><rdf:Seq><rdf:li>Portale Fondi</rdf:li></rdf:Seq></dc:creator>
   <dc:language><rdf:Bag><rdf:li>it-IT</rdf:li></rdf:Bag></dc:language>
  </rdf:Description>
  <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/" xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/">
   <xmp:CreateDate>${date}</xmp:CreateDate>
   <xmp:ModifyDate>${date}</xmp:ModifyDate>
   <xmp:MetadataDate>${date}</xmp:MetadataDate>
   <xmp:CreatorTool>Portale Fondi - scripts/generate-modelli.ts</xmp:CreatorTool>
   <pdf:Producer>pdf-lib</pdf:Producer>
   <xmpMM:DocumentID>uuid:${documentId}</xmpMM:DocumentID>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
}

async function render(form: FormDefinition): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const writer = new Writer(doc, regular, bold, form.title);
  for (const block of form.blocks) writer.block(block);

  const digest = createHash('sha256').update(form.file).update(JSON.stringify(form.blocks)).digest('hex');
  const documentId = `${digest.slice(0, 8)}-${digest.slice(8, 12)}-${digest.slice(12, 16)}-${digest.slice(16, 20)}-${digest.slice(20, 32)}`;
  doc.setTitle(form.title, { showInWindowTitleBar: true });
  doc.setSubject(form.subject);
  doc.setAuthor('Portale Fondi');
  doc.setCreator('Portale Fondi - scripts/generate-modelli.ts');
  doc.setProducer('pdf-lib');
  doc.setLanguage('it-IT');
  doc.setCreationDate(FIXED_DATE);
  doc.setModificationDate(FIXED_DATE);

  const metadata = doc.context.stream(Buffer.from(xmpMetadata(form, documentId), 'utf8'), { Type: 'Metadata', Subtype: 'XML' });
  doc.catalog.set(PDFName.of('Metadata'), doc.context.register(metadata));
  doc.catalog.set(PDFName.of('Lang'), PDFString.of('it-IT'));
  const id = PDFHexString.of(digest.slice(0, 32));
  doc.context.trailerInfo.ID = doc.context.obj([id, id]);
  return doc.save({ useObjectStreams: false });
}

const privacy: FormDefinition = {
  file: 'informativa-privacy.pdf',
  title: 'Informativa e consenso al trattamento dei dati personali',
  subject: `Informativa ai sensi dell\u2019art. 13 del Regolamento (UE) 2016/679 per i candidati ai Fondi Tematici ${FUND_CODES}`,
  blocks: [
    { kind: 'title', text: 'Informativa e consenso al trattamento dei dati personali' },
    {
      kind: 'subtitle',
      text: `ai sensi dell\u2019art. 13 del Regolamento (UE) 2016/679 (GDPR) e del D.Lgs. 196/2003 come modificato dal D.Lgs. 101/2018, per la partecipazione agli avvisi ${fundsNamed('del', italianAnd)}.`,
    },
    { kind: 'heading', text: '1. Titolare del trattamento' },
    {
      kind: 'paragraph',
      text: `Titolare del trattamento è il Gestore dei Fondi Tematici ${FUND_CODES} (di seguito, il \u00abTitolare\u00bb), contattabile ai recapiti pubblicati sul Portale Fondi. Il Titolare ha designato un Responsabile della protezione dei dati (RPD/DPO), contattabile agli stessi recapiti per ogni questione relativa al trattamento dei dati personali.`,
    },
    { kind: 'heading', text: '2. Dati trattati' },
    {
      kind: 'paragraph',
      text: 'Sono trattati i dati anagrafici e di contatto del legale rappresentante e dei referenti dell\u2019organizzazione proponente (nome, cognome, codice fiscale, luogo e data di nascita, ruolo, indirizzo e-mail, PEC, telefono), i dati contenuti nei documenti d\u2019identità e negli allegati caricati sul Portale, nonché i dati di accesso al Portale (registri tecnici).',
    },
    { kind: 'heading', text: '3. Finalità e base giuridica del trattamento' },
    {
      kind: 'bullet',
      text: 'gestione della candidatura, istruttoria, valutazione, concessione ed erogazione del finanziamento e monitoraggio del progetto: esecuzione di misure precontrattuali e del contratto (art. 6, par. 1, lett. b GDPR);',
    },
    {
      kind: 'bullet',
      text: 'adempimento degli obblighi di legge, di rendicontazione e di controllo previsti per le risorse pubbliche, incluse le verifiche antiriciclaggio e antimafia (art. 6, par. 1, lett. c GDPR);',
    },
    {
      kind: 'bullet',
      text: 'esecuzione di compiti di interesse pubblico connessi alla gestione dei Fondi (art. 6, par. 1, lett. e GDPR);',
    },
    {
      kind: 'bullet',
      text: 'invio di comunicazioni informative sulle iniziative dei Fondi non strettamente necessarie alla candidatura: solo previo consenso (art. 6, par. 1, lett. a GDPR), revocabile in ogni momento.',
    },
    { kind: 'heading', text: '4. Natura del conferimento' },
    {
      kind: 'paragraph',
      text: 'Il conferimento dei dati per le finalità di cui ai primi tre punti è necessario: in sua assenza non è possibile presentare o istruire la candidatura. Il consenso alle comunicazioni informative è facoltativo e il suo diniego non ha conseguenze sulla candidatura.',
    },
    { kind: 'heading', text: '5. Modalità del trattamento e destinatari' },
    {
      kind: 'paragraph',
      text: 'I dati sono trattati con strumenti elettronici, con misure tecniche e organizzative adeguate a garantirne la sicurezza, da personale autorizzato e istruito. Possono essere comunicati a fornitori che operano quali responsabili del trattamento (servizi informatici e di conservazione), ad autorità pubbliche e organi di controllo, agli esperti incaricati della valutazione vincolati alla riservatezza. I dati non sono diffusi, salvo gli obblighi di pubblicità previsti dalla legge per i beneficiari di contributi pubblici.',
    },
    { kind: 'heading', text: '6. Trasferimento extra UE' },
    { kind: 'paragraph', text: 'I dati sono conservati in Paesi dell\u2019Unione europea e non sono trasferiti verso Paesi terzi.' },
    { kind: 'heading', text: '7. Periodo di conservazione' },
    {
      kind: 'paragraph',
      text: 'I dati sono conservati per la durata della procedura e del rapporto di finanziamento e, successivamente, per dieci anni dalla sua conclusione, o per il maggior periodo richiesto da obblighi di legge o dalla tutela dei diritti in sede giudiziaria. I dati delle candidature non ammesse sono conservati per cinque anni dalla chiusura dell\u2019avviso.',
    },
    { kind: 'heading', text: '8. Diritti dell\u2019interessato' },
    {
      kind: 'paragraph',
      text: 'L\u2019interessato può esercitare in ogni momento i diritti di cui agli artt. 15-22 GDPR: accesso, rettifica, cancellazione, limitazione del trattamento, portabilità, opposizione, nonché revocare il consenso prestato senza pregiudizio per la liceità del trattamento basato sul consenso prima della revoca, scrivendo al Titolare o al RPD. Ha inoltre diritto di proporre reclamo al Garante per la protezione dei dati personali (www.garanteprivacy.it).',
    },
    { kind: 'heading', text: 'Dichiarazione e consenso' },
    { kind: 'line', label: 'Il/La sottoscritto/a' },
    { kind: 'line', label: 'nato/a a' },
    { kind: 'line', label: 'il' },
    { kind: 'line', label: 'codice fiscale' },
    { kind: 'line', label: 'in qualità di legale rappresentante di' },
    { kind: 'line', label: 'codice fiscale / partita IVA dell\u2019organizzazione' },
    { kind: 'space' },
    {
      kind: 'paragraph',
      text: 'dichiara di aver ricevuto e letto la presente informativa e di averne compreso il contenuto, e, con riferimento alle comunicazioni informative sulle iniziative dei Fondi,',
    },
    { kind: 'paragraph', text: '[   ]  presta il consenso          [   ]  nega il consenso' },
    { kind: 'line', label: 'Luogo e data' },
    { kind: 'signatures', labels: ['Firma del legale rappresentante (autografa o digitale)'] },
  ],
};

const confidentiality: FormDefinition = {
  file: 'accordo-riservatezza.pdf',
  title: 'Accordo di riservatezza',
  subject: `Accordo di riservatezza tra il Gestore dei Fondi Tematici ${FUND_CODES} e l\u2019organizzazione proponente`,
  blocks: [
    { kind: 'title', text: 'Accordo di riservatezza' },
    {
      kind: 'subtitle',
      text: `relativo alla candidatura ${fundsNamed('al', italianOr)}`,
    },
    { kind: 'heading', text: 'Tra' },
    { kind: 'paragraph', text: `il Gestore dei Fondi Tematici ${FUND_CODES} (di seguito, il \u00abGestore\u00bb), e` },
    { kind: 'line', label: 'l\u2019organizzazione' },
    { kind: 'line', label: 'con sede in' },
    { kind: 'line', label: 'codice fiscale / partita IVA' },
    { kind: 'line', label: 'rappresentata da' },
    { kind: 'paragraph', text: '(di seguito, il \u00abProponente\u00bb; insieme al Gestore, le \u00abParti\u00bb).' },
    { kind: 'heading', text: 'Premesso che' },
    {
      kind: 'paragraph',
      text: 'il Proponente intende presentare, tramite il Portale Fondi, una candidatura per il finanziamento di un progetto e, a tal fine, le Parti si scambieranno informazioni tecniche, economiche, finanziarie e commerciali di natura riservata, si conviene quanto segue.',
    },
    { kind: 'heading', text: 'Art. 1 - Informazioni Riservate' },
    {
      kind: 'paragraph',
      text: 'Sono \u00abInformazioni Riservate\u00bb tutte le informazioni, i dati, i documenti e gli allegati, in qualunque forma, comunicati da una Parte all\u2019altra in relazione alla candidatura, inclusi piani economico-finanziari, relazioni tecniche, cronoprogrammi, dati su immobili e controparti, nonché l\u2019esistenza stessa e il contenuto delle trattative.',
    },
    { kind: 'heading', text: 'Art. 2 - Obblighi delle Parti' },
    {
      kind: 'bullet',
      text: 'utilizzare le Informazioni Riservate al solo fine dell\u2019istruttoria, della valutazione e dell\u2019eventuale finanziamento del progetto;',
    },
    {
      kind: 'bullet',
      text: 'non divulgarle a terzi, se non ai propri amministratori, dipendenti, consulenti ed esperti valutatori che abbiano necessità di conoscerle e siano vincolati da obblighi di riservatezza almeno equivalenti;',
    },
    {
      kind: 'bullet',
      text: 'custodirle con la diligenza usata per le proprie informazioni riservate e comunque con misure di sicurezza adeguate.',
    },
    { kind: 'heading', text: 'Art. 3 - Esclusioni' },
    {
      kind: 'paragraph',
      text: 'Gli obblighi non si applicano alle informazioni che siano o divengano di pubblico dominio senza violazione del presente accordo, che fossero già legittimamente note alla Parte ricevente, o la cui comunicazione sia richiesta dalla legge, da un\u2019autorità giudiziaria o amministrativa o dagli organi di controllo sulle risorse pubbliche; in quest\u2019ultimo caso la Parte ricevente ne informa, ove consentito, l\u2019altra Parte.',
    },
    { kind: 'heading', text: 'Art. 4 - Durata' },
    {
      kind: 'paragraph',
      text: 'Il presente accordo è efficace dalla sottoscrizione e gli obblighi di riservatezza restano in vigore per cinque anni dalla conclusione della procedura di selezione o, in caso di finanziamento, dalla chiusura del rapporto.',
    },
    { kind: 'heading', text: 'Art. 5 - Restituzione e distruzione' },
    {
      kind: 'paragraph',
      text: 'Su richiesta scritta, la Parte ricevente restituisce o distrugge le Informazioni Riservate ricevute, salvo quanto debba essere conservato per obblighi di legge o di rendicontazione.',
    },
    { kind: 'heading', text: 'Art. 6 - Dati personali' },
    {
      kind: 'paragraph',
      text: 'I dati personali eventualmente contenuti nelle Informazioni Riservate sono trattati nel rispetto del Regolamento (UE) 2016/679 e secondo l\u2019informativa resa dal Gestore.',
    },
    { kind: 'heading', text: 'Art. 7 - Legge applicabile e foro competente' },
    {
      kind: 'paragraph',
      text: 'Il presente accordo è regolato dalla legge italiana. Per ogni controversia relativa alla sua interpretazione o esecuzione è competente in via esclusiva il Foro di Roma.',
    },
    { kind: 'line', label: 'Luogo e data' },
    { kind: 'signatures', labels: ['Per il Gestore', 'Per il Proponente (legale rappresentante)'] },
  ],
};

/** The DNSH declaration of the review stage (spec §2 DNSH screen), one per fund (domain/attachmentTemplates.ts dnshTemplateOf). */
function dnshDeclaration(fund: Fund): FormDefinition {
  const template = dnshTemplateOf(fund);
  const fundName = fundTitles[fund];
  return {
    file: template.path.replace('/modelli/', ''),
    title: template.name,
    subject: `Dichiarazione attestante il rispetto dei vincoli DNSH per il ${fundName}`,
    blocks: [
      { kind: 'title', text: template.name },
      {
        kind: 'subtitle',
        text: `Dichiarazione sostitutiva di atto di notorietà (artt. 47 e 76 del D.P.R. 445/2000) attestante il rispetto del principio di non arrecare un danno significativo agli obiettivi ambientali (\u00abDo No Significant Harm\u00bb, art. 17 del Regolamento (UE) 2020/852), per gli interventi finanziati dal ${fundName} (${fund}).`,
      },
      { kind: 'line', label: 'Il/La sottoscritto/a (nome e cognome)' },
      { kind: 'line', label: 'in qualità di legale rappresentante di (denominazione e P.IVA)' },
      { kind: 'line', label: 'per l\u2019intervento (titolo del progetto e CUP)' },
      { kind: 'heading', text: 'Dichiara' },
      {
        kind: 'paragraph',
        text: 'consapevole delle sanzioni penali previste per le dichiarazioni mendaci, che l\u2019intervento è progettato e sarà realizzato nel rispetto dei vincoli DNSH previsti dal Regolamento (UE) 2021/241 e dalla Guida operativa nazionale per il rispetto del principio DNSH, e in particolare che:',
      },
      { kind: 'bullet', text: 'non comporta significative emissioni di gas a effetto serra (mitigazione dei cambiamenti climatici);' },
      {
        kind: 'bullet',
        text: 'non peggiora gli effetti negativi del clima attuale e futuro sull\u2019opera, sulle persone e sui beni (adattamento);',
      },
      { kind: 'bullet', text: 'non pregiudica il buono stato dei corpi idrici né delle acque marine (uso sostenibile delle acque);' },
      {
        kind: 'bullet',
        text: 'avvia a recupero almeno il 70% in peso dei rifiuti non pericolosi da costruzione e demolizione (economia circolare);',
      },
      {
        kind: 'bullet',
        text: 'non comporta un aumento significativo delle emissioni inquinanti nell\u2019aria, nell\u2019acqua o nel suolo (prevenzione dell\u2019inquinamento);',
      },
      {
        kind: 'bullet',
        text: 'non nuoce al buono stato e alla resilienza degli ecosistemi né allo stato di conservazione degli habitat e delle specie (biodiversità).',
      },
      { kind: 'heading', text: 'Si impegna' },
      {
        kind: 'paragraph',
        text: 'a compilare le schede DNSH pertinenti alla natura dell\u2019intervento, a conservare la documentazione che comprova il rispetto dei vincoli e a renderla disponibile per i controlli e per il monitoraggio.',
      },
      { kind: 'line', label: 'Luogo e data' },
      { kind: 'signatures', labels: ['Il legale rappresentante (firma digitale)'] },
    ],
  };
}

mkdirSync(OUT_DIR, { recursive: true });
for (const form of [privacy, confidentiality, ...FUNDS.map(dnshDeclaration)]) {
  const bytes = await render(form);
  writeFileSync(`${OUT_DIR}${form.file}`, bytes);
  console.log(`public/modelli/${form.file}: ${bytes.length} byte`);
}
