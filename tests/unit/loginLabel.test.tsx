import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LOGIN_LABEL_META } from '../../domain/loginLabel.ts';
import { clientPages } from '../../server/delivery/pagePreloads.ts';
import { loginLabel } from '../../src/features/welcome/loginLabel.ts';
import { WelcomePage } from '../../src/features/welcome/WelcomePage.tsx';

/**
 * OIDC_LOGIN_LABEL: the server writes it into the page it serves, and the welcome page's sign-in button reads it from
 * there (no request of its own); without it the button says «Accedi».
 */
function builtIndex(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'pf-label-'));
  writeFileSync(
    path.join(root, 'index.html'),
    '<!doctype html><html lang="it"><head><title>Portale Fondi</title></head><body></body></html>',
  );
  return root;
}

const parsed = (html: string) => new DOMParser().parseFromString(html, 'text/html');

afterEach(() => {
  cleanup();
  document.head.querySelector(`meta[name="${LOGIN_LABEL_META}"]`)?.remove();
});

describe('the sign-in button’s label', () => {
  it('is OIDC_LOGIN_LABEL when the server writes it into the welcome page, escaped', () => {
    const root = builtIndex();
    const page = clientPages(root, { loginLabel: 'Entra con SPID o CIE' }).pageFor('/', false);
    expect(page.html).toContain(`<meta name="${LOGIN_LABEL_META}" content="Entra con SPID o CIE">`);
    expect(loginLabel(parsed(page.html))).toBe('Entra con SPID o CIE');

    const tricky = clientPages(root, { loginLabel: 'Entra "qui" <b>&</b>' }).pageFor('/', false).html;
    expect(tricky).not.toContain('<b>');
    expect(loginLabel(parsed(tricky))).toBe('Entra "qui" <b>&</b>');
  });

  it('is «Accedi» without it', () => {
    const html = clientPages(builtIndex()).pageFor('/', false).html;
    expect(html).not.toContain(LOGIN_LABEL_META);
    expect(loginLabel(parsed(html))).toBe('Accedi');
  });

  it('names the welcome page’s button', () => {
    render(<WelcomePage notice={null} failed={false} />);
    expect(screen.getByRole('button', { name: 'Accedi' })).toBeTruthy();
    cleanup();
    const meta = document.createElement('meta');
    meta.name = LOGIN_LABEL_META;
    meta.content = 'Entra con SPID o CIE';
    document.head.append(meta);
    render(<WelcomePage notice={null} failed={false} />);
    expect(screen.getByRole('button', { name: 'Entra con SPID o CIE' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Registrati' })).toBeTruthy();
  });
});
