import { describe, expect, it } from 'vitest';
import {
  APPLICATION_STATUS_CODES,
  applicationStatusLabels,
  COMPILAZIONE_TYPE,
  fundOfCompilazioneType,
  parseApplicationStatus,
  statusOrder,
} from '../../domain/applicationStatus.ts';
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
    expect(fundOfCompilazioneType(0)).toBe('TUR');
    expect(fundOfCompilazioneType(1)).toBe('PUI');
  });

  it('formats the end-of-works limit as the blocking message shows it', () => {
    expect(formatItalianDate('2026-08-31')).toBe('31/08/2026');
  });
});
