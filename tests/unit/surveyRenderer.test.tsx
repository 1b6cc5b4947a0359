import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import SurveyRenderer from '../../src/features/review-survey/SurveyRenderer.tsx';

afterEach(cleanup);

/** SurveyJS in happy-dom, with the portal's renderers: what the person sees and what the survey is handed. */
function renderSurvey(elements: Record<string, unknown>[], initialAnswers: Record<string, unknown> = {}, readOnly = false) {
  const onChange = vi.fn<(answers: Record<string, unknown>) => void>();
  const definition = { pages: [{ name: 'pagina', elements }] };
  const view = (answers: Record<string, unknown>) => (
    <SurveyRenderer definition={definition} initialAnswers={answers} readOnly={readOnly} onChange={readOnly ? undefined : onChange} />
  );
  const rendered = render(view(initialAnswers));
  return { onChange, rerender: (answers: Record<string, unknown>) => rendered.rerender(view(answers)) };
}

/** The answers the survey last handed to the page. */
const lastAnswers = (onChange: ReturnType<typeof renderSurvey>['onChange']) => onChange.mock.calls.at(-1)?.[0];

describe('the survey and the page around it', () => {
  it('a render of the page around the survey leaves text not yet handed to the survey in its box', async () => {
    const { onChange, rerender } = renderSurvey([
      { type: 'comment', name: 'nota', title: 'Nota' },
      {
        type: 'paneldynamic',
        name: 'rischi',
        title: 'Rischi',
        minPanelCount: 1,
        templateElements: [{ type: 'text', name: 'descrizione', title: 'Descrizione del rischio' }],
      },
    ]);
    const box = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Descrizione del rischio' });
    // Pasted: the text is in the box, SurveyJS takes it when the box is left. Meanwhile the page renders again
    // (the wizard does on every saved answer), with the answers it holds now.
    fireEvent.input(box, { target: { value: 'Ritardo nel rilascio' } });
    rerender({ nota: 'Salvata poco fa' });
    expect(box.value).toBe('Ritardo nel rilascio');
    fireEvent.blur(box);
    expect(lastAnswers(onChange)).toEqual({ rischi: [{ descrizione: 'Ritardo nel rilascio' }] });
  });
});

/** Types a text into a box one key at a time (each key a change, as the browser reports it), then leaves it. */
function typeInto(box: HTMLElement, text: string) {
  fireEvent.focus(box);
  for (let end = 1; end <= text.length; end++) fireEvent.change(box, { target: { value: text.slice(0, end) } });
  fireEvent.blur(box);
}

const cost = { type: 'text', name: 'costoAggiornato', title: 'Costo aggiornato (euro)', inputType: 'number', min: 0, step: 0.01 };
const presences = { type: 'text', name: 'presenzeAnnue', title: 'Presenze annue', inputType: 'number', min: 0, step: 1 };
const workUnits = { type: 'text', name: 'nuoviOccupati', title: 'Nuovi occupati (ULA)', inputType: 'number', min: 0, step: 0.01 };
const emissions = {
  type: 'multipletext',
  name: 'emissioniGhg',
  title: 'Emissioni',
  items: [
    { name: 'anteOperam', title: 'Ante operam (tCO2e/anno)', inputType: 'number' },
    { name: 'postOperam', title: 'Post operam (tCO2e/anno)', inputType: 'number' },
  ],
};
const box = (name: string) => screen.findByRole<HTMLInputElement>('textbox', { name });

describe('a numeric question, typed the Italian way whatever the browser language', () => {
  it.each([
    ['1.250.000', 1_250_000, '1.250.000'],
    ['1250000', 1_250_000, '1.250.000'],
    ['1 250 000,50', 1_250_000.5, '1.250.000,5'],
    ['12,5', 12.5, '12,5'],
  ])('%j typed key by key is the number %d, shown as %j once left', async (text, value, shown) => {
    const { onChange } = renderSurvey([cost]);
    const field = await box('Costo aggiornato (euro)');
    expect(field.type).toBe('text');
    expect(field.inputMode).toBe('decimal');
    typeInto(field, text);
    expect(lastAnswers(onChange)).toEqual({ costoAggiornato: value });
    expect(field.value).toBe(shown);
    expect(field.getAttribute('aria-invalid')).toBe('false');
  });

  it('a count (step 1) takes "6.500" as 6500 and refuses "6,5" with the Italian error, storing nothing', async () => {
    const { onChange } = renderSurvey([presences]);
    const field = await box('Presenze annue');
    expect(field.inputMode).toBe('numeric');
    typeInto(field, '6.500');
    expect(lastAnswers(onChange)).toEqual({ presenzeAnnue: 6500 });
    expect(field.value).toBe('6.500');

    typeInto(field, '6,5');
    expect(lastAnswers(onChange)).toEqual({});
    expect(field.value).toBe('6,5');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(await screen.findByText('Inserisci un numero intero, senza decimali, come 1.200')).toBeTruthy();
  });

  it("a text that is not a number stays in the box with the form expected as the question's error, and is no answer", async () => {
    const { onChange } = renderSurvey([workUnits]);
    const field = await box('Nuovi occupati (ULA)');
    typeInto(field, '4,5');
    expect(lastAnswers(onChange)).toEqual({ nuoviOccupati: 4.5 });

    typeInto(field, '4.5');
    expect(lastAnswers(onChange)).toEqual({});
    expect(field.value).toBe('4.5');
    expect(await screen.findByText('Inserisci un numero come 1.250,75')).toBeTruthy();

    typeInto(field, '4,25');
    expect(lastAnswers(onChange)).toEqual({ nuoviOccupati: 4.25 });
    expect(field.value).toBe('4,25');
    expect(screen.queryByText('Inserisci un numero come 1.250,75')).toBeNull();
    expect(field.getAttribute('aria-invalid')).toBe('false');
  });

  it('the items of a multipletext question are numeric boxes too', async () => {
    const { onChange } = renderSurvey([emissions]);
    typeInto(await box('Ante operam (tCO2e/anno)'), '12,5');
    typeInto(await box('Post operam (tCO2e/anno)'), '1.080');
    expect(lastAnswers(onChange)).toEqual({ emissioniGhg: { anteOperam: 12.5, postOperam: 1080 } });
    expect((await box('Ante operam (tCO2e/anno)')).value).toBe('12,5');
  });

  it('a number pasted at once is read the same way', async () => {
    const { onChange } = renderSurvey([cost]);
    const field = await box('Costo aggiornato (euro)');
    fireEvent.change(field, { target: { value: '1.250.000' } });
    fireEvent.blur(field);
    expect(lastAnswers(onChange)).toEqual({ costoAggiornato: 1_250_000 });
  });

  it('read-only (the admin, a handed-over survey) shows the stored numbers the Italian way', async () => {
    renderSurvey([cost, emissions], { costoAggiornato: 1_250_000, emissioniGhg: { anteOperam: 12.5 } }, true);
    const field = await box('Costo aggiornato (euro)');
    expect(field.value).toBe('1.250.000');
    expect(field.readOnly).toBe(true);
    expect((await box('Ante operam (tCO2e/anno)')).value).toBe('12,5');
  });
});

const approval = { type: 'text', name: 'dataApprovazioneProgetto', title: "Data dell'atto di approvazione", inputType: 'date' };

// Typing into the date field is the e2e tests' (real Chromium): happy-dom's selection recurses under react-aria's segments.
describe('a date question, the Italian way whatever the browser language', () => {
  it('is the portal date field, gg/mm/aaaa, named by the question title', async () => {
    renderSurvey([approval]);
    const field = await screen.findByRole('group', { name: "Data dell'atto di approvazione" });
    expect(field.textContent).toContain('gg/mm/aaaa');
    expect(screen.queryByRole('textbox', { name: "Data dell'atto di approvazione" })).toBeNull();
  });

  it('shows a stored ISO day as dd/mm/yyyy, read-only too', async () => {
    renderSurvey([approval], { dataApprovazioneProgetto: '2026-03-12' }, true);
    const field = await screen.findByRole('group', { name: "Data dell'atto di approvazione" });
    expect(field.textContent).toContain('12/03/2026');
  });
});
