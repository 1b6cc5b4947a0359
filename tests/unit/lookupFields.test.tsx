import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '../../domain/messages.ts';
import { ComboBox } from '../../src/ui/ComboBox.tsx';
import type { Lookup, Option } from '../../src/ui/options.ts';
import { Select } from '../../src/ui/Select.tsx';

afterEach(cleanup);

const regioni: Option[] = [
  { id: 12, name: 'Lazio' },
  { id: 3, name: 'Lombardia' },
];
const loading: Lookup<Option> = { data: undefined, isError: false };
const failed: Lookup<Option> = { data: undefined, isError: true };
const arrived: Lookup<Option> = { data: regioni, isError: false };

/** The field as a page holds it: the chosen id in state, the lookup from the test. */
function Field({
  kind,
  lookup,
  description,
  isDisabled,
}: {
  kind: 'select' | 'combobox';
  lookup: Lookup<Option>;
  description?: string;
  isDisabled?: boolean;
}) {
  const [value, setValue] = useState<Option['id'] | null>(null);
  const props = { label: 'Regione', lookup, value, onChange: setValue, description, isDisabled };
  return kind === 'select' ? <Select {...props} /> : <ComboBox {...props} />;
}

const control = (kind: 'select' | 'combobox') =>
  (kind === 'select' ? screen.getByRole('button', { name: /Regione/ }) : screen.getByRole('combobox', { name: 'Regione' })) as
    HTMLButtonElement | HTMLInputElement;

describe.each(['select', 'combobox'] as const)('a %s given a lookup', (kind) => {
  it('stays disabled, with no hint, while its list has not arrived', () => {
    render(<Field kind={kind} lookup={loading} />);
    expect(control(kind).disabled).toBe(true);
    expect(screen.queryByText(messages.ui.lookupFailed)).toBeNull();
  });

  it('says the list could not be loaded, in place of its own hint, when the load failed', () => {
    render(<Field kind={kind} lookup={failed} description="Seleziona prima la regione." />);
    expect(control(kind).disabled).toBe(true);
    expect(screen.getByText(messages.ui.lookupFailed)).toBeTruthy();
    expect(screen.queryByText('Seleziona prima la regione.')).toBeNull();
    // The hint is the field's description: a screen reader reads it with the field.
    const describedBy = control(kind).getAttribute('aria-describedby') ?? '';
    expect(describedBy.split(' ').map((id) => document.getElementById(id)?.textContent)).toContain(messages.ui.lookupFailed);
  });

  it('opens, and offers the items, once they arrive', () => {
    const { rerender } = render(<Field kind={kind} lookup={loading} description="Scegli la regione." />);
    rerender(<Field kind={kind} lookup={arrived} description="Scegli la regione." />);
    const field = control(kind);
    expect(field.disabled).toBe(false);
    expect(screen.getByText('Scegli la regione.')).toBeTruthy();

    act(() => field.focus());
    if (kind === 'select') {
      fireEvent.keyDown(field, { key: 'ArrowDown' });
      fireEvent.keyUp(field, { key: 'ArrowDown' });
    } else {
      fireEvent.change(field, { target: { value: 'laz' } });
    }
    const list = screen.getByRole('listbox');
    const names = within(list)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(names).toEqual(kind === 'select' ? ['Lazio', 'Lombardia'] : ['Lazio']);
    fireEvent.click(within(list).getByRole('option', { name: 'Lazio' }));
    if (kind === 'select') expect(control(kind).textContent).toContain('Lazio');
    else expect((control(kind) as HTMLInputElement).value).toBe('Lazio');
  });

  it('stays disabled when the page disables it, even with its list', () => {
    render(<Field kind={kind} lookup={arrived} isDisabled />);
    expect(control(kind).disabled).toBe(true);
  });
});

describe('a select given its items', () => {
  it('is enabled at once, with its own hint', () => {
    render(<Select label="Fondo" items={regioni} value={null} onChange={() => {}} description="Filtra per fondo." />);
    expect((screen.getByRole('button', { name: /Fondo/ }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByText('Filtra per fondo.')).toBeTruthy();
  });
});
