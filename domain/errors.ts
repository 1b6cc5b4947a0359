import { z } from 'zod';

/**
 * The stable codes of the API's error answers (`error`), for programs; people read `message`. One list, so
 * a client can switch on them and a typo in the server does not compile.
 */
export const API_ERROR_CODES = [
  'access_denied',
  'application_incomplete',
  'application_submitted',
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
  'export_empty',
  'field_too_long',
  'file_empty',
  'file_missing',
  'file_too_large',
  'forbidden',
  'identity_provider_unavailable',
  'internal_error',
  'invalid_application_id',
  'invalid_call_type',
  'invalid_download_id',
  'invalid_grant',
  'invalid_organization_id',
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
  'piva_already_registered',
  'precondition_failed',
  'status_conflict',
  'transition_refused',
  'unauthorized',
  'unsupported_file_type',
  'upload_interrupted',
  'validation_error',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/** Every 4xx/5xx answer of the API: `message` is Italian and meant for the person. */
export const apiErrorSchema = z.object({
  error: z.string(),
  message: z.string(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
