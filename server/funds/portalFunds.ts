import type { ServerFund } from '../applications/fundModule.ts';
import type { ReferenceData } from '../reference/referenceData.ts';
import type { Territory } from '../reference/territory.ts';
import { createPuiFund } from './pui.ts';
import { createTurFund } from './tur.ts';

/** The portal's funds on the server (server/app.ts registers each), in the order of FUNDS (domain/applicationStatus.ts). */
export function createPortalFunds(territory: Territory, reference: ReferenceData): ServerFund[] {
  return [createTurFund(territory, reference), createPuiFund(territory, reference)];
}
