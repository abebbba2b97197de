import { queryOptions } from '@tanstack/react-query';
import type {
  AccountSettingsResponse,
  ChangeEmailBody,
  ChangeEmailResponse,
  ChangePasswordBody,
  ForgotPasswordBody,
  ResetPasswordBody,
} from '@shared/protocol';
import { api } from '../../../lib/http';

/** Recovery and settings calls; see docs/api.md, "Account recovery and settings". */
export interface Message {
  message: string;
}

export function forgotPassword(body: ForgotPasswordBody): Promise<Message> {
  return api<Message>('/api/auth/forgot-password', { method: 'POST', body });
}

export function resetPassword(body: ResetPasswordBody): Promise<Message> {
  return api<Message>('/api/auth/reset-password', { method: 'POST', body });
}

export function changePassword(body: ChangePasswordBody): Promise<Message> {
  return api<Message>('/api/auth/change-password', { method: 'POST', body });
}

export function changeEmail(body: ChangeEmailBody): Promise<ChangeEmailResponse> {
  return api<ChangeEmailResponse>('/api/auth/change-email', { method: 'POST', body });
}

export const accountSettingsQueryKey = ['auth', 'account'] as const;

export const accountSettingsQueryOptions = queryOptions({
  queryKey: accountSettingsQueryKey,
  queryFn: () => api<AccountSettingsResponse>('/api/auth/account'),
});
