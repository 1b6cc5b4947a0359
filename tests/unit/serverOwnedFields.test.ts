// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { FUND_REGISTRY } from '../../domain/funds.ts';
import { puiWizardDefinition } from '../../domain/pui/puiWizard.ts';
import { turWizardDefinition } from '../../domain/tur/turWizard.ts';
import { serverOwnedFieldsOf } from '../../server/applications/fundModule.ts';

// What a submission may send but the server sets: read from each fund's definition, never listed beside it.
describe("the keys the server sets in a fund's submission", () => {
  it("are the PUI's status, attachments, warnings and its computed and derived fields", () => {
    expect(serverOwnedFieldsOf(FUND_REGISTRY.PUI, puiWizardDefinition).sort()).toEqual(
      ['status', 'allegatoId', 'warningsPui', 'fontiCopertura', 'percTotInvest', 'tempiFineLavoriPrev', 'progRegione'].sort(),
    );
  });

  it("are the TUR's status, attachments, warnings and its computed fields", () => {
    expect(serverOwnedFieldsOf(FUND_REGISTRY.TUR, turWizardDefinition).sort()).toEqual(
      [
        'status',
        'allegatoId',
        'warningsTur',
        'costiFontiCopertura',
        'percTotInvest',
        'percTransEnerg',
        'percTransDigital',
        'tempiFineLavori',
      ].sort(),
    );
  });
});
