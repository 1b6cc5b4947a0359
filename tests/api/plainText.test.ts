import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inputMessages } from '../../domain/messages/input.ts';
import { applicationsMessages } from '../../domain/messages/applications.ts';
import { organizations } from '../../server/db/schema/organizations.ts';
import { users } from '../../server/db/schema/users.ts';
import { applicationRow, forceApplicationStatus, updateStatus } from '../support/applicationFixtures.ts';
import { organizationPayload, personWithOrganization, selected } from '../support/organizationFixtures.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';

/**
 * Finding 12 of issue 41: free text that others read (an organisation's name and profile, a person's name, an
 * administrator's note, an invitation's message) refuses control characters and the bidirectional controls that
 * reorder what is shown, with a 400 whose Italian message names the field; texts of several lines keep their
 * line breaks.
 */

let t: TestApp;
let owner: Awaited<ReturnType<typeof personWithOrganization>>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await personWithOrganization(t, { name: 'Comune di Roccaverde' });
});
afterAll(() => t.close());

const RLO = '\u202e';
const refused = (label: string, message: string = inputMessages.invisibleCharacters) => ({
  error: 'validation_error',
  message: `${label}: ${message}`,
});

describe('an organisation', () => {
  it.each([
    ['name', 'Nome', `Comune di ${RLO}gpj.exe`],
    ['name', 'Nome', 'Comune di\u0085Roccaverde'],
    ['name', 'Nome', 'Comune di\u2066Roccaverde\u2069'],
    ['contactReference', 'Referente', 'Mario\u200fRossi'],
    ['address', 'Indirizzo', 'Via Roma\u001b[2J'],
    ['description', 'Descrizione', `Una descrizione${RLO} rovesciata`],
    ['altro', 'Altra forma giuridica', `Consorzio\u061c`],
  ])('is not registered with %s holding a control character (%#)', async (field, label, value) => {
    const payload = organizationPayload({ [field]: value, ...(field === 'altro' ? { formaGiuridica: 8 } : {}) });
    const response = await t.post('/api/Organization/CreateOrganization', payload, owner.token);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ ...refused(label), field });
    expect(await t.db.select().from(organizations).where(eq(organizations.pIva, payload.pIva))).toEqual([]);
  });

  it('may not have a name of two lines, while its description keeps its line breaks', async () => {
    const twoLines = await t.post(
      '/api/Organization/CreateOrganization',
      organizationPayload({ name: 'Comune\ndi Roccaverde' }),
      owner.token,
    );
    expect(twoLines.statusCode).toBe(400);
    expect(twoLines.json()).toMatchObject(refused('Nome', inputMessages.lineBreak));
    const payload = organizationPayload({ description: 'Prima riga\nseconda riga\r\n\tterza' });
    const created = await t.post('/api/Organization/CreateOrganization', payload, owner.token);
    expect(created.statusCode, created.body).toBe(201);
  });

  it('keeps its name when a change would put a direction character in it', async () => {
    const response = await t.post('/api/Organization/UpdateOrganization', { id: owner.orgId, name: `Comune ${RLO}ilopaN` }, owner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject(refused('Nome'));
    const [row] = await t.db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, owner.orgId));
    expect(row!.name).toBe('Comune di Roccaverde');
  });
});

describe('a person’s names', () => {
  it('are not changed to names with control or direction characters (POST /api/User/UpdateUser)', async () => {
    for (const [change, label] of [
      [{ firstName: `Mario${RLO}` }, 'Nome'],
      [{ lastName: 'Ros\u0001si' }, 'Cognome'],
      [{ lastName: 'Rossi\nBcc' }, 'Cognome'],
    ] as const) {
      const response = await t.post(
        '/api/User/UpdateUser',
        { id: owner.userId, firstName: 'Mario', lastName: 'Rossi', ...change },
        owner.token,
      );
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toMatch(new RegExp(`^${label}: `));
    }
    const [row] = await t.db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, owner.userId));
    expect(row).toEqual({ firstName: 'Giulia', lastName: 'Rossi' });
  });

  it('are not registered at the identity provider with a direction character', async () => {
    const { response } = await t.submitAtProvider('register', {
      firstName: `Giulia${RLO}`,
      lastName: 'Rossi',
      email: `giulia.bidi.${Date.now()}@esempio.it`,
      password: 'password-sicura-1',
      terms: 'accepted',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(inputMessages.invisibleCharacters);
  });
});

describe('an administrator’s note', () => {
  it('is refused with a direction character, and kept with its line breaks', async () => {
    const admin = await t.loginAsAdmin();
    const id = await forceApplicationStatus(t, owner.orgId, 'PUI', 'IN_VALUTAZIONE', { submittedAt: new Date() });
    const before = await applicationRow(t, id);
    for (const note of [`Allegare la ${RLO}planimetria`, 'Allegare\u2067 la planimetria', 'Allegare\u0085la planimetria']) {
      const response = await updateStatus(t, admin.token, 'PUI', id, 'In integrazione', note);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'note_invalid', message: applicationsMessages.noteInvalid });
    }
    expect(await applicationRow(t, id)).toEqual(before);
    const kept = await updateStatus(t, admin.token, 'PUI', id, 'In integrazione', 'Allegare:\n\t- la planimetria');
    expect(kept.statusCode, kept.body).toBe(200);
  });
});

describe('an invitation’s message', () => {
  it('is refused with a direction character (400 naming the field) and nothing is sent', async () => {
    const response = await t.post(
      '/api/SendEmail/SendEmail',
      { emails: ['nuovo.bidi@esempio.it'], userId: owner.userId, subject: 'Invito', message: `Ciao,\n${RLO}clicca qui` },
      owner.token,
      selected(owner.orgId),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject(refused('Messaggio'));
  });
});
