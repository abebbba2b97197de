import { Alert, Button, Center, Container, Group, Loader, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Navigate, useNavigate } from 'react-router';
import type { AuthUser } from '@shared/protocol';
import { ACCOUNT_DELETION_GRACE_DAYS } from '@shared/constants';
import { PATHS } from '../../../lib/paths';
import { PageHeader } from '../../../components/PageHeader';
import { toastFailure } from '../../../lib/http';
import { toast } from '../../../lib/toast';
import { restoreAccount } from '../api/restore-account';
import { userQueryKey } from '../../../lib/session/user';
import { useSession } from '../../../lib/session/useSession';

/** Where a user marked for deletion lands: restore the account, or sign out. */
export function DeleteAccountPage() {
  const { user, signOut, loading } = useSession();
  const client = useQueryClient();
  const navigate = useNavigate();
  const restore = useMutation({
    mutationFn: restoreAccount,
    onSuccess: (answer) => {
      client.setQueryData<AuthUser | null>(userQueryKey, (current) =>
        current ? { ...current, markedForDelete: false } : current,
      );
      toast({ title: 'Account Restored', description: answer.message, variant: 'success' });
      navigate(PATHS.profile, { replace: true });
    },
    onError: (error) => toastFailure('Error', error),
  });
  // Opened from a link or a refresh, the page can be ready before the session check: deciding
  // then would send a signed-in player away for good.
  if (loading)
    return (
      <Center h="60dvh">
        <Loader color="spar" />
      </Center>
    );
  // Signed out (or never signed in): nothing to restore here.
  if (!user) return <Navigate to={PATHS.home} replace />;
  if (!user.markedForDelete) return <Navigate to={PATHS.profile} replace />;

  return (
    <>
      <PageHeader title="Account Deletion" size="sm" />
      <Container size="sm" py="md">
        <Stack>
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle />}
            title="Account Scheduled for Deletion"
          >
            Your account {user.username} is scheduled for deletion. Within {ACCOUNT_DELETION_GRACE_DAYS} days
            of your request it will be deleted for good: your name, email and sign-in are removed. Until then
            you can change your mind.
          </Alert>
          <Text c="dark.1">Restore the account to keep playing, or sign out to leave it as it is.</Text>
          <Group>
            <Button color="spar" c="dark.9" loading={restore.isPending} onClick={() => restore.mutate()}>
              Restore my account
            </Button>
            <Button variant="default" onClick={() => void signOut()}>
              Sign out
            </Button>
          </Group>
        </Stack>
      </Container>
    </>
  );
}
