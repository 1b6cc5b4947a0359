import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partitaIvaCheckDigit } from '../../domain/organization.ts';
import { expectAccessible } from './support/browser.ts';
import { usePortalAndBrowser } from './support/portalAndBrowser.ts';
import { typeLikeAPerson } from './support/typing.ts';
import { acceptTerms, signInAfterRegistration, verifyEmailFromOutbox } from './support/verification.ts';

const e2e = usePortalAndBrowser();

/** A VAT number nobody has registered yet, with a correct check digit (the server refuses others). */
function freshVat(): string {
  const firstTen = `9${String(Date.now()).slice(-9)}`;
  return `${firstTen}${partitaIvaCheckDigit(firstTen)}`;
}

const vat = freshVat();
const wrongCheckDigit = `${vat.slice(0, 10)}${(Number(vat[10]) + 1) % 10}`;
const organizationName = `Comune di Collaudo ${vat.slice(-4)}`;
const stamp = Date.now();

interface Person {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

const founder: Person = {
  firstName: 'Marta',
  lastName: 'Bianchi',
  email: `marta.bianchi.${stamp}@esempio.it`,
  password: 'una-password-lunga',
};
const colleague: Person = {
  firstName: 'Luca',
  lastName: 'Verdi',
  email: `luca.verdi.${stamp}@esempio.it`,
  password: 'una-password-lunga',
};

const newPage = () => e2e.newPage({ viewport: { width: 1280, height: 900 } });

/** Registers at the embedded identity provider; a new person lands on /flow-organization. */
async function registerAtProvider(page: Page, person: Person) {
  await page.goto(`${e2e.portal.url}/`);
  await page.getByRole('button', { name: 'Registrati' }).click();
  await page.waitForURL(/\/idp\/interaction\//);
  await page.getByLabel('Nome', { exact: true }).fill(person.firstName);
  await page.getByLabel('Cognome').fill(person.lastName);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await acceptTerms(page);
  await page.getByRole('button', { name: 'Registrati' }).click();
  await signInAfterRegistration(page, person.email, person.password);
  await page.waitForURL(`${e2e.portal.url}/flow-organization`);
  await page.getByRole('heading', { level: 1, name: 'Collega la tua organizzazione' }).waitFor();
  // Registering or joining an organisation needs the address verified: the person opens the mailed link.
  await verifyEmailFromOutbox(page.context(), e2e.portal, person.email, page);
}

/** Opens a react-aria Select by its label and picks an option with the keyboard-accessible listbox. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('button', { name: new RegExp(`${label}$`) }).click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

describe('connecting an organisation by VAT number, and registering it', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context, page } = await newPage());
  });
  afterAll(() => context.close());

  it('shows the VAT box, which takes digits only and enables Conferma at exactly 11', async () => {
    await registerAtProvider(page, founder);
    await expectAccessible(page);

    const box = page.getByRole('textbox', { name: 'Partita IVA' });
    const confirm = page.getByRole('button', { name: 'Conferma' });
    await box.pressSequentially('12ab3');
    await expect(box.inputValue()).resolves.toBe('123');
    await expect(confirm.isDisabled()).resolves.toBe(true);

    await box.fill(`${wrongCheckDigit}99`);
    await expect(box.inputValue()).resolves.toBe(wrongCheckDigit);
    await expect(confirm.isEnabled()).resolves.toBe(true);
  });

  it('says so when the check digit is wrong', async () => {
    await page.getByRole('button', { name: 'Conferma' }).click();
    await page.getByText('La P.IVA inserita non è valida').waitFor();
    await expect(page.getByRole('textbox', { name: 'Partita IVA' }).getAttribute('aria-invalid')).resolves.toBe('true');
    await expectAccessible(page);
  });

  it('offers registration for an unknown VAT, carrying the number along', async () => {
    await page.getByRole('textbox', { name: 'Partita IVA' }).fill(vat);
    await page.getByRole('button', { name: 'Conferma' }).click();
    await page.getByText('La P.IVA inserita non risulta registrata nella piattaforma').waitFor();
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Registra la tua organizzazione' }).click();
    await page.waitForURL(`${e2e.portal.url}/register-org?pIva=${vat}`);
    await page.getByRole('heading', { level: 1, name: 'Registra la tua organizzazione' }).waitFor();
    const pIva = page.getByRole('textbox', { name: 'P.IVA' });
    await expect(pIva.inputValue()).resolves.toBe(vat);
    await expect(pIva.getAttribute('readonly')).resolves.not.toBeNull();
    await expect(page.getByRole('button', { name: 'Registra organizzazione' }).isDisabled()).resolves.toBe(true);
    await expectAccessible(page);
  });

  it('marks a field left empty or too short, accessibly', async () => {
    const name = page.getByRole('textbox', { name: 'Nome', exact: true });
    await name.fill('AB');
    await name.blur();
    await page.getByText('Inserire almeno 3 caratteri').waitFor();
    const codiceAteco = page.getByRole('textbox', { name: 'Codice ATECO' });
    await codiceAteco.focus();
    await codiceAteco.blur();
    await page.getByText('Campo obbligatorio').first().waitFor();
    await expect(name.getAttribute('aria-invalid')).resolves.toBe('true');
    await expectAccessible(page);
  });

  it('registers the organisation with every required field, lookups and a date', async () => {
    await page.getByRole('textbox', { name: 'Nome', exact: true }).fill(organizationName);
    await choose(page, 'Forma giuridica', 'Comune');
    await page.getByRole('textbox', { name: 'Codice ATECO' }).fill('84.11.10');
    await page.getByRole('textbox', { name: 'Descrizione' }).fill('Amministrazione comunale che partecipa ai fondi tematici.');
    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(`protocollo.${stamp}@comune.esempio.it`);
    // The telephone as people write it (issue 46): kept as typed, a form it cannot take named under it.
    const telephone = page.getByRole('textbox', { name: 'Telefono' });
    await typeLikeAPerson(telephone, '06-1234-5678');
    await expect(telephone.inputValue()).resolves.toBe('06-1234-5678');
    await telephone.blur();
    await page.getByText(/^Numero di telefono non valido: scrivi da 6 a 15 cifre/).waitFor();
    await typeLikeAPerson(telephone, '+39 06 1234 5678');
    await expect(telephone.inputValue()).resolves.toBe('+39 06 1234 5678');
    await expect(page.getByText(/^Numero di telefono non valido/).count()).resolves.toBe(0);

    await choose(page, 'Regione', 'Lazio');
    await choose(page, 'Provincia', 'Roma (RM)');
    const comune = page.getByRole('combobox', { name: 'Comune' });
    await comune.fill('Roma');
    await page.getByRole('listbox').getByRole('option', { name: 'Roma', exact: true }).click();
    await expect(comune.inputValue()).resolves.toBe('Roma');

    // Changing the region clears province and comune (spec §4); choosing them again restores the address.
    await choose(page, 'Regione', 'Umbria');
    await expect(page.getByRole('combobox', { name: 'Comune' }).inputValue()).resolves.toBe('');
    await choose(page, 'Regione', 'Lazio');
    await choose(page, 'Provincia', 'Roma (RM)');
    // Typed a key at a time, the comune named whole comes first, before those that only hold the name; Enter takes it.
    await comune.click();
    await comune.pressSequentially('roma');
    const offered = page.getByRole('listbox').getByRole('option');
    await expect(offered.first().textContent()).resolves.toBe('Roma');
    expect(await offered.count()).toBeGreaterThan(1);
    await comune.press('Enter');
    await expect(comune.inputValue()).resolves.toBe('Roma');
    await expect(page.getByRole('listbox').count()).resolves.toBe(0);

    // The CAP, a key at a time: four digits are not one; anything but digits is not typed at all.
    const cap = page.getByRole('textbox', { name: 'CAP' });
    await typeLikeAPerson(cap, '0018');
    await page.getByText('Il CAP deve essere composto da 5 cifre').waitFor();
    await expect(cap.getAttribute('aria-invalid')).resolves.toBe('true');
    await typeLikeAPerson(cap, '00-184');
    await expect(cap.inputValue()).resolves.toBe('00184');
    await expect(page.getByText('Il CAP deve essere composto da 5 cifre').count()).resolves.toBe(0);
    await typeLikeAPerson(page.getByRole('textbox', { name: 'Numero civico' }), '12/A bis');

    // A date from the calendar of the date picker.
    const founded = page.getByRole('group', { name: 'Data di costituzione' });
    await founded.getByRole('button', { name: 'Apri il calendario' }).click();
    const calendar = page.getByRole('dialog', { name: 'Calendario' });
    await calendar.getByRole('button', { name: 'Mese precedente' }).click();
    await calendar.getByRole('gridcell').getByText('15', { exact: true }).click();
    await calendar.waitFor({ state: 'detached' });
    await expect(founded.getByRole('spinbutton', { name: /giorno/i }).textContent()).resolves.toBe('15');

    await page.getByRole('textbox', { name: 'Referente' }).fill(`${founder.firstName} ${founder.lastName}`);

    // The legal representative (issue 42), a key at a time: the codice fiscale upper-cased as typed, spaces dropped,
    // and what is wrong with it said under it, in Italian.
    await page.getByRole('heading', { name: 'Legale rappresentante', level: 2 }).waitFor();
    await typeLikeAPerson(page.getByRole('textbox', { name: 'Nome del legale rappresentante', exact: true }), 'Mario');
    await typeLikeAPerson(page.getByRole('textbox', { name: 'Cognome del legale rappresentante' }), 'Bianchi');
    const fiscalCode = page.getByRole('textbox', { name: 'Codice fiscale del legale rappresentante' });
    await typeLikeAPerson(fiscalCode, 'bncmra70c15h501a');
    await expect(fiscalCode.inputValue()).resolves.toBe('BNCMRA70C15H501A');
    await page
      .getByText('Il carattere di controllo (l\u2019ultimo) non corrisponde: controlla di aver scritto correttamente il codice fiscale.')
      .waitFor();
    await expect(fiscalCode.getAttribute('aria-invalid')).resolves.toBe('true');
    await expectAccessible(page);
    await typeLikeAPerson(fiscalCode, 'bncmra 70c15 h501q');
    await expect(fiscalCode.inputValue()).resolves.toBe('BNCMRA70C15H501Q');
    await expect(
      page
        .getByText('Il carattere di controllo (l\u2019ultimo) non corrisponde: controlla di aver scritto correttamente il codice fiscale.')
        .count(),
    ).resolves.toBe(0);
    await typeLikeAPerson(page.getByRole('textbox', { name: 'Ruolo' }), 'Legale rappresentante');
    await typeLikeAPerson(page.getByRole('textbox', { name: 'Luogo di nascita' }), 'Roma');
    const born = page.getByRole('group', { name: 'Data di nascita' });
    await born.getByRole('spinbutton', { name: /giorno/i }).click();
    await page.keyboard.type('15031970');
    await expect(born.getByRole('spinbutton', { name: /anno/i }).textContent()).resolves.toBe('1970');
    // The real checkbox is visually hidden inside its label: people (and the test) press the label.
    await page.getByText('Ho letto l\u2019informativa sul trattamento dei dati personali e la accetto').click();
    await expect(page.getByRole('checkbox', { name: /informativa/ }).isChecked()).resolves.toBe(true);

    const submit = page.getByRole('button', { name: 'Registra organizzazione' });
    await expect(submit.isEnabled()).resolves.toBe(true);
    await expectAccessible(page);
    await submit.click();

    await page.getByText('Organizzazione registrata').waitFor();
    await page.getByText('Registrazione avvenuta con successo').waitFor();
    await page.waitForURL(`${e2e.portal.url}/calls`);
    await expectAccessible(page);
    const selected = await page.evaluate(() => window.localStorage.getItem('selectedOrganizationId'));
    expect(selected).toMatch(/^[0-9a-f-]{36}$/);
    // What the server stored, read back as the portal reads it.
    const token = (await context.cookies(e2e.portal.url)).find((cookie) => cookie.name === 'token')!.value;
    const stored = await fetch(`${e2e.portal.url}/api/Organization/GetOrganizationById?id=${selected}`, {
      headers: { authorization: `Bearer ${decodeURIComponent(token)}` },
    });
    await expect(stored.json()).resolves.toMatchObject({
      name: organizationName,
      comuneName: 'Roma',
      cap: '00184',
      telephone: '+39 06 1234 5678',
      numCivico: '12/A bis',
      // The representative, structured and in the spec's own fields (§3).
      legaleRappresentante: {
        nome: 'Mario',
        cognome: 'Bianchi',
        codiceFiscale: 'BNCMRA70C15H501Q',
        ruolo: 'Legale rappresentante',
        luogoDiNascita: 'Roma',
        dataDiNascita: '1970-03-15T00:00:00+01:00',
      },
      role: 'Legale rappresentante',
      luogo_di_nascita: 'Roma',
      data_di_nascita: '1970-03-15T00:00:00+01:00',
    });
  });

  it('now offers "La tua organizzazione" in the header menu', async () => {
    await page.getByRole('button', { name: `Menu utente ${founder.firstName} ${founder.lastName}` }).click();
    const item = page.getByRole('menuitem', { name: 'La tua organizzazione' });
    await item.waitFor();
    const selected = await page.evaluate(() => window.localStorage.getItem('selectedOrganizationId'));
    await expect(item.getAttribute('href')).resolves.toBe(`/your-organization/${selected}`);
    await page.keyboard.press('Escape');
  });

  it('opens the header menu from the keyboard and gives the focus back when it closes', async () => {
    const trigger = page.getByRole('button', { name: `Menu utente ${founder.firstName} ${founder.lastName}` });
    await trigger.focus();
    await page.keyboard.press('ArrowDown');
    await page.getByRole('menu').waitFor();
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Account');
    await page.keyboard.press('ArrowDown');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('La tua organizzazione');
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    // react-aria gives the focus back once the popover has gone, a frame later.
    await expect.poll(() => trigger.evaluate((button) => button === document.activeElement)).toBe(true);
    await expect(trigger.getAttribute('aria-expanded')).resolves.toBe('false');
  });
});

describe('a second person with the same VAT number', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context, page } = await newPage());
  });
  afterAll(() => context.close());

  it('is told it is registered, with the organisation name, and how to join', async () => {
    await registerAtProvider(page, colleague);
    await page.getByRole('textbox', { name: 'Partita IVA' }).fill(vat);
    await page.getByRole('button', { name: 'Conferma' }).click();
    await page.getByText('La P.IVA inserita risulta già registrata nella piattaforma').waitFor();
    await page.getByText('Inserisci un altro codice p.iva per proseguire').waitFor();
    await page.getByText(organizationName).waitFor();
    await page.getByText(/chiedi a un collega già registrato di invitarti/).waitFor();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Chiudi il messaggio' }).click();
    await page.getByText('La P.IVA inserita risulta già registrata nella piattaforma').waitFor({ state: 'detached' });
    // Knowing the number made nobody a member: still no organisation in the menu.
    await page.getByRole('button', { name: `Menu utente ${colleague.firstName} ${colleague.lastName}` }).click();
    await page.getByRole('menuitem', { name: 'Esci' }).waitFor();
    await expect(page.getByRole('menuitem', { name: 'La tua organizzazione' }).count()).resolves.toBe(0);
    await page.keyboard.press('Escape');
  });

  it('uses a side drawer for the menu on a narrow screen', async () => {
    await page.setViewportSize({ width: 600, height: 900 });
    await page.getByRole('button', { name: `Menu utente ${colleague.firstName} ${colleague.lastName}` }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.waitFor();
    await drawer.getByRole('button', { name: 'Esci' }).waitFor();
    await drawer.getByRole('link', { name: 'Account' }).waitFor();
    await expectAccessible(page);

    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    const trigger = page.getByRole('button', { name: `Menu utente ${colleague.firstName} ${colleague.lastName}` });
    await expect.poll(() => trigger.evaluate((button) => button === document.activeElement)).toBe(true);
  });
});
