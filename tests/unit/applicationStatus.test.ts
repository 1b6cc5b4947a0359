import { describe, expect, it } from 'vitest';
import {
  APPLICATION_STATUS_CODES,
  applicationStatusLabels,
  COMPILAZIONE_TYPE,
  parseApplicationStatus,
  statusOrder,
} from '../../domain/applicationStatus.ts';
import { FUND_ENTRIES, fundOfCallType } from '../../domain/funds.ts';
import { formatItalianDate } from '../../domain/italianDates.ts';

describe('application statuses', () => {
  it('are the thirteen of spec §4, in the spec’s order, with its Italian labels', () => {
    expect(APPLICATION_STATUS_CODES.map((code) => applicationStatusLabels[code])).toEqual([
      'Non avviata',
      'Aperta',
      'Candidatura Sottomessa',
      'In integrazione',
      'Integrazione Sottomessa',
      'In valutazione',
      'Ammissibile',
      'Rifiutata',
      'Istruttoria Sottomessa',
      'Deliberata',
      'Monitoraggio Aperto',
      'Monitoraggio Sottomesso',
      'Monitoraggio Chiuso',
    ]);
    expect(statusOrder('NON_AVVIATA')).toBe(0);
    expect(statusOrder('MONITORAGGIO_CHIUSO')).toBe(12);
  });

  it('parse from the label as clients send it, or from the stable code', () => {
    expect(parseApplicationStatus('Integrazione Sottomessa')).toBe('INTEGRAZIONE_SOTTOMESSA');
    expect(parseApplicationStatus(' integrazione   sottomessa ')).toBe('INTEGRAZIONE_SOTTOMESSA');
    expect(parseApplicationStatus('MONITORAGGIO_APERTO')).toBe('MONITORAGGIO_APERTO');
    expect(parseApplicationStatus('monitoraggio_aperto')).toBe('MONITORAGGIO_APERTO');
    expect(parseApplicationStatus('Approvata')).toBeUndefined();
    expect(parseApplicationStatus('')).toBeUndefined();
  });

  it('compilazioneType 0 is TUR and 1 is PUI (spec §9)', () => {
    expect(COMPILAZIONE_TYPE).toEqual({ TUR: 0, PUI: 1 });
    expect(fundOfCallType(0, FUND_ENTRIES)?.fund).toBe('TUR');
    expect(fundOfCallType(1, FUND_ENTRIES)?.fund).toBe('PUI');
  });

  it('reads a callType as the fund code in any case or the compilazioneType, as number or text', () => {
    expect(fundOfCallType(' tur ', FUND_ENTRIES)?.fund).toBe('TUR');
    expect(fundOfCallType('Pui', FUND_ENTRIES)?.fund).toBe('PUI');
    expect(fundOfCallType('1', FUND_ENTRIES)?.fund).toBe('PUI');
    for (const unknown of ['', 'XYZ', '2', 2, null, undefined, {}]) expect(fundOfCallType(unknown, FUND_ENTRIES)).toBeUndefined();
  });

  it('formats the end-of-works limit as the blocking message shows it', () => {
    expect(formatItalianDate('2026-08-31')).toBe('31/08/2026');
  });
});
