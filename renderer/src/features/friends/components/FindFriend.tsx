import { Anchor, Button, Card, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { FriendsList } from '@shared/protocol';
import { useFriendActions } from '../../../domain/friend-actions';
import { searchUsers } from '../../../domain/friends';
import { toastFailure } from '../../../lib/http';
import { PATHS } from '../../../lib/paths';
import { toast } from '../../../lib/toast';
import { FriendAvatar } from '../../../components/FriendAvatar';

/** Search state as the product names it: idle, searching, success, error. */
type SearchState = 'idle' | 'searching' | 'success' | 'error';

/**
 * Find a player by name (a trimmed, case-insensitive prefix) and ask them to be friends. The
 * button waits for a name and for the search running; typing starts over from idle.
 */
export function FindFriend({ list }: { list: FriendsList | undefined }) {
  const [name, setName] = useState('');
  const { request } = useFriendActions();
  const location = useLocation();
  const search = useMutation({
    mutationFn: (username: string) => searchUsers(username),
    onSuccess: (users) => {
      if (users.length === 0)
        toast({
          title: 'User not found',
          description: 'No user found with that username',
          variant: 'destructive',
        });
    },
    onError: (error) => toastFailure('User not found', error, 'No user found with that username'),
  });
  const state: SearchState =
    search.status === 'pending' ? 'searching' : search.status === 'idle' ? 'idle' : search.status;
  const trimmed = name.trim();

  const relation = (id: number) => {
    if (list?.friends.some((f) => f.friendId === id && f.status === 'accepted')) return 'Friends';
    if (list?.friends.some((f) => f.friendId === id && f.status === 'blocked')) return 'Blocked';
    if (list?.outgoing.some((f) => f.friendId === id)) return 'Requested';
    if (list?.incoming.some((f) => f.friendId === id)) return 'Asked you';
    return null;
  };

  return (
    <Card withBorder radius="lg" bg="dark.7" padding="md">
      <Stack gap="sm" data-state={state} data-testid="find-friend">
        <Title order={2} size="h5">
          Find a friend
        </Title>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (trimmed && state !== 'searching') search.mutate(trimmed);
          }}
        >
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <TextInput
              flex={1}
              label="Username"
              placeholder="Enter a username"
              value={name}
              maxLength={20}
              onChange={(e) => {
                setName(e.currentTarget.value);
                search.reset();
              }}
            />
            <Button
              type="submit"
              color="spar"
              c="dark.9"
              leftSection={
                state === 'searching' ? <Loader size={14} color="dark.9" /> : <IconSearch size={16} />
              }
              disabled={!trimmed || state === 'searching'}
            >
              Search
            </Button>
          </Group>
        </form>
        <Text size="xs" c="dark.2">
          Friend requests can only be sent to players with public profiles, and they must accept before you
          can play together.
        </Text>
        {state === 'success' &&
          search.data?.map((u) => {
            const standing = relation(u.id);
            return (
              <Group key={u.id} justify="space-between" wrap="nowrap" data-testid={`found-${u.username}`}>
                <Anchor
                  component={Link}
                  to={PATHS.playerProfile(u.id, location.pathname)}
                  underline="never"
                  c="inherit"
                  miw={0}
                >
                  <Group gap="sm" wrap="nowrap">
                    <FriendAvatar username={u.username} avatarUrl={u.profile.avatarUrl} />
                    <Text fw={700} truncate>
                      {u.username}
                    </Text>
                  </Group>
                </Anchor>
                {standing ? (
                  <Text size="sm" c="dark.2" style={{ flexShrink: 0 }}>
                    {standing}
                  </Text>
                ) : (
                  <Button
                    size="xs"
                    variant="light"
                    style={{ flexShrink: 0 }}
                    color="spar"
                    leftSection={<IconUserPlus size={14} />}
                    disabled={request.isPending && request.variables === u.id}
                    onClick={() => request.mutate(u.id)}
                  >
                    Add friend
                  </Button>
                )}
              </Group>
            );
          })}
      </Stack>
    </Card>
  );
}
