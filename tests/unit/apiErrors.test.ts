import { describe, expect, it } from 'vitest';
import { messages } from '../../domain/messages.ts';
import { errorBodyOf, toApiRequestError } from '../../src/api/errors.ts';

/** Error bodies are checked by hand (no zod in the first load): an answer a proxy sends must not pass for ours. */
describe('errorBodyOf and toApiRequestError', () => {
  it('reads the API’s error body, its field and every issue', () => {
    const body = {
      error: 'validation_error',
      message: 'Nome: Campo obbligatorio',
      field: 'name',
      issues: [{ field: 'name', message: 'Campo obbligatorio', extra: 1 }],
    };
    expect(errorBodyOf(body)).toStrictEqual({
      error: 'validation_error',
      message: 'Nome: Campo obbligatorio',
      field: 'name',
      issues: [{ field: 'name', message: 'Campo obbligatorio' }],
    });
    expect(errorBodyOf({ error: 'not_found', message: 'Non trovato' })).toStrictEqual({ error: 'not_found', message: 'Non trovato' });
    const error = toApiRequestError({ status: 400, data: body });
    expect([error.status, error.code, error.message, error.issues]).toEqual([
      400,
      'validation_error',
      body.message,
      [{ field: 'name', message: 'Campo obbligatorio' }],
    ]);
    expect(toApiRequestError({ status: 404, data: { error: 'not_found', message: 'Non trovato', field: 'id' } }).issues).toEqual([
      { field: 'id', message: 'Non trovato' },
    ]);
  });

  it("keeps what the client caught as the error's cause: the answer's headers (a click day's Retry-After, issue 45)", () => {
    const queued = { error: 'handover_queued', message: 'Sei in coda: la tua domanda verrà inviata appena possibile' };
    const caught = { status: 503, data: queued, response: new Response(null, { status: 503, headers: { 'retry-after': '2' } }) };
    const error = toApiRequestError(caught);
    expect([error.status, error.code, error.message]).toEqual([503, 'handover_queued', queued.message]);
    expect(error.cause).toBe(caught);
    expect((error.cause as typeof caught).response.headers.get('retry-after')).toBe('2');
  });

  it('refuses anything else, and the person reads the message for the status instead', () => {
    for (const data of [
      undefined,
      null,
      '<html>502 Bad Gateway</html>',
      ['error'],
      { error: 'x' },
      { error: 1, message: 'm' },
      { error: 'x', message: 'm', field: 3 },
      { error: 'x', message: 'm', issues: 'none' },
      { error: 'x', message: 'm', issues: [{ field: 'a' }] },
    ]) {
      expect(errorBodyOf(data), JSON.stringify(data)).toBeNull();
    }
    const error = toApiRequestError({ status: 502, data: '<html>502 Bad Gateway</html>' });
    expect([error.status, error.code, error.message]).toEqual([502, null, messages.generic.serverError]);
  });
});
