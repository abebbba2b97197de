import { queryOptions } from '@tanstack/react-query';
import type {
  ChangeEmailBody,
  ChangePasswordBody,
  ForgotPasswordBody,
  ResetPasswordBody,
} from '@shared/protocol';
import { ROUTES } from '@shared/protocol/routes.generated';
import { call } from '../../../lib/http';

/** Recovery and settings calls; see docs/api.md, "Account recovery and settings". */
export function forgotPassword(body: ForgotPasswordBody) {
  return call(ROUTES.auth.forgotPassword, { body });
}

export function resetPassword(body: ResetPasswordBody) {
  return call(ROUTES.auth.resetPassword, { body });
}

export function changePassword(body: ChangePasswordBody) {
  return call(ROUTES.auth.changePassword, { body });
}

export function changeEmail(body: ChangeEmailBody) {
  return call(ROUTES.auth.changeEmail, { body });
}

export const accountSettingsQueryKey = ['auth', 'account'] as const;

export const accountSettingsQueryOptions = queryOptions({
  queryKey: accountSettingsQueryKey,
  queryFn: () => call(ROUTES.auth.account),
});
