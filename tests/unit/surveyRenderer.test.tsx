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
