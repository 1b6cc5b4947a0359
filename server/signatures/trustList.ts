import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type * as pkijs from 'pkijs';
import { certificateFromDer } from './certificates.ts';

/**
 * A trusted list in the XML of ETSI TS 119 612, as AgID publishes Italy's (https://eidas.agid.gov.it/TL/TSL-IT.xml):
 * the certificates of the services that issue qualified certificates (CA/QC) and are granted now. The list's own
 * XML signature is not checked: the operator downloads it from AgID and places it beside the portal.
 */
export const QUALIFIED_CA_SERVICE = 'http://uri.etsi.org/TrstSvc/Svctype/CA/QC';
export const GRANTED_STATUS = 'http://uri.etsi.org/TrstSvc/TrustedList/Svcstatus/granted';

const REPEATED = new Set(['TrustServiceProvider', 'TSPService', 'DigitalId', 'X509Certificate']);

interface ServiceInformation {
  ServiceTypeIdentifier?: string;
  ServiceStatus?: string;
  ServiceDigitalIdentity?: { DigitalId?: { X509Certificate?: string[] }[] };
}

interface TrustList {
  TrustServiceStatusList?: {
    TrustServiceProviderList?: {
      TrustServiceProvider?: { TSPServices?: { TSPService?: { ServiceInformation?: ServiceInformation }[] } }[];
    };
  };
}

/** The granted qualified CAs' certificates of a trusted list; throws saying what is wrong with it. */
export function trustListCertificates(xml: string): pkijs.Certificate[] {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new Error(`not well-formed XML (line ${valid.err.line}: ${valid.err.msg})`);
  const parser = new XMLParser({
    removeNSPrefix: true,
    ignoreAttributes: true,
    parseTagValue: false,
    trimValues: true,
    isArray: (name) => REPEATED.has(name),
  });
  const list = (parser.parse(xml) as TrustList).TrustServiceStatusList;
  if (!list) throw new Error('not a trusted list (no TrustServiceStatusList element)');
  const certificates: pkijs.Certificate[] = [];
  for (const provider of list.TrustServiceProviderList?.TrustServiceProvider ?? []) {
    for (const service of provider.TSPServices?.TSPService ?? []) {
      const information = service.ServiceInformation;
      if (information?.ServiceTypeIdentifier !== QUALIFIED_CA_SERVICE || information.ServiceStatus !== GRANTED_STATUS) continue;
      for (const digitalId of information.ServiceDigitalIdentity?.DigitalId ?? []) {
        for (const base64 of digitalId.X509Certificate ?? []) {
          try {
            certificates.push(certificateFromDer(Buffer.from(base64.replace(/\s+/g, ''), 'base64')));
          } catch {
            throw new Error(`an X509Certificate of a granted CA/QC service cannot be read`);
          }
        }
      }
    }
  }
  return certificates;
}
