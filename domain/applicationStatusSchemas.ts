import { z } from 'zod';
import { APPLICATION_STATUS_CODES, COMPILAZIONE_TYPE, FUNDS, STATUS_ACTOR_ROLES } from './applicationStatus.ts';

/** The zod schemas of applicationStatus.ts's values, for payloads and the server's checks. */
export const fundSchema = z.enum(FUNDS);
export const compilazioneTypeSchema = z.literal(FUNDS.map((fund) => COMPILAZIONE_TYPE[fund]));
export const applicationStatusCodeSchema = z.enum(APPLICATION_STATUS_CODES);
export const statusActorRoleSchema = z.enum(STATUS_ACTOR_ROLES);
