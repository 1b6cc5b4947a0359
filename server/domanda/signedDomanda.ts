import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { applications, type ApplicationRow } from '../db/schema/applications.ts';
import { calls } from '../db/schema/calls.ts';
import { organizations } from '../db/schema/organizations.ts';
import { domandaSignatures } from '../db/schema/signatures.ts';
import { HttpError } from '../errors.ts';
import type { AttachmentRepository } from '../attachments/repository.ts';
import { refuseOutsideCallWindow } from '../applications/callWindow.ts';
import { fundSubmissionOf, type ServerFund } from '../applications/fundModule.ts';
import type { ApplicationRepository } from '../applications/repository.ts';
import type { ApplicationSubmission, MissingRequiredAttachments } from '../applications/submitApplication.ts';
import type { ReferenceNames } from '../exports/referenceNames.ts';
import type { Territory } from '../reference/territory.ts';
import type { FileStorage } from '../storage/fileStorage.ts';
import { StoredFileNotFoundError } from '../storage/fileStorage.ts';
import { renderDomanda } from '../pdf/renderThread.ts';
import { signatureFactsOf, signatureRowOf, type SignatureRow } from './signatureRows.ts';
import { verifySignedDomanda } from '../signatures/verification.ts';
import type { SignatureTrust } from '../signatures/trust.ts';
import { buildDomandaDocument, domandaFingerprint, type DomandaDocument } from './domandaDocument.ts';
import type { CallWindow } from '../../domain/callWindow.ts';
import type { DomandaSignature, DomandaStatus, SignatureFacts } from '../../domain/domandaSignature.ts';
import { fileNameWithExtension } from '../../domain/fileName.ts';
import { legalRepresentationOf, representativeName, type LegalRepresentation } from '../../domain/organization.ts';
import { domandaSignatureMessages } from '../../domain/messages/domandaSignature.ts';
import { isAttachmentPurposeOpen } from '../../machines/application-lifecycle/transitions.ts';

const m = domandaSignatureMessages;

/** The largest signed file taken: a signed Domanda is the PDF and a few certificates. */
export const MAX_SIGNED_DOMANDA_BYTES = 20 * 1024 * 1024;

/** Who uploads or asks for the trial signature, as the signature's row records them. */
export interface SignatureActor {
  userId: string;
  name: string;
}

/** The Domanda of an application's current content, or why there is none yet. */
type DomandaContent =
  | {
      ready: true;
      application: ApplicationRow | undefined;
      document: DomandaDocument;
      fingerprint: string;
      /** Who signs: every signer must be one of them, and all of them where they represent the organisation jointly. */
      representation: LegalRepresentation;
      /** "Domanda-TUR-01234567890.pdf": the call and the organisation's P.IVA. */
      fileName: string;
      call: CallFacts;
    }
  | { ready: false; application: ApplicationRow | undefined; reason: string; call: CallFacts };

/** What the Domanda needs of its call: the title, whether it must be signed, the window a draft may change in. */
interface CallFacts {
  title: string;
  signatureRequired: boolean;
  /** Null when the call has no row (a fund without a call in calls.json): no window is enforced. */
  window: CallWindow | null;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * The Domanda the legal representative signs and the signed file (issue 43): the PDF of the application's current
 * content (server/domanda/domandaDocument.ts, rendered off the event loop), the verification of an uploaded signed
 * file against it (server/signatures/), the trial authority's signature while no trust list is configured, and the
 * hand-over's check that what is handed over is exactly what was signed. The Domanda is made from the stored draft,
 * completed as a submission is (`prepare`), so the draft the browser autosaved and the values it then hands over
 * make the same document: the fingerprint of its content is kept with the signature and compared at the hand-over.
 */
export function createSignedDomanda(deps: {
  db: Db;
  funds: readonly ServerFund[];
  applications: ApplicationRepository;
  attachments: AttachmentRepository;
  /** The submission's own check of the mandatory slots, so the Domanda exists exactly when the hand-over would pass it. */
  missingRequiredAttachments: MissingRequiredAttachments;
  submissions: ApplicationSubmission;
  storage: FileStorage;
  territory: Territory;
  names: ReferenceNames;
  trust: SignatureTrust;
}) {
  const { db, attachments, submissions, storage, territory, names, trust } = deps;
  /** The PDFs of the latest contents, by fingerprint: the status, the download and the upload ask for the same one. */
  const rendered = new Map<string, Promise<Buffer>>();

  function fundOf(fund: string) {
    const server = deps.funds.find((candidate) => candidate.entry.fund === fund);
    if (!server?.application) throw new HttpError(400, 'invalid_call_type', m.applicationNotFound);
    return { entry: server.entry, module: server.application };
  }

  async function callOf(fund: string): Promise<CallFacts> {
    const [call] = await db
      .select({ title: calls.title, signatureRequired: calls.signatureRequired, opensAt: calls.opensAt, closesAt: calls.closesAt })
      .from(calls)
      .where(eq(calls.fund, fund));
    if (!call) return { title: fund, signatureRequired: false, window: null };
    return { title: call.title, signatureRequired: call.signatureRequired, window: { opensAt: call.opensAt, closesAt: call.closesAt } };
  }

  /** A draft never handed over takes a signed Domanda only while its call is open, as its values and files. */
  function refuseOutsideWindow(call: CallFacts, application: ApplicationRow | undefined): void {
    if (call.window) refuseOutsideCallWindow(call.window, (application?.submittedAt ?? null) !== null, new Date(), 'signature');
  }

  const applicationOf = (organizationId: string, fund: string) => deps.applications.byOrganization(organizationId, fund);

  /** The application's files handed over with it, by slot in the slots' order, as the Domanda lists them. */
  async function filesOf(organizationId: string, fund: string) {
    const [types, files] = await Promise.all([attachments.typesOf(fund), attachments.filesOf(organizationId, fund, 'application')]);
    const order = new Map(types.map((type, index) => [type.id, index]));
    return files
      .filter((file) => order.has(file.attachmentTypeId))
      .sort((a, b) => order.get(a.attachmentTypeId)! - order.get(b.attachmentTypeId)!)
      .map((file) => ({
        slot: types[order.get(file.attachmentTypeId)!]!.name,
        name: file.fileName,
        size: file.size,
        sha256: file.sha256,
      }));
  }

  /**
   * The Domanda of the stored draft, ready only when it breaks no rule of the call, every mandatory attachment is in
   * and the organisation names its legal representative; or of `values`, the values a submission is handing over,
   * which it has just checked against the same rules (so they are not checked twice).
   */
  async function contentOf(
    organizationId: string,
    fund: string,
    values?: Record<string, unknown>,
    knownCall?: CallFacts,
  ): Promise<DomandaContent> {
    const { entry, module } = fundOf(fund);
    const submission = fundSubmissionOf(entry, module);
    const application = await applicationOf(organizationId, fund);
    let prepared: Record<string, unknown>;
    if (values) prepared = values;
    else {
      // While it may still be handed over, the draft being written (an application reopened by the administrators
      // included); once handed over, what was handed over.
      const open = !application || isAttachmentPurposeOpen(application.status, 'application');
      const stored = open ? (application?.draft ?? application?.body) : (application.body ?? application.draft);
      const parsed = submission.parse(stored ?? {});
      if (!parsed.ok) return { ready: false, application, reason: m.notReady, call: knownCall ?? (await callOf(fund)) };
      prepared = submission.prepare(parsed.values);
    }
    const checked = values !== undefined;
    const [rules, missing, call, [organization]] = await Promise.all([
      checked ? null : submissions.callRules(fund),
      checked ? [] : deps.missingRequiredAttachments(organizationId, fund),
      knownCall ?? callOf(fund),
      db.select().from(organizations).where(eq(organizations.id, organizationId)),
    ]);
    if (!organization) throw new HttpError(404, 'not_found', m.applicationNotFound);
    if ((rules && submission.validate(prepared, rules).length > 0) || missing.length > 0)
      return { ready: false, application, reason: m.notReady, call };
    const representation = legalRepresentationOf(organization.profile);
    if (!representation) return { ready: false, application, reason: m.legalRepresentativeMissing, call };
    const document = buildDomandaDocument({
      fund,
      callTitle: call.title,
      definition: module.definition,
      values: prepared,
      organization: {
        name: organization.name,
        pIva: organization.pIva,
        codiceFiscale: typeof organization.profile.codiceFiscale === 'string' ? organization.profile.codiceFiscale : null,
        address: addressOf(organization.profile, territory),
      },
      representation,
      attachments: await filesOf(organizationId, fund),
      names,
    });
    return {
      ready: true,
      application,
      document,
      fingerprint: domandaFingerprint(document),
      representation,
      fileName: `Domanda-${fund}-${organization.pIva.replace(/[^0-9A-Za-z]/g, '')}.pdf`,
      call,
    };
  }

  function pdfOf(content: Extract<DomandaContent, { ready: true }>): Promise<Buffer> {
    const known = rendered.get(content.fingerprint);
    if (known) return known;
    const pdf = renderDomanda(content.document);
    rendered.set(content.fingerprint, pdf);
    pdf.catch(() => rendered.delete(content.fingerprint));
    // The last few contents are enough: one application's status, download and upload come in a row.
    if (rendered.size > 16) rendered.delete(rendered.keys().next().value!);
    return pdf;
  }

  const signatureOf = (applicationId: string) => signatureRowOf(db, applicationId);

  function viewOf(row: SignatureRow, stale: boolean): DomandaSignature {
    return {
      ...signatureFactsOf(row),
      applicationId: row.applicationId,
      uploadedAt: row.uploadedAt.toISOString(),
      uploadedByName: row.uploadedByName,
      stale,
    };
  }

  /** The submit step's view: the call's rule, the Domanda of the current content, the signed file and whether it still signs it. */
  async function status(organizationId: string, fund: string): Promise<DomandaStatus> {
    const content = await contentOf(organizationId, fund);
    const signature = content.application ? await signatureOf(content.application.id) : undefined;
    const pdf = content.ready ? await pdfOf(content) : null;
    return {
      signatureRequired: content.call.signatureRequired,
      domanda:
        content.ready && pdf
          ? {
              sha256: sha256(pdf),
              fileName: content.fileName,
              signers: content.representation.representatives.map(representativeName),
              allMustSign: content.representation.joint,
            }
          : null,
      notReadyReason: content.ready ? null : content.reason,
      signature: signature ? viewOf(signature, !content.ready || signature.contentFingerprint !== content.fingerprint) : null,
      trialSigning: trust.trial !== null,
    };
  }

  /** The PDF to sign, with its file name; 409 while the application is not complete. */
  async function download(organizationId: string, fund: string): Promise<{ pdf: Buffer; fileName: string }> {
    const content = await contentOf(organizationId, fund);
    if (!content.ready) throw new HttpError(409, 'domanda_not_ready', content.reason);
    return { pdf: await pdfOf(content), fileName: content.fileName };
  }

  /** The content to sign now, refused while it is incomplete or once the application can no longer change. */
  async function signableContent(organizationId: string, fund: string) {
    const content = await contentOf(organizationId, fund);
    if (content.application && !isAttachmentPurposeOpen(content.application.status, 'application')) {
      throw new HttpError(409, 'application_submitted', m.notEditable);
    }
    refuseOutsideWindow(content.call, content.application);
    if (!content.ready) throw new HttpError(409, 'domanda_not_ready', content.reason);
    return content;
  }

  /**
   * Keeps a verified signed file as the application's signature, replacing an earlier one (whose bytes are deleted
   * once the new row is committed). The application row is created if the wizard never autosaved.
   */
  async function store(
    content: Extract<DomandaContent, { ready: true }>,
    organizationId: string,
    fund: string,
    file: { bytes: Uint8Array; fileName: string },
    verdict: { format: SignatureFacts['format']; trial: boolean; signers: SignatureFacts['signers'] },
    domandaSha256: string,
    actor: SignatureActor,
  ): Promise<DomandaSignature> {
    const { key } = await storage.put(Readable.from([Buffer.from(file.bytes)]));
    try {
      const { row, replacedKey } = await db.transaction(async (tx) => {
        await tx.insert(applications).values({ organizationId, fund }).onConflictDoNothing();
        const [application] = await tx
          .select()
          .from(applications)
          .where(and(eq(applications.organizationId, organizationId), eq(applications.fund, fund)))
          .for('update');
        if (!application) throw new Error('application row vanished');
        if (!isAttachmentPurposeOpen(application.status, 'application')) throw new HttpError(409, 'application_submitted', m.notEditable);
        // Checked again under the row's lock: the call may have closed while the file was being verified.
        refuseOutsideWindow(content.call, application);
        const [previous] = await tx
          .select({ storageKey: domandaSignatures.storageKey })
          .from(domandaSignatures)
          .where(eq(domandaSignatures.applicationId, application.id));
        const values = {
          applicationId: application.id,
          format: verdict.format,
          trial: verdict.trial,
          signers: verdict.signers,
          domandaSha256,
          contentFingerprint: content.fingerprint,
          storageKey: key,
          fileName: file.fileName,
          size: file.bytes.byteLength,
          sha256: sha256(file.bytes),
          uploadedBy: actor.userId,
          uploadedByName: actor.name,
          uploadedAt: new Date(),
        };
        const [written] = await tx
          .insert(domandaSignatures)
          .values(values)
          .onConflictDoUpdate({ target: domandaSignatures.applicationId, set: values })
          .returning();
        return { row: written!, replacedKey: previous?.storageKey };
      });
      if (replacedKey) await storage.delete(replacedKey).catch(() => undefined);
      return viewOf(row, false);
    } catch (error) {
      await storage.delete(key).catch(() => undefined);
      throw error;
    }
  }

  /** An uploaded signed file: verified against the Domanda of the current content, kept when it passes, 422 naming the failed check otherwise. */
  async function upload(
    organizationId: string,
    fund: string,
    file: { bytes: Uint8Array; fileName: string },
    actor: SignatureActor,
  ): Promise<DomandaSignature> {
    const content = await signableContent(organizationId, fund);
    const domanda = await pdfOf(content);
    const verdict = await verifySignedDomanda({
      file: file.bytes,
      domanda,
      legalRepresentatives: content.representation.representatives.map((person) => person.codiceFiscale),
      allMustSign: content.representation.joint,
      trust,
    });
    if (!verdict.ok) throw new HttpError(422, verdict.refusal, verdict.message);
    const signers = verdict.signers.map((signer) => ({ ...signer, signingTime: signer.signingTime?.toISOString() ?? null }));
    // Shown and offered back under the name the person gave it, with the extension its format has.
    const fileName = fileNameWithExtension(file.fileName, verdict.format === 'PAdES' ? '.pdf' : '.p7m', m.signedFileFallbackName);
    const stored = { bytes: file.bytes, fileName };
    return store(content, organizationId, fund, stored, { format: verdict.format, trial: verdict.trial, signers }, sha256(domanda), actor);
  }

  /**
   * The trial set-up's signature (no trust list configured): the trial authority signs the Domanda as its legal
   * representative, and the file goes through the same verification as an uploaded one.
   */
  async function trialSign(organizationId: string, fund: string, actor: SignatureActor): Promise<DomandaSignature> {
    if (!trust.trial) throw new HttpError(409, 'trial_signature_unavailable', m.trialUnavailable);
    const content = await signableContent(organizationId, fund);
    const domanda = await pdfOf(content);
    // Both representatives sign where they act together; else the first, as the profile names them.
    const { representatives, joint } = content.representation;
    const signers = (joint ? representatives : representatives.slice(0, 1)).map((person) => ({
      givenName: person.nome,
      surname: person.cognome,
      fiscalCode: person.codiceFiscale,
    }));
    const signed = await trust.trial.sign(domanda, signers, new Date());
    const fileName = `${content.fileName}.p7m`;
    return upload(organizationId, fund, { bytes: signed, fileName }, actor);
  }

  /**
   * The hand-over's check (createApplicationSubmission's `signatureCheck`): when the call requires it, the
   * application must have a signed Domanda whose content is the one being handed over. 409 otherwise.
   */
  async function checkBeforeHandOver(organizationId: string, fund: string, values: Record<string, unknown>): Promise<void> {
    const call = await callOf(fund);
    if (!call.signatureRequired) return;
    const content = await contentOf(organizationId, fund, values, call);
    const signature = content.application ? await signatureOf(content.application.id) : undefined;
    if (!signature) throw new HttpError(409, 'signature_required', m.signatureMissing);
    if (!content.ready || signature.contentFingerprint !== content.fingerprint) {
      throw new HttpError(409, 'signature_stale', m.signatureStale);
    }
  }

  /** The signed file's bytes, for members and administrators. */
  async function signedFile(applicationId: string) {
    const row = await signatureOf(applicationId);
    if (!row) throw new HttpError(404, 'signed_domanda_not_found', m.signedFileNotFound);
    try {
      return { row, stream: await storage.openRead(row.storageKey) };
    } catch (error) {
      if (error instanceof StoredFileNotFoundError) throw new HttpError(404, 'signed_domanda_not_found', m.signedFileNotFound);
      throw error;
    }
  }

  /** The signed file of the organisation's application to the fund, whole, for the administrators' zip. */
  async function forArchive(organizationId: string, fund: string): Promise<{ fileName: string; bytes: Buffer } | null> {
    const application = await applicationOf(organizationId, fund);
    const row = application ? await signatureOf(application.id) : undefined;
    if (!row) return null;
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of await storage.openRead(row.storageKey)) chunks.push(chunk as Buffer);
      return { fileName: row.fileName, bytes: Buffer.concat(chunks) };
    } catch (error) {
      if (error instanceof StoredFileNotFoundError) return null;
      throw error;
    }
  }

  return { status, download, upload, trialSign, checkBeforeHandOver, signedFile, forArchive };
}

export type SignedDomanda = ReturnType<typeof createSignedDomanda>;

/** The organisation's seat in one line: street and number, CAP and comune, as the profile holds them. */
function addressOf(profile: Record<string, unknown>, territory: Territory): string | null {
  const text = (key: string) => (typeof profile[key] === 'string' ? (profile[key] as string).trim() : '');
  const street = [text('address'), text('numCivico')].filter(Boolean).join(', ');
  const comuneId = Number(profile.comune);
  const comune = Number.isInteger(comuneId) && comuneId > 0 ? (territory.comuneName(comuneId) ?? '') : '';
  const place = [text('cap'), comune].filter(Boolean).join(' ');
  const line = [street, place].filter(Boolean).join(' \u2013 ');
  return line === '' ? null : line;
}
