import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { endSession, failureText } from '../../../lib/http';
import { PATHS } from '../../../lib/paths';
import { userQueryKey } from '../../../lib/session/user';
import { toast } from '../../../lib/toast';
import { resetPassword } from '../api/account';
import { AuthCard } from './AuthCard';
import { NewPasswordFields, useNewPassword } from './NewPasswordFields';

/**
 * /reset-password?token=…: the page a reset mail links to. A new password signs the account out
 * everywhere, this device too, so the player then signs in with it.
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const newPassword = useNewPassword();
  const client = useQueryClient();
  const navigate = useNavigate();
  const reset = useMutation({
    mutationFn: resetPassword,
    onSuccess: (answer) => {
      // The server ended every session of the account; this device forgets its own.
      endSession(false);
      client.setQueryData(userQueryKey, null);
      toast({ title: 'Password changed', description: answer.message, variant: 'success' });
      navigate(PATHS.auth, { replace: true });
    },
  });

  if (!token)
    return (
      <AuthCard heading="Choose a new password">
        <Text size="sm">This page needs the link from your reset email.</Text>
        <Button component={Link} to={PATHS.forgotPassword} color="spar" c="dark.9">
          Ask for a reset link
        </Button>
      </AuthCard>
    );

  return (
    <AuthCard heading="Choose a new password">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (newPassword.check()) reset.mutate({ token, password: newPassword.password });
        }}
        noValidate
      >
        <Stack gap="md">
          <NewPasswordFields {...newPassword.fields} />
          {reset.isError && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertTriangle size={20} aria-hidden />}
              role="alert"
            >
              {failureText(reset.error)}{' '}
              <Link to={PATHS.forgotPassword} style={{ color: 'inherit' }}>
                Ask for a new link
              </Link>
            </Alert>
          )}
          <Button type="submit" loading={reset.isPending} color="spar" c="dark.9" size="md">
            Set new password
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
