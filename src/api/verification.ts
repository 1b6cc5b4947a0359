import type { ResendVerificationResponse } from '../../domain/verification.ts';
import type { ApiClient } from './client.ts';

/** «Invia di nuovo il link»: the server answers the same whatever it did. */
export async function resendVerificationEmail(api: ApiClient): Promise<ResendVerificationResponse> {
  return await api<ResendVerificationResponse>('/api/User/ResendVerificationEmail', { method: 'POST', body: {} });
}
