import {
  Badge,
  Button,
  Card,
  Container,
  Group,
  Modal,
  PasswordInput,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconLogout, IconSettings, IconShieldCog, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { AuthUser } from '@shared/protocol';
import { ACCOUNT_DELETION_GRACE_DAYS } from '@shared/constants';
import { IconLinkButton } from '../../../components/IconLinkButton';
import { localPath, PATHS, viewsOtherPlayer } from '../../../lib/paths';
import { PageHeader } from '../../../components/PageHeader';
import { SignInPrompt } from '../../../components/SignInPrompt';
import { toastFailure } from '../../../lib/http';
import { PlayerAvatar } from '../../../components/PlayerAvatar';
import { deleteAccount } from '../api/delete-account';
import { userQueryKey } from '../../../lib/session/user';
import { formatRating } from '../../../domain/rating';
import { useSession } from '../../../lib/session/useSession';
import { profileQueryOptions } from '../api/profile';
import { Achievements } from './Achievements';
import { AvatarPicker } from './AvatarPicker';
import { CardSettings } from './CardSettings';
import { ModeRecordList } from './ModeRecord';
import { RatingHistoryChart } from './RatingHistoryChart';
import { RecentGames } from './RecentGames';
import { SoundSettings } from '../../../domain/SoundSettings';
import { SocialActions, VisibilitySetting } from './SocialActions';
import { LoadFailure } from '../../../components/QueryStatus';
import { EmailStatus } from '../../../components/EmailStatus';

function Stat({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Card withBorder radius="md" bg="dark.7" padding="md">
      <Text size="xs" tt="uppercase" c="dark.2" fw={700}>
        {label}
      </Text>
      <Text component="div" size="xl" fw={800} c="spar.4">
        {value}
      </Text>
    </Card>
  );
}

function DeleteAccountDialog({
  user,
  opened,
  onClose,
}: {
  user: AuthUser;
  opened: boolean;
  onClose: () => void;
}) {
  const [password, setPassword] = useState('');
  const client = useQueryClient();
  const navigate = useNavigate();
  const remove = useMutation({
    mutationFn: () => deleteAccount(password ? { password } : { confirm: true }),
    onSuccess: () => {
      client.setQueryData(userQueryKey, { ...user, markedForDelete: true });
      navigate(PATHS.deleteAccount, { replace: true });
    },
    onError: (error) => toastFailure('Error', error),
  });
  return (
    <Modal opened={opened} onClose={onClose} title="Delete your account?" centered>
      <Stack>
        <Text size="sm">
          Your account will be deleted {ACCOUNT_DELETION_GRACE_DAYS} days from now. You can restore it until
          then by signing in.
        </Text>
        <PasswordInput
          visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the characters' }}
          label="Password"
          description="Leave empty if you sign in with Google"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
            Delete account
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** /profile (yours) and /profile?id=…&returnTo=… (another player's). */
export function ProfilePage() {
  const { user, signOut, loading } = useSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const viewingOther = viewsOtherPlayer(params.toString(), user?.id ?? null);
  const profileId = viewingOther ? Number(params.get('id')) : (user?.id ?? 0);
  const profile = useQuery({ ...profileQueryOptions(profileId), enabled: profileId > 0 });

  if (!user && !loading) {
    // No redirect: signing out from this page must land on home, not bounce to /auth.
    return (
      <SignInPrompt
        header={<PageHeader title="My Profile" size="sm" />}
        reason="Sign in to see your profile, rating and record."
        returnTo={PATHS.profile}
      />
    );
  }
  const returnTo = localPath(params.get('returnTo'));
  const data = profile.data;
  const name = data?.username ?? (viewingOther ? '' : (user?.username ?? ''));

  return (
    <>
      <PageHeader
        title={viewingOther ? 'Player Profile' : 'My Profile'}
        backTo={returnTo ?? undefined}
        size="sm"
        right={
          !viewingOther && user ? (
            <IconLinkButton
              to={PATHS.settings}
              size="lg"
              icon={IconSettings}
              iconSize={22}
              label="Account settings"
            />
          ) : undefined
        }
      />
      <Container size="sm" py="md">
        <Stack gap="lg">
          <Group gap="md">
            <PlayerAvatar
              username={name}
              avatarUrl={data?.avatarUrl}
              size={72}
              color="spar"
              variant="filled"
            />
            <Stack gap={4}>
              {/* A skeleton is a div, which may not sit inside the name's paragraph. */}
              {name ? (
                <Text size="xl" fw={800}>
                  {name}
                </Text>
              ) : (
                <Skeleton h={24} w={160} />
              )}
              {!viewingOther && user && (
                <Group gap="xs">
                  <EmailStatus email={user.email} verified={user.isVerified} />
                  {user.role !== 'user' && (
                    <Badge size="sm" color="grape" variant="light">
                      {user.role}
                    </Badge>
                  )}
                </Group>
              )}
            </Stack>
          </Group>

          {viewingOther && user && <SocialActions userId={profileId} />}

          {profile.isError ? (
            <LoadFailure error={profile.error} fallback="Could not load the profile" />
          ) : (
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              <Stat label="Rating" value={data ? formatRating(data.rating) : <Skeleton h={28} />} />
              <Stat label="Ranked games" value={data ? data.ratedGames : <Skeleton h={28} />} />
              <Stat label="Ranked wins" value={data ? data.wins : <Skeleton h={28} />} />
              <Stat label="Ranked losses" value={data ? data.losses : <Skeleton h={28} />} />
            </SimpleGrid>
          )}
          {data && <ModeRecordList record={data.record} />}
          {data && (
            <Text size="sm" c="dark.2">
              Playing since{' '}
              {new Date(data.createdAt).toLocaleDateString(undefined, {
                year: 'numeric',
                month: 'long',
                day: 'numeric',
              })}
            </Text>
          )}

          {user && data && <RatingHistoryChart userId={profileId} />}

          {user && data && <RecentGames userId={profileId} />}

          {!viewingOther && user && data && <AvatarPicker profile={data} />}

          {!viewingOther && user && <VisibilitySetting />}

          {!viewingOther && user && <Achievements />}

          {!viewingOther && user && <CardSettings />}

          {!viewingOther && user && <SoundSettings userId={user.id} />}

          {!viewingOther && user && (
            <Group>
              <Button
                variant="default"
                leftSection={<IconLogout size={18} />}
                onClick={() => {
                  navigate(PATHS.home);
                  void signOut();
                }}
              >
                Sign out
              </Button>
              {(user.role === 'manager' || user.role === 'admin') && (
                <Button
                  component={Link}
                  to={PATHS.manager}
                  variant="light"
                  color="grape"
                  leftSection={<IconShieldCog size={18} />}
                >
                  Staff area
                </Button>
              )}
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={18} />}
                onClick={() => setDeleting(true)}
              >
                Delete account
              </Button>
              <DeleteAccountDialog user={user} opened={deleting} onClose={() => setDeleting(false)} />
            </Group>
          )}
        </Stack>
      </Container>
    </>
  );
}
