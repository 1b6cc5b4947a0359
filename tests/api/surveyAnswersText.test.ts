import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SURVEYS_DATA_DIR } from '../../server/surveys/definitions.ts';
import { answersAsText } from '../../server/surveys/answersText.ts';
import { gresbPuiAnswers } from '../support/surveyAnswers.ts';

const definition = (name: string) => ({
  name,
  version: 1,
  json: JSON.parse(readFileSync(path.join(DEFAULT_SURVEYS_DATA_DIR, `${name}.json`), 'utf8')) as Record<string, unknown>,
});

/** The lines under a question's title in the text of the answers. */
const answerOf = (text: string, title: string) =>
  text
    .split('\r\n')
    .at(text.split('\r\n').indexOf(title) + 1)
    ?.trim();

describe("the review's answers as text (the admin's zip)", () => {
  it('writes numbers as Italians read them: thousands with dots, decimals after a comma, as stored', async () => {
    const text = await answersAsText(
      definition('Istruttoria-Tur'),
      { costoAggiornato: 1_250_000, tipologiaStruttura: 'alberghiera', postiLettoAttuali: 1200, presenzeAnnue: 6500, nuoviOccupati: 4.5 },
      null,
    );
    expect(answerOf(text, "Costo complessivo aggiornato dell'intervento (euro)")).toBe('1.250.000');
    expect(answerOf(text, 'Posti letto attuali')).toBe('1.200');
    expect(answerOf(text, 'Presenze turistiche annue attese a regime (notti)')).toBe('6.500');
    expect(answerOf(text, 'Nuovi occupati nel settore turistico attesi a regime (ULA)')).toBe('4,5');
  });

  it("writes a multipletext question's numbers under their titles", async () => {
    const text = await answersAsText(
      definition('Gresb-Pui'),
      { ...gresbPuiAnswers, emissioniGhg: { anteOperam: 12.5, postOperam: 1080.25 } },
      null,
    );
    expect(text).toContain(
      'Emissioni di gas serra (Scope 1 e 2)\r\n   Ante operam (tCO2e/anno): 12,5\r\n   Post operam (tCO2e/anno): 1.080,25\r\n',
    );
  });
});
