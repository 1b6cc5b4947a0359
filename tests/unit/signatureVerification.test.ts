// @vitest-environment node
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDict, PDFName, type PDFRef, PDFString } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureChecksMessages } from '../../domain/messages/signatureChecks.ts';
import { loadConfig } from '../../server/config.ts';
import { certificateToDer, certificateToPem } from '../../server/signatures/certificates.ts';
import { loadSignatureTrust, type SignatureTrust } from '../../server/signatures/trust.ts';
import { verifySignedDomanda } from '../../server/signatures/verification.ts';
import {
  authorityPem,
  createAuthority,
  editedAfterSigning,
  fiscalCode,
  flippedByte,
  issueSigner,
  makeDomanda,
  privateKeyPem,
  signCades,
  signPades,
  type TestAuthority,
  type TestSigner,
  withContentInPieces,
  withIncrementalUpdate,
} from '../support/signing.ts';

const DAY_MS = 24 * 3600 * 1000;
const MARIO = fiscalCode('RSSMRA80A01H501');
const LUCIA = fiscalCode('BNCLCU90D45L219');
const GIUSEPPE = fiscalCode('VRDGPP75C15F205');

let folder: string;
let root: TestAuthority;
let intermediate: TestAuthority;
let unknownRoot: TestAuthority;
let mario: TestSigner;
let lucia: TestSigner;
let giuseppe: TestSigner;
let domanda: Uint8Array;
let trust: SignatureTrust;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'signatures-'));
  root = await createAuthority({ name: 'Test Root CA' });
  intermediate = await createAuthority({ name: 'Test Qualified CA 1', issuer: root, algorithm: 'ECDSA' });
  unknownRoot = await createAuthority({ name: 'Unknown CA' });
  mario = await issueSigner(intermediate, { givenName: 'Mario', surname: 'Rossi', fiscalCode: MARIO });
  lucia = await issueSigner(root, { givenName: 'Lucia', surname: 'Bianchi', fiscalCode: LUCIA, algorithm: 'ECDSA' });
  giuseppe = await issueSigner(root, { givenName: 'Giuseppe', surname: 'Verdi', fiscalCode: GIUSEPPE });
  domanda = await makeDomanda('Domanda n. 1');
  const trustDir = path.join(folder, 'trust');
  await mkdir(trustDir);
  await writeFile(path.join(trustDir, 'root.pem'), authorityPem(root));
  trust = await loadSignatureTrust({ trustDir, trustList: null, dataDir: folder });
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

const verify = (
  file: Uint8Array,
  options: { representatives?: string[]; allMustSign?: boolean; trust?: SignatureTrust; now?: Date } = {},
) =>
  verifySignedDomanda({
    file,
    domanda,
    legalRepresentatives: options.representatives ?? [MARIO.toLowerCase(), ` tinit-${LUCIA}`],
    allMustSign: options.allMustSign,
    trust: options.trust ?? trust,
    now: options.now,
  });

const refusal = async (verdict: ReturnType<typeof verify>) => {
  const result = await verdict;
  if (result.ok) return 'accepted';
  expect(result.message).toBe(signatureChecksMessages[result.refusal]);
  return result.refusal;
};

describe('a Domanda signed as it should be', () => {
  it('CAdES (.p7m, DER) is accepted with the signer as the certificate names them', async () => {
    const signingTime = new Date(Date.now() - 60_000);
    const verdict = await verify(await signCades(domanda, mario, { signingTime }));
    expect(verdict).toEqual({
      ok: true,
      format: 'CAdES',
      trial: false,
      signers: [
        {
          name: 'Mario Rossi',
          fiscalCode: MARIO,
          issuer: 'Test Qualified CA 1',
          signingTime: new Date(Math.floor(signingTime.getTime() / 1000) * 1000),
        },
      ],
    });
  });

  it('CAdES as base64 text, and with the content in BER pieces, is accepted', async () => {
    const verdict = await verify(await signCades(domanda, lucia, { base64: true }));
    expect(verdict.ok && verdict.signers.map((signer) => signer.fiscalCode)).toEqual([LUCIA]);
    const inPieces = withContentInPieces(await signCades(domanda, mario));
    expect(Buffer.from(inPieces).includes(Buffer.from(domanda))).toBe(false);
    expect(await verify(inPieces)).toMatchObject({ ok: true, format: 'CAdES' });
    const otherInPieces = withContentInPieces(await signCades(await makeDomanda('Domanda n. 2'), mario));
    expect(await refusal(verify(otherInPieces))).toBe('different_document');
  });

  it('PAdES (an incremental update with the signature) is accepted, RSA and ECDSA', async () => {
    for (const signer of [mario, lucia]) {
      const verdict = await verify(await signPades(domanda, signer));
      expect(verdict.ok && verdict.format).toBe('PAdES');
    }
    const verdict = await verify(await signPades(domanda, mario));
    expect(verdict.ok && verdict.signers[0]).toMatchObject({ name: 'Mario Rossi', fiscalCode: MARIO, issuer: 'Test Qualified CA 1' });
  });

  it('two legal representatives signing in parallel are both accepted', async () => {
    const verdict = await verify(await signCades(domanda, [mario, lucia]));
    expect(verdict.ok && verdict.signers.map((signer) => signer.name)).toEqual(['Mario Rossi', 'Lucia Bianchi']);
  });

  it('either of two legal representatives signs alone, unless they represent the organisation only together', async () => {
    expect((await verify(await signCades(domanda, lucia))).ok).toBe(true);
    expect((await verify(await signPades(domanda, mario))).ok).toBe(true);
    expect(await refusal(verify(await signCades(domanda, lucia), { allMustSign: true }))).toBe('joint_signature_missing');
    expect(await refusal(verify(await signCades(domanda, [mario, mario]), { allMustSign: true }))).toBe('joint_signature_missing');
    const both = await verify(await signCades(domanda, [lucia, mario]), { allMustSign: true });
    expect(both.ok && both.signers.map((signer) => signer.fiscalCode)).toEqual([LUCIA, MARIO]);
  });

  it('a certificate valid at the signing time is accepted even when it has expired since', async () => {
    const expiredSince = await issueSigner(root, {
      givenName: 'Mario',
      surname: 'Rossi',
      fiscalCode: MARIO,
      notBefore: new Date(Date.now() - 400 * DAY_MS),
      notAfter: new Date(Date.now() - 10 * DAY_MS),
    });
    const verdict = await verify(await signCades(domanda, expiredSince, { signingTime: new Date(Date.now() - 20 * DAY_MS) }));
    expect(verdict.ok).toBe(true);
  });
});

const openssl = spawnSync('openssl', ['version']).status === 0;

describe.skipIf(!openssl)('OpenSSL, another CMS implementation', () => {
  const run = (args: string[]) => execFileSync('openssl', args, { cwd: folder, stdio: 'pipe', timeout: 20_000 });

  it("accepts OpenSSL's .p7m, DER and PEM", async () => {
    await writeFile(path.join(folder, 'domanda.pdf'), domanda);
    await writeFile(path.join(folder, 'signer.pem'), certificateToPem(lucia.certificate));
    await writeFile(path.join(folder, 'signer.key'), await privateKeyPem(lucia));
    const common = [
      'cms',
      '-sign',
      '-nodetach',
      '-binary',
      '-md',
      'sha256',
      '-in',
      'domanda.pdf',
      '-signer',
      'signer.pem',
      '-inkey',
      'signer.key',
    ];
    run([...common, '-outform', 'DER', '-out', 'openssl.p7m']);
    run([...common, '-outform', 'PEM', '-out', 'openssl.pem']);
    for (const name of ['openssl.p7m', 'openssl.pem']) {
      const verdict = await verify(new Uint8Array(await readFile(path.join(folder, name))));
      expect(verdict.ok && verdict.signers.map((signer) => signer.fiscalCode)).toEqual([LUCIA]);
    }
  });

  it("verifies the trial authority's .p7m and gets the Domanda back", async () => {
    const dataDir = await mkdtemp(path.join(folder, 'trial-'));
    const trial = await loadSignatureTrust({ trustDir: null, trustList: null, dataDir });
    const signed = await trial.trial!.sign(domanda, [{ givenName: 'Mario', surname: 'Rossi', fiscalCode: MARIO }], new Date());
    await writeFile(path.join(folder, 'trial.p7m'), signed);
    await writeFile(path.join(folder, 'trial-ca.pem'), certificateToPem(trial.trialAnchor!));
    run(['cms', '-verify', '-inform', 'DER', '-in', 'trial.p7m', '-CAfile', 'trial-ca.pem', '-purpose', 'any', '-out', 'trial.pdf']);
    expect(Buffer.from(await readFile(path.join(folder, 'trial.pdf'))).equals(Buffer.from(domanda))).toBe(true);
  });
});

describe('each check refuses with its own message', () => {
  it('not_signed: random bytes, a plain PDF, a detached signature without the PDF', async () => {
    expect(await refusal(verify(new Uint8Array(randomBytes(2000))))).toBe('not_signed');
    expect(await refusal(verify(domanda))).toBe('not_signed');
    expect(await refusal(verify(new TextEncoder().encode('hello')))).toBe('not_signed');
  });

  it('signature_invalid: a byte changed inside what was signed', async () => {
    const pades = await signPades(domanda, mario);
    expect(await refusal(verify(flippedByte(pades, 10)))).toBe('signature_invalid');
    const cades = await signCades(domanda, mario);
    const at = Buffer.from(cades).indexOf(Buffer.from(domanda.subarray(0, 64))) + 20;
    expect(await refusal(verify(flippedByte(cades, at)))).toBe('signature_invalid');
  });

  it('signature_invalid: a PAdES signature carrying content of its own, not signing the byte range', async () => {
    const signed = await signPades(domanda, mario, { enveloping: true });
    const name = Buffer.from(signed).indexOf('Legale rappresentante');
    expect(name).toBeGreaterThan(domanda.length);
    expect(await refusal(verify(flippedByte(signed, name)))).toBe('signature_invalid');
  });

  it('signature_invalid: a /ByteRange that does not leave out exactly the /Contents', async () => {
    const signed = Buffer.from(await signPades(domanda, mario)).toString('latin1');
    const shifted = signed.replace(
      /\/ByteRange \[0 (\d+) /,
      (whole, first: string) => `/ByteRange [0 ${Number(first) - 1}${' '.repeat(first.length - String(Number(first) - 1).length)} `,
    );
    expect(shifted).not.toBe(signed);
    expect(await refusal(verify(new Uint8Array(Buffer.from(shifted, 'latin1'))))).toBe('signature_invalid');
  });

  it('different_document: another PDF signed', async () => {
    const other = await makeDomanda('Domanda n. 2');
    expect(await refusal(verify(await signCades(other, mario)))).toBe('different_document');
    expect(await refusal(verify(await signPades(other, mario)))).toBe('different_document');
  });

  it('pdf_modified: page content changed after the signature, or before it in a later revision', async () => {
    const signed = await signPades(domanda, mario);
    expect(await refusal(verify(await editedAfterSigning(signed)))).toBe('pdf_modified');
    const editedThenSigned = await signPades(await editedAfterSigning(domanda), mario);
    expect(await refusal(verify(editedThenSigned))).toBe('pdf_modified');
  });

  it('pdf_modified: an annotation that is not a signature, a new catalog action or new page resources, before the signature', async () => {
    const annotated = await withIncrementalUpdate(domanda, (document) => {
      const page = document.getPage(0);
      const note = document.context.register(
        document.context.obj({
          Type: 'Annot',
          Subtype: 'FreeText',
          Rect: [50, 700, 300, 730],
          Contents: PDFString.of('Importo: 1.000.000'),
        }),
      );
      page.node.set(PDFName.of('Annots'), document.context.obj([note]));
      return [note, page.ref];
    });
    expect(await refusal(verify(await signPades(annotated, mario)))).toBe('pdf_modified');
    const withAction = await withIncrementalUpdate(domanda, (document) => {
      const action = document.context.register(document.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') }));
      document.catalog.set(PDFName.of('OpenAction'), action);
      return [action, document.context.trailerInfo.Root as PDFRef];
    });
    expect(await refusal(verify(await signPades(withAction, mario)))).toBe('pdf_modified');
    const newFont = await withIncrementalUpdate(domanda, (document) => {
      const page = document.getPage(0);
      const resources = page.node.lookup(PDFName.of('Resources'), PDFDict);
      const fonts = resources.lookup(PDFName.of('Font'), PDFDict);
      const [[, ref]] = fonts.entries() as [[PDFName, PDFRef]];
      document.context.lookup(ref, PDFDict).set(PDFName.of('BaseFont'), PDFName.of('Courier'));
      return [ref];
    });
    expect(await refusal(verify(await signPades(newFont, mario)))).toBe('pdf_modified');
  });

  it('no_fiscal_code: a certificate without one', async () => {
    const anonymous = await issueSigner(root, { givenName: 'Mario', surname: 'Rossi', serialNumber: null });
    expect(await refusal(verify(await signCades(domanda, anonymous)))).toBe('no_fiscal_code');
    const notACode = await issueSigner(root, { givenName: 'Mario', surname: 'Rossi', serialNumber: 'TINIT-RSSMRA80A01H501X' });
    expect(await refusal(verify(await signPades(domanda, notACode)))).toBe('no_fiscal_code');
  });

  it('the codice fiscale is read as IT:<code> and bare too', async () => {
    for (const serialNumber of [`IT:${MARIO}`, MARIO]) {
      const signer = await issueSigner(root, { givenName: 'Mario', surname: 'Rossi', serialNumber });
      const verdict = await verify(await signCades(domanda, signer));
      expect(verdict.ok && verdict.signers[0]!.fiscalCode).toBe(MARIO);
    }
  });

  it('not_legal_representative: another person, alone or beside a representative', async () => {
    expect(await refusal(verify(await signCades(domanda, giuseppe)))).toBe('not_legal_representative');
    expect(await refusal(verify(await signCades(domanda, [mario, giuseppe])))).toBe('not_legal_representative');
    expect(await refusal(verify(await signPades(domanda, giuseppe)))).toBe('not_legal_representative');
  });

  it('certificate_not_valid: expired, or not yet valid, at the signing time (else now)', async () => {
    const expired = await issueSigner(intermediate, {
      givenName: 'Mario',
      surname: 'Rossi',
      fiscalCode: MARIO,
      notBefore: new Date(Date.now() - 400 * DAY_MS),
      notAfter: new Date(Date.now() - DAY_MS),
    });
    expect(await refusal(verify(await signCades(domanda, expired)))).toBe('certificate_not_valid');
    expect(await refusal(verify(await signPades(domanda, expired)))).toBe('certificate_not_valid');
    expect(await refusal(verify(await signCades(domanda, expired, { signingTime: null })))).toBe('certificate_not_valid');
    const valid = await signCades(domanda, mario, { signingTime: null });
    expect(await refusal(verify(valid, { now: new Date(Date.now() + 2 * 365 * DAY_MS) }))).toBe('certificate_not_valid');
  });

  it('untrusted_authority: a certificate from an unknown CA', async () => {
    const stranger = await issueSigner(unknownRoot, { givenName: 'Mario', surname: 'Rossi', fiscalCode: MARIO });
    expect(await refusal(verify(await signCades(domanda, stranger)))).toBe('untrusted_authority');
    expect(await refusal(verify(await signPades(domanda, stranger)))).toBe('untrusted_authority');
  });
});

const trustList = (services: { certificate: Uint8Array; type: string; status: string }[]) => `<?xml version="1.0" encoding="UTF-8"?>
<tsl:TrustServiceStatusList xmlns:tsl="http://uri.etsi.org/02231/v2#" TSLTag="http://uri.etsi.org/19612/TSLTag">
  <tsl:SchemeInformation><tsl:TSLVersionIdentifier>5</tsl:TSLVersionIdentifier></tsl:SchemeInformation>
  <tsl:TrustServiceProviderList>
    <tsl:TrustServiceProvider>
      <tsl:TSPInformation><tsl:TSPName><tsl:Name xml:lang="it">Test TSP</tsl:Name></tsl:TSPName></tsl:TSPInformation>
      <tsl:TSPServices>
${services
  .map(
    (service) => `        <tsl:TSPService>
          <tsl:ServiceInformation>
            <tsl:ServiceTypeIdentifier>${service.type}</tsl:ServiceTypeIdentifier>
            <tsl:ServiceName><tsl:Name xml:lang="it">Service</tsl:Name></tsl:ServiceName>
            <tsl:ServiceDigitalIdentity>
              <tsl:DigitalId><tsl:X509Certificate>${Buffer.from(service.certificate).toString('base64')}</tsl:X509Certificate></tsl:DigitalId>
              <tsl:DigitalId><tsl:X509SubjectName>CN=Service</tsl:X509SubjectName></tsl:DigitalId>
            </tsl:ServiceDigitalIdentity>
            <tsl:ServiceStatus>${service.status}</tsl:ServiceStatus>
            <tsl:StatusStartingTime>2020-01-01T00:00:00Z</tsl:StatusStartingTime>
          </tsl:ServiceInformation>
        </tsl:TSPService>`,
  )
  .join('\n')}
      </tsl:TSPServices>
    </tsl:TrustServiceProvider>
  </tsl:TrustServiceProviderList>
</tsl:TrustServiceStatusList>
`;

const CA_QC = 'http://uri.etsi.org/TrstSvc/Svctype/CA/QC';
const GRANTED = 'http://uri.etsi.org/TrstSvc/TrustedList/Svcstatus/granted';
const WITHDRAWN = 'http://uri.etsi.org/TrstSvc/TrustedList/Svcstatus/withdrawn';

describe('the trusted authorities', () => {
  it('a folder: PEM and DER files, an intermediate CA trusted on its own', async () => {
    const trustDir = path.join(folder, 'folder-der');
    await mkdir(trustDir);
    await writeFile(path.join(trustDir, 'issuing.cer'), certificateToDer(intermediate.certificate));
    await writeFile(path.join(trustDir, 'notes.txt'), 'not a certificate');
    const folderTrust = await loadSignatureTrust({ trustDir, trustList: null, dataDir: folder });
    expect(folderTrust.trial).toBeNull();
    expect(await verify(await signCades(domanda, mario), { trust: folderTrust })).toMatchObject({ ok: true });
    expect(await refusal(verify(await signCades(domanda, lucia), { trust: folderTrust }))).toBe('untrusted_authority');
  });

  it("AgID's list: granted CA/QC services are trusted, withdrawn ones and other types are not", async () => {
    const otherRoot = await createAuthority({ name: 'Withdrawn CA' });
    const timestamping = await createAuthority({ name: 'TSA' });
    const file = path.join(folder, 'TSL-IT.xml');
    await writeFile(
      file,
      trustList([
        { certificate: certificateToDer(root.certificate), type: CA_QC, status: GRANTED },
        { certificate: certificateToDer(otherRoot.certificate), type: CA_QC, status: WITHDRAWN },
        { certificate: certificateToDer(timestamping.certificate), type: 'http://uri.etsi.org/TrstSvc/Svctype/TSA/QTST', status: GRANTED },
      ]),
    );
    const listTrust = await loadSignatureTrust({ trustDir: null, trustList: file, dataDir: folder });
    expect(listTrust.trial).toBeNull();
    expect(listTrust.anchors).toHaveLength(1);
    expect(await verify(await signPades(domanda, mario), { trust: listTrust })).toMatchObject({ ok: true });
    const withdrawn = await issueSigner(otherRoot, { givenName: 'Mario', surname: 'Rossi', fiscalCode: MARIO });
    expect(await refusal(verify(await signCades(domanda, withdrawn), { trust: listTrust }))).toBe('untrusted_authority');
    const fromTsa = await issueSigner(timestamping, { givenName: 'Mario', surname: 'Rossi', fiscalCode: MARIO });
    expect(await refusal(verify(await signCades(domanda, fromTsa), { trust: listTrust }))).toBe('untrusted_authority');
  });

  it('a bad folder or list stops the start naming the path and the problem', async () => {
    const load = (options: { trustDir?: string; trustList?: string }) =>
      loadSignatureTrust({ trustDir: options.trustDir ?? null, trustList: options.trustList ?? null, dataDir: folder });
    const missing = path.join(folder, 'missing');
    await expect(load({ trustDir: missing })).rejects.toThrow(`SIGNATURE_TRUST_DIR ${missing}: cannot read the folder`);
    const empty = path.join(folder, 'empty');
    await mkdir(empty);
    await expect(load({ trustDir: empty })).rejects.toThrow(`SIGNATURE_TRUST_DIR ${empty}: no .pem, .crt or .cer certificate`);
    const broken = path.join(folder, 'broken');
    await mkdir(broken);
    await writeFile(path.join(broken, 'ca.pem'), 'garbage');
    await expect(load({ trustDir: broken })).rejects.toThrow(
      `SIGNATURE_TRUST_DIR ${path.join(broken, 'ca.pem')}: not a PEM or DER certificate`,
    );
    const badXml = path.join(folder, 'bad.xml');
    await writeFile(badXml, '<TrustServiceStatusList><unclosed></TrustServiceStatusList>');
    await expect(load({ trustList: badXml })).rejects.toThrow(`SIGNATURE_TRUST_LIST ${badXml}: not well-formed XML`);
    const noService = path.join(folder, 'empty.xml');
    await writeFile(noService, trustList([{ certificate: certificateToDer(root.certificate), type: CA_QC, status: WITHDRAWN }]));
    await expect(load({ trustList: noService })).rejects.toThrow(`SIGNATURE_TRUST_LIST ${noService}: no granted qualified CA`);
    await expect(load({ trustList: path.join(folder, 'none.xml') })).rejects.toThrow('cannot read the file');
  });

  it('SIGNATURE_TRUST_DIR and SIGNATURE_TRUST_LIST are read as paths, and together refused', () => {
    expect(loadConfig({ SIGNATURE_TRUST_DIR: 'trust' }).signatureTrust).toEqual({ trustDir: path.resolve('trust'), trustList: null });
    expect(loadConfig({}).signatureTrust).toEqual({ trustDir: null, trustList: null });
    expect(() => loadConfig({ SIGNATURE_TRUST_DIR: 'trust', SIGNATURE_TRUST_LIST: 'TSL-IT.xml' })).toThrow(
      'SIGNATURE_TRUST_DIR and SIGNATURE_TRUST_LIST exclude each other',
    );
  });
});

describe('the trial authority', () => {
  const person = { givenName: 'Mario', surname: 'Rossi', fiscalCode: MARIO.toLowerCase() };

  it('signs for the person and is the only authority trusted without a folder or a list', async () => {
    const dataDir = await mkdtemp(path.join(folder, 'trial-'));
    const trial = await loadSignatureTrust({ trustDir: null, trustList: null, dataDir });
    expect(trial.trial).not.toBeNull();
    const signed = await trial.trial!.sign(domanda, [person], new Date());
    const verdict = await verify(signed, { trust: trial });
    expect(verdict).toMatchObject({
      ok: true,
      format: 'CAdES',
      trial: true,
      signers: [{ name: 'Mario Rossi', fiscalCode: MARIO, issuer: signatureChecksMessages.trialAuthorityName }],
    });
    expect(await refusal(verify(await signCades(domanda, mario), { trust: trial }))).toBe('untrusted_authority');
    expect((await stat(path.join(dataDir, 'signatures', 'trial-authority.pem'))).mode & 0o777).toBe(0o600);
  });

  it('signs for two people in parallel, one signature each (legal representatives who sign together)', async () => {
    const dataDir = await mkdtemp(path.join(folder, 'trial-'));
    const trial = await loadSignatureTrust({ trustDir: null, trustList: null, dataDir });
    const signed = await trial.trial!.sign(domanda, [person, { givenName: 'Lucia', surname: 'Bianchi', fiscalCode: LUCIA }], new Date());
    const verdict = await verify(signed, { trust: trial, allMustSign: true });
    expect(verdict.ok && verdict.signers.map((signer) => signer.name)).toEqual(['Mario Rossi', 'Lucia Bianchi']);
  });

  it('keeps its authority across loads of the same data folder, and two loads at once make one', async () => {
    const dataDir = await mkdtemp(path.join(folder, 'trial-'));
    const [first, second] = await Promise.all([
      loadSignatureTrust({ trustDir: null, trustList: null, dataDir }),
      loadSignatureTrust({ trustDir: null, trustList: null, dataDir }),
    ]);
    const later = await loadSignatureTrust({ trustDir: null, trustList: null, dataDir });
    const signed = await first.trial!.sign(domanda, [person], new Date());
    for (const loaded of [second, later]) expect(await verify(signed, { trust: loaded })).toMatchObject({ ok: true, trial: true });
  });

  it('is refused once a trust folder is configured', async () => {
    const dataDir = await mkdtemp(path.join(folder, 'trial-'));
    const trial = await loadSignatureTrust({ trustDir: null, trustList: null, dataDir });
    const signed = await trial.trial!.sign(domanda, [person], new Date());
    const configured = await loadSignatureTrust({ trustDir: path.join(folder, 'trust'), trustList: null, dataDir });
    expect(configured.trial).toBeNull();
    expect(await refusal(verify(signed, { trust: configured }))).toBe('untrusted_authority');
  });
});
