import { Button, Card, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconBan, IconMessageCircle, IconSwords, IconUserCheck, IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { ProfileVisibility } from '@shared/protocol';
import { useFriendActions } from '../../../domain/friend-actions';
import { friendsQueryOptions, setVisibility, visibilityQueryOptions } from '../../../domain/friends';
import { toastFailure } from '../../../lib/http';
import { PATHS } from '../../../lib/paths';

/**
 * On another player's profile: add friend (or answer their request), challenge and message once
 * friends, block or unblock. Reads the caller's friends list to know where the two stand.
 */
export function SocialActions({ userId }: { userId: number }) {
  const friends = useQuery(friendsQueryOptions());
  const { request, respond, challenge, block, unblock } = useFriendActions();
  const list = friends.data;
  if (!list) return null;
  const friendship = list.friends.find((f) => f.friendId === userId);
  const incoming = list.incoming.find((f) => f.friendId === userId);
  const outgoing = list.outgoing.find((f) => f.friendId === userId);

  if (friendship?.status === 'blocked') {
    return (
      <Group>
        <Text size="sm" c="red.4">
          You blocked this player.
        </Text>
        <Button variant="default" loading={unblock.isPending} onClick={() => unblock.mutate(userId)}>
          Unblock
        </Button>
      </Group>
    );
  }
  return (
    <Group gap="sm">
      {friendship?.status === 'accepted' ? (
        <>
          <Button
            color="spar"
            c="dark.9"
            leftSection={<IconSwords size={18} />}
            loading={challenge.isPending}
            onClick={() => challenge.mutate(friendship.id)}
          >
            Challenge
          </Button>
          <Button
            component={Link}
            to={PATHS.conversation(userId)}
            variant="default"
            leftSection={<IconMessageCircle size={18} />}
          >
            Message
          </Button>
        </>
      ) : incoming ? (
        <Button
          color="spar"
          c="dark.9"
          leftSection={<IconUserCheck size={18} />}
          disabled={respond.isPending}
          onClick={() => respond.mutate({ requestId: incoming.id, status: 'accepted' })}
        >
          Accept request
        </Button>
      ) : outgoing ? (
        <Button variant="default" disabled leftSection={<IconUserCheck size={18} />}>
          Request sent
        </Button>
      ) : (
        <Button
          color="spar"
          c="dark.9"
          leftSection={<IconUserPlus size={18} />}
          loading={request.isPending}
          onClick={() => request.mutate(userId)}
        >
          Add friend
        </Button>
      )}
      <Button
        variant="subtle"
        color="red"
        leftSection={<IconBan size={18} />}
        loading={block.isPending}
        onClick={() => block.mutate(userId)}
      >
        Block
      </Button>
    </Group>
  );
}

/** The caller's own profile visibility: public players can be found and asked; private ones not. */
export function VisibilitySetting() {
  const client = useQueryClient();
  const options = visibilityQueryOptions();
  const current = useQuery(options);
  const save = useMutation({
    mutationFn: (value: ProfileVisibility) => setVisibility(value),
    onSuccess: (answer) => client.setQueryData(options.queryKey, answer),
    onError: (error) => toastFailure('Could not change your profile visibility', error),
  });
  const value = save.isPending ? save.variables : current.data?.profileVisibility;
  return (
    <Card withBorder radius="lg" bg="dark.7" padding="md">
      <Stack gap="xs">
        <Title order={2} size="h5">
          Profile visibility
        </Title>
        <SegmentedControl
          aria-label="Profile visibility"
          value={value ?? ''}
          disabled={!current.data || save.isPending}
          onChange={(v) => save.mutate(v as ProfileVisibility)}
          data={[
            { value: 'public', label: 'Public' },
            { value: 'private', label: 'Private' },
          ]}
        />
        <Text size="sm" c="dark.2">
          {value === 'private'
            ? 'Private: nobody can find you by name or send you a friend request. Your friends stay.'
            : 'Public: players can find you by name and send you friend requests.'}
        </Text>
      </Stack>
    </Card>
  );
}
