import { describe, expect, it } from 'vitest';
import { formatDays, formatEuro, formatReportCell } from '../../domain/reports/reportFormat.ts';
import { reportMessages } from '../../domain/reports/reportMessages.ts';

const r = reportMessages.readings;
/** Intl writes a no-break space before €: compared as a plain space. */
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('report amounts (issue 46: 1.200.000,50 was shown as 1.200.001 €)', () => {
  it('show cents when there are any, and whole euros without decimals', () => {
    expect(plain(formatEuro(1_200_000.5))).toBe('1.200.000,50 €');
    expect(plain(formatEuro(1_200_000))).toBe('1.200.000 €');
    expect(plain(formatEuro(0.07))).toBe('0,07 €');
    // A sum of cents carries float noise; it is shown to the cent, not as 1.200.000,4999.
    expect(plain(formatEuro(0.1 + 0.2))).toBe('0,30 €');
    expect(plain(formatEuro(1_199_999.9 + 0.1))).toBe('1.200.000 €');
    expect(plain(formatReportCell('amount', 8_500_000.5))).toBe('8.500.000,50 €');
  });
});

describe('report readings: singular for one, plural otherwise (issue 46)', () => {
  it('agree nouns and verbs with their count', () => {
    expect(r.shares(1, 2, '50,0%')).toBe('1 candidatura su 2 chiede al fondo almeno il 50,0% dell\u2019investimento.');
    expect(r.shares(2, 3, '50,0%')).toBe('2 candidature su 3 chiedono al fondo almeno il 50,0% dell\u2019investimento.');
    expect(r.shares(0, 3, '50,0%')).toBe('0 candidature su 3 chiedono al fondo almeno il 50,0% dell\u2019investimento.');
    expect(r.warnings(1, 4, 'Quota')).toBe('1 candidatura su 4 ha almeno un avviso; il più frequente è «Quota».');
    expect(r.weekly(1, 1, '07/12/2026', 1)).toBe(
      '1 candidatura presentata in 1 settimana; la settimana con più candidature è quella dal 07/12/2026 (1).',
    );
    expect(r.weekly(1_250, 3, '07/12/2026', 600)).toBe(
      '1.250 candidature presentate in 3 settimane; la settimana con più candidature è quella dal 07/12/2026 (600).',
    );
    expect(r.periods(1, 1, 0, 0)).toBe(
      '1 periodo di monitoraggio aperto: 1 compilato, 0 da compilare nei termini, 0 scaduti senza compilazione.',
    );
    expect(r.periodsNoneOverdue(1)).toBe('Nessuna compilazione è scaduta (1 periodo con almeno un progetto).');
    expect(r.monitoring(1, 0, 1, 1)).toBe('1 progetto in monitoraggio: 0 da compilare, 1 compilato, 1 chiuso.');
    expect(r.byStatus(1, 1, 'Aperta', 1)).toBe('1 candidatura avviata, di cui 1 presentata; lo stato più frequente è «Aperta» con 1.');
    expect(plain(r.amounts(1, '10 €', '20 €', '50,0%'))).toBe(
      'L\u2019unica candidatura presentata chiede ai fondi 10 € su 20 € di investimento totale (50,0%).',
    );
    expect(r.noWarnings(1)).toBe('L\u2019unica candidatura presentata non ha avvisi per l\u2019istruttoria.');
    expect(r.reviewSpeed('3,0 giorni', '3,0 giorni', 1)).toBe('L\u2019unica decisione è arrivata 3,0 giorni dopo la presentazione.');
    expect(plain(r.regions('Lazio', 1, '10 €', 1))).toBe(
      'La regione con più candidature è Lazio (1, 10 € richiesti); è rappresentata solo questa regione.',
    );
    expect(formatDays(1)).toBe('1,0 giorno');
    expect(formatDays(2.5)).toBe('2,5 giorni');
  });
});
