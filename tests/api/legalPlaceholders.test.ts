import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LEGAL_TEXTS_DIR } from '../../server/legal/legalTexts.ts';
import { createTestApp } from '../support/testApp.ts';

/**
 * Issue 46: people consent to the privacy notice at registration, and the shipped one holds stand-ins for the data
 * controller and the addresses. The portal warns at start while any is in use, naming each; an operator's own copy
 * (LEGAL_TEXTS_DIR) that names them starts without the warning.
 */

async function warningsAtStart(env: Record<string, string> = {}) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const t = await createTestApp({ env, logger: { level: 'warn', stream } });
  await t.close();
  return lines.filter((line) => line.event === 'legal.placeholders');
}

/** The shipped folder with every stand-in replaced, as an operator would write it. */
function filledCopy(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pf-legal-'));
  cpSync(DEFAULT_LEGAL_TEXTS_DIR, dir, { recursive: true });
  for (const file of ['privacy.json', 'accessibilita.json']) {
    const text = readFileSync(path.join(dir, file), 'utf8')
      .replaceAll('portale-fondi.local', 'regione.esempio.it')
      .replace(
        /Denominazione, sede e recapiti del titolare sono indicati dall'amministrazione in questa sezione[^"]*/,
        'Titolare del trattamento è la Regione Esempio, con sede in Piazza del Popolo 1, 00100 Roma.',
      );
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

describe('the shipped privacy notice and accessibility statement', () => {
  it('make the portal warn at start, naming each placeholder still in use', async () => {
    const [warning, ...others] = await warningsAtStart();
    expect(others).toEqual([]);
    expect(warning).toMatchObject({ level: 40, msg: expect.stringContaining('LEGAL_TEXTS_DIR') });
    expect(warning!.placeholders).toEqual([
      'privacy.json: an address on the reserved .local domain (rpd@portale-fondi.local)',
      "privacy.json: the data controller's name, seat and contacts (sono indicati dall'amministrazione in questa sezione)",
      'accessibilita.json: an address on the reserved .local domain (accessibilita@portale-fondi.local)',
    ]);
  });

  it('an operator’s own copy that names the controller and the addresses starts without the warning', async () => {
    expect(await warningsAtStart({ LEGAL_TEXTS_DIR: filledCopy() })).toEqual([]);
  });
});
