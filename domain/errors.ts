import { z } from 'zod';

/**
 * The stable codes of the API's error answers (`error`), for programs; people read `message`. One list, so
 * a client can switch on them and a typo in the server does not compile.
 */
export const API_ERROR_CODES = [
  'access_denied',
  'application_incomplete',
  'application_submitted',
  'archive_suspicious',
  'attachment_not_found',
  'attachment_type_missing',
  'attachment_type_unknown',
  'attachments_closed',
  'bad_multipart',
  'call_missing',
  'draft_invalid',
  'draft_not_found',
  'draft_too_large',
  'draft_version_conflict',
  'email_not_verified',
  'export_empty',
  'field_too_long',
  'file_empty',
  'file_missing',
  'file_too_large',
  'forbidden',
  'identity_provider_unavailable',
  'input_forbidden_key',
  'input_lone_surrogate',
  'input_nul_character',
  'input_too_deep',
  'insufficient_storage',
  'internal_error',
  'invalid_application_id',
  'invalid_call_type',
  'invalid_download_id',
  'invalid_grant',
  'invalid_organization_id',
  'invalid_receipt_id',
  'invalid_redirect_uri',
  'invalid_refresh_token',
  'invalid_status',
  'integration_request_missing',
  'invalid_deadline',
  'invitation_expired',
  'invitation_used',
  'invitation_wrong_account',
  'last_admin',
  'login_expired',
  'macro_not_allowed',
  'mail_unavailable',
  'no_attachments',
  'not_found',
  'note_invalid',
  'note_too_long',
  'one_file_only',
  'organization_missing',
  'organization_not_selected',
  'password_managed_elsewhere',
  'verification_managed_elsewhere',
  'piva_already_registered',
  'precondition_failed',
  'status_conflict',
  'survey_closed',
  'survey_period_closed',
  'monitoring_period_unavailable',
  'monitoring_period_not_found',
  'survey_incomplete',
  'survey_not_found',
  'survey_submitted',
  'too_many_requests',
  'survey_version_conflict',
  'survey_wrong_fund',
  'survey_answers_invalid',
  'transition_refused',
  'unauthorized',
  'unsupported_file_type',
  'upload_interrupted',
  'validation_error',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/**
 * Every 4xx/5xx answer of the API: `message` is Italian and meant for the person. `id` names it in the API's
 * OpenAPI document (GET /api/openapi.json), where every error answer refers to it.
 */
export const apiErrorSchema = z
  .object({
    error: z.string().describe('Codice stabile dell’errore, per i programmi (ad esempio not_found, validation_error).'),
    message: z.string().describe('Messaggio in italiano, per la persona.'),
  })
  .meta({ id: 'ApiError', description: 'Ogni risposta di errore dell’API.' });
