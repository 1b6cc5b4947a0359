import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyPuiApplication, type PuiApplication } from '../../domain/pui/puiApplication.ts';
import { PUI_FIELDS, PUI_FIELDS_BY_NAME, PUI_STEPS } from '../../domain/pui/puiFields.ts';
import { applyPuiChange, validatePuiApplication, withPuiComputedValues } from '../../domain/pui/puiRules.ts';
import type { FieldOption, FieldSpec } from '../../domain/wizardFields.ts';
import { SaveIndicator } from '../../src/features/application-wizard/SaveIndicator.tsx';
import { SubmitDialog } from '../../src/features/application-wizard/SubmitDialog.tsx';
import { SubmitStep } from '../../src/features/application-wizard/SubmitStep.tsx';
import { WarningBanners } from '../../src/features/application-wizard/WarningBanners.tsx';
import { WizardField } from '../../src/features/application-wizard/WizardField.tsx';
import { WizardNavigation } from '../../src/features/application-wizard/WizardNavigation.tsx';
import { WizardStepForm } from '../../src/features/application-wizard/WizardStepForm.tsx';
import { WizardSteps } from '../../src/features/application-wizard/WizardSteps.tsx';

afterEach(cleanup);

const LIMIT = { endOfWorksLimit: '2026-08-31', today: '2026-01-01' };
const spec = (name: string): FieldSpec => {
  const field = PUI_FIELDS_BY_NAME.get(name);
  if (!field) throw new Error(`no field ${name}`);
  return field;
};

const lookups: Record<string, FieldOption[]> = {
  cities: [
    { id: 1, name: 'Roma Capitale' },
    { id: 2, name: 'Milano' },
  ],
  comuniOfCity: [{ id: 10, name: 'Fiumicino' }],
  puiOfCity: [
    { id: 100, name: 'PUI Centro storico' },
    { id: 101, name: 'PUI Periferie est' },
  ],
};

/** One field with its value held as the wizard would hold it (the PUI rules applied on every change). */
function OneField({
  name,
  onChange,
  initial,
}: {
  name: string;
  onChange?: (name: string, value: unknown) => void;
  initial?: Partial<PuiApplication>;
}) {
  const [values, setValues] = useState<PuiApplication>({ ...emptyPuiApplication('org-1'), ...initial });
  return (
    <WizardField
      field={spec(name)}
      values={values}
      onChange={(field, value) => {
        onChange?.(field, value);
        setValues((current) => applyPuiChange(current, field, value));
      }}
      options={spec(name).source ? lookups[spec(name).source ?? ''] : undefined}
    />
  );
}

/** A whole PUI step, with the issues the rules find, as the wizard shows it. */
function PuiStep({ stepId, initial, readOnly = false }: { stepId: string; initial?: Partial<PuiApplication>; readOnly?: boolean }) {
  const [values, setValues] = useState<PuiApplication>(withPuiComputedValues({ ...emptyPuiApplication('org-1'), ...initial }));
  return (
    <WizardStepForm
      stepId={stepId}
      fields={PUI_FIELDS}
      values={values}
      issues={validatePuiApplication(values, LIMIT)}
      lookups={lookups}
      readOnly={readOnly}
      onChange={(field, value) => setValues((current) => applyPuiChange(current, field, value))}
    />
  );
}

const box = (name: RegExp | string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
function leave(element: HTMLElement) {
  act(() => element.focus());
  fireEvent.blur(element);
}

describe('numbers typed the Italian way', () => {
  /** Each text the box holds as the keys are pressed one at a time. */
  const typeKeys = (input: HTMLInputElement, text: string) => {
    for (let end = 1; end <= text.length; end++) fireEvent.change(input, { target: { value: text.slice(0, end) } });
  };

  it.each([
    ['1.200.000', 1_200_000, '1.200.000,00'],
    ['1200000', 1_200_000, '1.200.000,00'],
    ['1.200.000,50', 1_200_000.5, '1.200.000,50'],
    ['1200000,5', 1_200_000.5, '1.200.000,50'],
    ['1 200 000', 1_200_000, '1.200.000,00'],
  ])('reads %j typed key by key as %d, never rewrites it while typing, and shows %j on leaving', (text, number, shown) => {
    const onChange = vi.fn();
    render(<OneField name="costiTotale" onChange={onChange} />);
    const input = box(/Totale investimento/);
    typeKeys(input, text);
    expect(input.value).toBe(text);
    expect(onChange).toHaveBeenLastCalledWith('costiTotale', number);
    leave(input);
    expect(input.value).toBe(shown);
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByText('€')).toBeTruthy();
  });

  it('keeps a text that is not a number, reports no number and names the expected form once left', () => {
    const onChange = vi.fn();
    render(<OneField name="costiTotale" onChange={onChange} />);
    const input = box(/Totale investimento/);
    typeKeys(input, '1.2');
    expect(screen.queryByText('Inserisci un importo come 1.200.000,50')).toBeNull();
    leave(input);
    expect(input.value).toBe('1.2');
    expect(onChange).toHaveBeenLastCalledWith('costiTotale', null);
    const message = screen.getByText('Inserisci un importo come 1.200.000,50');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')?.split(' ')).toContain(message.id);

    typeKeys(input, '12,345');
    leave(input);
    expect(screen.getByText('Sono ammessi al massimo due decimali: inserisci un importo come 1.200.000,50')).toBeTruthy();
  });

  it('keeps "12," while typing, and counts take no decimals', () => {
    const onChange = vi.fn();
    render(
      <>
        <OneField name="costiCapex" onChange={onChange} />
        <OneField name="progPuiDistanza" onChange={onChange} />
      </>,
    );
    typeKeys(box(/Capex/), '12,');
    expect(box(/Capex/).value).toBe('12,');
    expect(onChange).toHaveBeenLastCalledWith('costiCapex', 12);

    typeKeys(box(/Distanza dal perimetro/), '1.500');
    expect(onChange).toHaveBeenLastCalledWith('progPuiDistanza', 1500);
    leave(box(/Distanza dal perimetro/));
    expect(box(/Distanza dal perimetro/).value).toBe('1.500');

    typeKeys(box(/Distanza dal perimetro/), '1,5');
    leave(box(/Distanza dal perimetro/));
    expect(onChange).toHaveBeenLastCalledWith('progPuiDistanza', null);
    expect(screen.getByText('Inserisci un numero intero, senza decimali, come 1.200')).toBeTruthy();
  });
});

describe('optional choices', () => {
  it('can be taken back to no answer, the focus returning to the list; required ones offer no such action', () => {
    const onChange = vi.fn();
    render(<OneField name="modalitaEsecuzione" onChange={onChange} initial={{ modalitaEsecuzione: 'A corpo' }} />);
    const clear = screen.getByRole('button', { name: 'Cancella la scelta: Modalità di esecuzione' });
    fireEvent.click(clear);
    expect(onChange).toHaveBeenLastCalledWith('modalitaEsecuzione', null);
    expect(screen.queryByRole('button', { name: /Cancella la scelta/ })).toBeNull();
    expect(document.activeElement?.textContent).toContain('Seleziona');

    cleanup();
    render(<OneField name="formaTecnicaIntervento" initial={{ formaTecnicaIntervento: 'Debito' }} />);
    expect(screen.queryByRole('button', { name: /Cancella la scelta/ })).toBeNull();
  });
});

describe('texts', () => {
  it('counts the characters of a long text and says how long it must be', () => {
    render(<OneField name="progDescrizione" />);
    expect(screen.getByText('0 / 1000')).toBeTruthy();
    expect(screen.getByText('Da 500 a 1000 caratteri')).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: /Descrizione del progetto/ }), { target: { value: 'Piazza' } });
    expect(screen.getByText('6 / 1000')).toBeTruthy();
  });

  it('says a required field is empty only once the person has left it, and ties the message to the box', () => {
    render(<PuiStep stepId="progetto" />);
    expect(screen.queryByText('Campo obbligatorio')).toBeNull();
    const name = box(/Nome del progetto/);
    expect(name.getAttribute('aria-invalid')).toBeNull();

    leave(name);

    const message = screen.getByText('Campo obbligatorio');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')?.split(' ')).toContain(message.id);
    expect(screen.getByText('Nome del progetto').textContent).toBe('Nome del progetto *');
  });

  it('shows every problem at once after a submit attempt', () => {
    render(
      <WizardStepForm
        stepId="tempistiche"
        fields={PUI_FIELDS}
        values={emptyPuiApplication('org-1')}
        issues={validatePuiApplication(emptyPuiApplication('org-1'), LIMIT)}
        lookups={{ designLevels: [{ id: 1, name: 'PFTE' }] }}
        showAllIssues
        onChange={() => undefined}
      />,
    );
    // Livello, stadio, tipo di autorizzazione, permessi, inizio, durata, descrizione.
    expect(screen.getAllByText('Campo obbligatorio')).toHaveLength(7);
  });
});

describe('answers that show, hide or unlock other fields', () => {
  it('shows an indicator\u2019s numbers on Sì, hides them on No and forgets them', () => {
    render(<PuiStep stepId="impatto" />);
    const question = within(screen.getByRole('radiogroup', { name: /ristrutturazione di edifici/ }));
    expect(screen.queryByRole('textbox', { name: /Superficie lorda di pavimento/ })).toBeNull();

    fireEvent.click(question.getByRole('radio', { name: 'Sì' }));
    fireEvent.change(box(/Superficie lorda di pavimento/), { target: { value: '450' } });
    expect(screen.getByRole('button', { name: /Tipo di intervento previsto/ })).toBeTruthy();

    fireEvent.click(question.getByRole('radio', { name: 'No' }));
    expect(screen.queryByRole('textbox', { name: /Superficie lorda di pavimento/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Tipo di intervento previsto/ })).toBeNull();

    fireEvent.click(question.getByRole('radio', { name: 'Sì' }));
    expect(box(/Superficie lorda di pavimento/).value).toBe('');
  });

  it('lets the PUI code be typed only once the project is said to be inherent to a PUI', () => {
    render(<PuiStep stepId="progetto" />);
    expect(box(/Codice del progetto nel PUI/).disabled).toBe(true);

    fireEvent.click(within(screen.getByRole('radiogroup', { name: /inerente a un PUI/ })).getByRole('radio', { name: 'Sì' }));
    expect(box(/Codice del progetto nel PUI/).disabled).toBe(false);

    fireEvent.click(within(screen.getByRole('radiogroup', { name: /inerente a un PUI/ })).getByRole('radio', { name: 'No' }));
    expect(box(/Codice del progetto nel PUI/).disabled).toBe(true);
  });

  it('chooses PUI references from the city\u2019s list and reports their ids', () => {
    const onChange = vi.fn();
    render(<OneField name="puiRiferimento" onChange={onChange} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'PUI Periferie est' }));
    expect(onChange).toHaveBeenLastCalledWith('puiRiferimento', [101]);
    expect((screen.getByRole('checkbox', { name: 'PUI Periferie est' }) as HTMLInputElement).checked).toBe(true);
  });

  it('says a list is loading while its choices are not there yet', () => {
    render(<WizardField field={spec('progComune')} values={emptyPuiApplication('org-1')} options={undefined} onChange={() => undefined} />);
    expect(screen.getByText('Caricamento delle opzioni…')).toBeTruthy();
    expect((screen.getByRole('button', { name: /Comune/ }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('computed values', () => {
  const filled = {
    costiTotale: 1234.5,
    entitaInterventoFondo: 493.8,
    cofinanziamentoDebito: 740.7,
    cofinanziamentoEquity: 0,
    cofinanziamentoPubblico: 0,
    tempiInizioLavori: '2025-08-28',
    tempiDurataLavori: 6,
  } satisfies Partial<PuiApplication>;

  it('shows sums, shares and dates the Italian way, as text nobody can type in', () => {
    render(
      <>
        <PuiStep stepId="fontiImpieghi" initial={filled} />
        <PuiStep stepId="tempistiche" initial={filled} />
      </>,
    );
    expect(box(/Fonti di copertura/).value).toBe('1.234,50');
    expect(box(/Quota del Fondo/).value).toBe('40,00 %');
    expect(box(/Fine lavori prevista/).value).toBe('28/02/2026');
    expect(box(/Fonti di copertura/).readOnly).toBe(true);
  });

  it('says at once, in red under the end date, that the works end after the call\u2019s limit', () => {
    render(<PuiStep stepId="tempistiche" initial={{ ...filled, tempiInizioLavori: '2026-05-01' }} />);
    const end = box(/Fine lavori prevista/);
    expect(end.value).toBe('01/11/2026');
    const message = screen.getByText('La data non può superare il 31/08/2026');
    expect(end.getAttribute('aria-invalid')).toBe('true');
    expect(end.getAttribute('aria-describedby')?.split(' ')).toContain(message.id);
  });
});

describe('the read-only application (admin, or already submitted)', () => {
  /** The value read under a label: the definition after its term. */
  const shown = (container: HTMLElement, label: RegExp) => {
    const term = [...container.querySelectorAll('dt')].find((dt) => label.test(dt.textContent ?? ''));
    expect(term, String(label)).toBeDefined();
    return term!.nextElementSibling!.textContent;
  };

  it('shows every answer whole, as text with its unit, and lets nothing be changed or tabbed to', () => {
    const longDescription = `${'Riqualificazione del parco lineare lungo il canale, con percorsi ciclabili e aree verdi. '.repeat(8)}Fine.`;
    const values = {
      progNome: 'Parco lineare',
      progCittaMetropolitana: 1,
      progInherentPui: true,
      progCodice: 'A12',
      puiRiferimento: [100, 101],
      progPuiDistanza: 1350,
      progDescrizione: longDescription,
    } satisfies Partial<PuiApplication>;
    const { container } = render(<PuiStep stepId="progetto" initial={values} readOnly />);

    expect(shown(container, /Nome del progetto/)).toBe('Parco lineare');
    expect(shown(container, /Città metropolitana/)).toBe('Roma Capitale');
    expect(shown(container, /inerente a un PUI/)).toBe('Sì');
    expect(shown(container, /PUI di riferimento/)).toBe('PUI Centro storico\nPUI Periferie est');
    // The unit the wizard writes beside the box, and a long answer to its last character.
    expect(shown(container, /Distanza dal perimetro del PUI/)).toBe('1.350 m');
    expect(longDescription.length).toBeGreaterThan(600);
    expect(shown(container, /Descrizione del progetto/)).toBe(longDescription);
    // An answer not given says so.
    expect(shown(container, /Progettista/)).toBe('Non indicato');
    expect(container.querySelectorAll('dt').length).toBeGreaterThan(10);
    expect(container.querySelectorAll('input, textarea, select, [tabindex]')).toHaveLength(0);
    expect(container.querySelectorAll('button:not([disabled]), [role="radio"], [role="checkbox"]')).toHaveLength(0);
    expect(screen.queryByText('Campo obbligatorio')).toBeNull();
    expect(screen.queryByText('*')).toBeNull();
  });
});

describe('the step indicator', () => {
  it('marks the current step and says which are done and which are still to complete', () => {
    const onSelect = vi.fn();
    const states = PUI_STEPS.map((step, index) => (index === 1 ? 'current' : step.id === 'progetto' ? 'done' : 'incomplete'));
    render(<WizardSteps steps={PUI_STEPS} states={states} onSelect={onSelect} />);

    const nav = within(screen.getByRole('navigation', { name: 'Passi della candidatura' }));
    const current = nav.getByRole('button', { name: '2. Fonti e Impieghi (passo attuale)' });
    expect(current.getAttribute('aria-current')).toBe('step');
    expect(nav.getByRole('button', { name: '1. Progetto (completato)' }).getAttribute('aria-current')).toBeNull();
    expect(nav.getByRole('button', { name: '3. Tempistiche (da completare)' })).toBeTruthy();
    expect(nav.getAllByRole('listitem')).toHaveLength(6);

    fireEvent.click(nav.getByRole('button', { name: /Tempistiche/ }));
    expect(onSelect).toHaveBeenCalledWith(2);
  });
});

/** Components with router links, inside a router of their own. */
async function renderInRouter(node: ReactNode) {
  const rootRoute = createRootRoute({ component: () => <>{node}</> });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(<RouterProvider router={router} />);
  await screen.findByRole('button', { name: /Avanti|Indietro/ });
}

describe('the buttons under a step', () => {
  const noop = () => undefined;

  it('offers Avanti but not Indietro on the first step, with the note about starred fields', async () => {
    await renderInRouter(<WizardNavigation canGoBack={false} canGoNext backLink={null} editable onBack={noop} onNext={noop} />);
    expect(screen.queryByRole('button', { name: 'Indietro' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Avanti' })).toBeTruthy();
    expect(screen.getByText('Tutti i campi con * devono essere compilati per poter inviare la candidatura')).toBeTruthy();
  });

  it('leads an admin back to the list from the attachments step', async () => {
    await renderInRouter(
      <WizardNavigation
        canGoBack
        canGoNext={false}
        backLink={{ to: '/admin-panel', label: 'Torna alla lista' }}
        editable={false}
        onBack={noop}
        onNext={noop}
      />,
    );
    expect(screen.getByRole('button', { name: 'Indietro' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Avanti' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Torna alla lista' }).getAttribute('href')).toBe('/admin-panel');
  });

  it('leads a member of a submitted application back to the funds', async () => {
    await renderInRouter(
      <WizardNavigation
        canGoBack
        canGoNext={false}
        backLink={{ to: '/calls', label: 'Torna ai fondi' }}
        editable={false}
        onBack={noop}
        onNext={noop}
      />,
    );
    expect(screen.getByRole('link', { name: 'Torna ai fondi' }).getAttribute('href')).toBe('/calls');
    expect(screen.queryByText(/Tutti i campi con \*/)).toBeNull();
  });
});

describe('the autosave indicator', () => {
  it('says when the draft was saved, politely, on Italy\u2019s clock whatever the browser\u2019s zone', () => {
    // 09:42 UTC on 3 February is 10:42 in Rome (CET).
    render(<SaveIndicator state="saved" savedAt={new Date('2026-02-03T09:42:00Z')} onReload={() => undefined} />);
    expect(screen.getByRole('status').textContent).toContain('Salvato alle 10:42');
  });

  it('tells of a draft changed elsewhere and offers to reload it', () => {
    const onReload = vi.fn();
    render(<SaveIndicator state="conflict" onReload={onReload} />);
    expect(screen.getByRole('alert').textContent).toContain(
      'La bozza è stata modificata in un\u2019altra scheda o da un altro membro dell\u2019organizzazione.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Ricarica' }));
    expect(onReload).toHaveBeenCalledOnce();
  });

  it('says when the connection is gone and a new attempt will follow', () => {
    render(<SaveIndicator state="retrying" onReload={() => undefined} />);
    expect(screen.getByRole('status').textContent).toContain('Connessione assente: nuovo tentativo tra poco');
  });
});

describe('sending the application', () => {
  const issues = validatePuiApplication(emptyPuiApplication('org-1'), LIMIT);

  it('lists what is missing, each a way to its step, and keeps the button disabled with the reasons', () => {
    const onGoToStep = vi.fn();
    const onSubmit = vi.fn();
    render(
      <SubmitStep
        steps={PUI_STEPS}
        fields={PUI_FIELDS}
        canSubmit={false}
        issues={issues}
        attachmentsComplete={false}
        onGoToStep={onGoToStep}
        onSubmit={onSubmit}
        values={emptyPuiApplication('org-1')}
        lookups={{}}
        editable
      />,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Tipo di autorizzazione: Campo obbligatorio' }));
    expect(onGoToStep).toHaveBeenCalledWith(2, 'tempiTipoAut');
    expect(screen.getByText('Mancano allegati obbligatori')).toBeTruthy();
    expect(screen.getByText('Per inviare la candidatura completa i passi: Progetto, Fonti e Impieghi, Tempistiche.')).toBeTruthy();
    const submit = screen.getByRole('button', { name: 'Invia candidatura' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    expect(screen.getByText('Per inviare la candidatura carica tutti gli allegati obbligatori.')).toBeTruthy();
  });

  it('says the end date is past the limit, and lets a complete application be sent', () => {
    const onSubmit = vi.fn();
    const { rerender } = render(
      <SubmitStep
        steps={PUI_STEPS}
        fields={PUI_FIELDS}
        canSubmit={false}
        issues={[{ field: 'tempiFineLavoriPrev', step: 'tempistiche', message: 'La data non può superare il 31/08/2026' }]}
        blockingMessage="La data non può superare il 31/08/2026"
        attachmentsComplete
        onGoToStep={() => undefined}
        onSubmit={onSubmit}
        values={emptyPuiApplication('org-1')}
        lookups={{}}
        editable
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('La data non può superare il 31/08/2026');
    expect((screen.getByRole('button', { name: 'Invia candidatura' }) as HTMLButtonElement).disabled).toBe(true);

    rerender(
      <SubmitStep
        steps={PUI_STEPS}
        fields={PUI_FIELDS}
        issues={[]}
        attachmentsComplete
        canSubmit
        onGoToStep={() => undefined}
        onSubmit={onSubmit}
        values={emptyPuiApplication('org-1')}
        lookups={{}}
        editable
      />,
    );
    expect(screen.getByText('La candidatura è completa e può essere inviata.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Invia candidatura' }));
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('the Riepilogo shows every answer by step, as the Domanda reads it, each with «Modifica» to its step (issue 46)', () => {
    const onGoToStep = vi.fn();
    const values = { ...emptyPuiApplication('org-1'), progNome: 'Piazza verde e mercato coperto', costiTotale: 1_200_000.5 };
    const { rerender } = render(
      <SubmitStep
        steps={PUI_STEPS}
        fields={PUI_FIELDS}
        canSubmit={false}
        issues={[]}
        attachmentsComplete
        onGoToStep={onGoToStep}
        onSubmit={() => undefined}
        values={values}
        lookups={{}}
        editable
      />,
    );
    const answer = (label: string) => screen.getAllByText(label, { selector: 'dt' })[0]!.parentElement!;
    expect(within(answer('Nome del progetto')).getByText('Piazza verde e mercato coperto')).toBeTruthy();
    expect(within(answer('Totale investimento')).getByText('1.200.000,50 €')).toBeTruthy();
    // Not answered yet: said, not left blank.
    expect(within(answer('Tipo di autorizzazione')).getByText('Non indicato')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Modifica Totale investimento' }));
    expect(onGoToStep).toHaveBeenCalledWith(1, 'costiTotale');

    // Once it may no longer change, the answers stay and «Modifica» goes.
    rerender(
      <SubmitStep
        steps={PUI_STEPS}
        fields={PUI_FIELDS}
        canSubmit={false}
        issues={[]}
        attachmentsComplete
        onGoToStep={onGoToStep}
        onSubmit={() => undefined}
        values={values}
        lookups={{}}
        editable={false}
      />,
    );
    expect(within(answer('Nome del progetto')).getByText('Piazza verde e mercato coperto')).toBeTruthy();
    expect(screen.queryAllByRole('link', { name: /^Modifica / })).toEqual([]);
  });

  it('asks for confirmation, then shows the sending in progress', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    const { rerender } = render(<SubmitDialog isOpen isSubmitting={false} onConfirm={onConfirm} onCancel={onCancel} />);
    const dialog = within(screen.getByRole('alertdialog'));
    expect(dialog.getByText('Sicuro di inviare la candidatura. Non sarà più possibile modificarla.')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Invia' }));
    expect(onConfirm).toHaveBeenCalledOnce();

    rerender(<SubmitDialog isOpen isSubmitting onConfirm={onConfirm} onCancel={onCancel} />);
    const sending = within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Invio in corso…' }) as HTMLButtonElement;
    expect(sending.disabled).toBe(true);
    expect((within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Indietro' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows an admin each warning as a banner', () => {
    render(<WarningBanners warnings={["L'importo richiesto al Fondo supera 30.000.000,00 €", 'Quota oltre il 50%']} />);
    expect(screen.getByRole('heading', { name: 'Avvisi' })).toBeTruthy();
    expect(screen.getAllByRole('status').map((banner) => banner.textContent)).toEqual([
      "L'importo richiesto al Fondo supera 30.000.000,00 €",
      'Quota oltre il 50%',
    ]);
  });
});
