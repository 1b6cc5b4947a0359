/**
 * Applicants on deadline day, in a process of their own (forked by deadline-day.bench.ts): each registers an
 * organisation, types its PUI application (one autosave per debounce, chained on the version the previous save
 * answered, as machines/draft-sync does), uploads the mandatory attachments and hands the application over.
 * Sessions start at random moments over the run, as people arrive in the last hour. Every request's kind, status
 * and latency, and what the server acknowledged, go back to the parent.
 */
import { SignJWT, type JWTPayload } from 'jose';
import { AUTOSAVE_DEBOUNCE_MS } from '../../machines/draft-sync/timing.ts';
import { COMPILAZIONE_TYPE } from '../../domain/applicationStatus.ts';
import { completePuiApplication } from '../support/puiFixtures.ts';
import { organizationPayload } from '../support/organizationFixtures.ts';
import { multipartForm } from '../support/multipartForm.ts';
import { samplePdf } from '../support/attachmentUpload.ts';
import { sampleDocuments } from '../support/officeFiles.ts';

export interface WorkerInput {
  proxyUrl: string;
  /** Each applicant's own claims (subject, e-mail, name) over the model login's. */
  applicants: { index: number; claims: JWTPayload }[];
  /** The embedded provider's key and the model login's header and claims: tokens like the ones a login gets. */
  signing: { jwk: JsonWebKey; header: { alg: string; kid?: string }; claims: JWTPayload; ttlSeconds: number };
  /** Sessions start within this many ms of the run's start. */
  arrivalWindowMs: number;
  /** Bytes of attachments per applicant, spread over the PUI's mandatory slots. */
  uploadBytes: number;
}

export interface Sample {
  kind: 'organisation' | 'autosave' | 'upload' | 'handover' | 'read';
  status: number;
  ms: number;
  /** Why a request got no answer (status 0): the error's code or message. */
  error?: string;
}

export interface WorkerOutput {
  samples: Sample[];
  /** This process's CPU time (user and system) over the run. */
  cpuSeconds: number;
  acknowledged: {
    /** Organisation id → the progNome of the last save the server answered 200 to. */
    drafts: Record<string, string>;
    uploads: { orgId: string; id: string }[];
    handovers: string[];
  };
}

/** PUI's mandatory attachment types (server/reference/attachmentTypes.ts); 104 takes an Excel workbook. */
const PDF_SLOTS = [101, 102, 103, 105, 106];
const EXCEL_SLOT = 104;

/** Each applicant from an address of their own, as the balancer reports it (IPv6 documentation range). */
const addressOf = (index: number) => `2001:db8::${(process.pid & 0xffff).toString(16)}:${(index & 0xffff).toString(16)}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

process.once('message', (input: WorkerInput) => {
  void run(input).then((output) => process.send!(output, () => process.exit(0)));
});

async function run({ proxyUrl, applicants, signing, arrivalWindowMs, uploadBytes }: WorkerInput): Promise<WorkerOutput> {
  const samples: Sample[] = [];
  const key = await crypto.subtle.importKey('jwk', signing.jwk, { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, ['sign']);
  // An applicant's token, renewed a minute before it expires, as the browser's silent refresh does: a session that
  // the surge stretches past the token's lifetime goes on instead of failing with 401.
  const tokens = new Map<number, { token: string; expiresAt: number }>();
  const tokenOf = async (applicant: WorkerInput['applicants'][number]) => {
    const now = Math.floor(Date.now() / 1000);
    const held = tokens.get(applicant.index);
    if (held && held.expiresAt - now > 60) return held.token;
    const token = await new SignJWT({ ...signing.claims, ...applicant.claims, iat: now, exp: now + signing.ttlSeconds })
      .setProtectedHeader(signing.header)
      .sign(key);
    tokens.set(applicant.index, { token, expiresAt: now + signing.ttlSeconds });
    return token;
  };
  const acknowledged: WorkerOutput['acknowledged'] = { drafts: {}, uploads: [], handovers: [] };
  const workbook = (await sampleDocuments()).find((document) => document.name.endsWith('.xlsx'))!;

  const timed = async (
    kind: Sample['kind'],
    url: string,
    applicant: WorkerInput['applicants'][number],
    init: RequestInit,
  ): Promise<Response | undefined> => {
    const token = await tokenOf(applicant);
    const started = performance.now();
    try {
      const response = await fetch(`${proxyUrl}${url}`, {
        ...init,
        headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': addressOf(applicant.index), ...init.headers },
      });
      samples.push({ kind, status: response.status, ms: performance.now() - started });
      return response;
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      samples.push({ kind, status: 0, ms: performance.now() - started, error: cause?.code ?? cause?.message ?? String(error) });
      return undefined;
    }
  };
  const json = (body: unknown): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

  await Promise.all(
    applicants.map(async (applicant) => {
      const { index } = applicant;
      await sleep(Math.random() * arrivalWindowMs);
      const created = await timed(
        'organisation',
        '/api/Organization/CreateOrganization',
        applicant,
        json(organizationPayload({ name: `Comune della Scadenza ${index}` })),
      );
      if (created?.status !== 201) return;
      const { orgId } = (await created.json()) as { orgId: string };
      const values = completePuiApplication(orgId);

      // Typing: 10 to 30 pauses long enough for an autosave, each save based on the version the last one answered.
      let version: number | undefined;
      const saves = 10 + Math.floor(Math.random() * 21);
      for (let n = 1; n <= saves; n++) {
        await sleep(AUTOSAVE_DEBOUNCE_MS * (0.8 + Math.random() * 0.8));
        const progNome = `Progetto ${index} - revisione ${n}`;
        const saved = await timed(
          'autosave',
          '/api/DraftCompilazione/CreateDraftCompilazione',
          applicant,
          json({
            compilazioneType: COMPILAZIONE_TYPE.PUI,
            organizationId: orgId,
            json: JSON.stringify({ ...values, progNome }),
            ...(version === undefined ? {} : { version }),
          }),
        );
        if (saved?.status === 200) {
          version = ((await saved.json()) as { version: number }).version;
          acknowledged.drafts[orgId] = progNome;
        }
      }

      // The mandatory attachments, the PDFs sharing what is left beside the workbook.
      const pdfBytes = Math.max(1024, Math.floor((uploadBytes - workbook.content.length) / PDF_SLOTS.length));
      const files = [
        ...PDF_SLOTS.map((slot) => ({
          slot,
          name: `allegato-${slot}.pdf`,
          content: samplePdf(`Allegato ${slot} ${'x'.repeat(pdfBytes)}`),
        })),
        { slot: EXCEL_SLOT, name: workbook.name, content: workbook.content },
      ];
      for (const file of files) {
        const form = multipartForm([
          ['Nome', file.name],
          ['Descrizione', file.name],
          ['TipoFileId', String(file.slot)],
          ['OrgId', orgId],
          ['CallType', 'PUI'],
          ['File', { name: file.name, content: file.content }],
        ]);
        const uploaded = await timed('upload', '/api/FileUpload/UploadFile', applicant, {
          method: 'POST',
          headers: { 'content-type': form.contentType },
          body: new Uint8Array(form.body),
        });
        if (uploaded?.status === 200) acknowledged.uploads.push({ orgId, id: ((await uploaded.json()) as { id: string }).id });
      }

      await timed('read', `/api/Pui/GetPuiCompilazione?orgId=${orgId}`, applicant, {});
      const handedOver = await timed(
        'handover',
        '/api/Pui/CreatePui',
        applicant,
        json({ ...values, progNome: acknowledged.drafts[orgId] ?? values.progNome }),
      );
      if (handedOver?.status === 200) acknowledged.handovers.push(orgId);
    }),
  );
  const cpu = process.cpuUsage();
  return { samples, acknowledged, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
}
