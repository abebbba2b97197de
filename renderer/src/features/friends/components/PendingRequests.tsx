import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { Friendship } from '@shared/protocol';
import { useFriendActions } from '../../../domain/friend-actions';
import { FriendAvatar } from './FriendAvatar';

/** Requests other players sent (Accept / Reject) and the caller's own, which they may withdraw. */
export function PendingRequests({ incoming, outgoing }: { incoming: Friendship[]; outgoing: Friendship[] }) {
  const { respond, remove } = useFriendActions();
  // The answer to one request is disabled while it is on its way.
  const answering = (id: number) => respond.isPending && respond.variables?.requestId === id;
  return (
    <Card withBorder radius="lg" bg="dark.7" padding="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h5">
            Friend requests
          </Title>
          {incoming.length > 0 && (
            <Badge color="accent" variant="filled" aria-label={`${incoming.length} pending requests`}>
              {incoming.length}
            </Badge>
          )}
        </Group>
        {incoming.length === 0 && outgoing.length === 0 && (
          <Text size="sm" c="dark.2">
            No pending requests.
          </Text>
        )}
        {incoming.map((r) => (
          <Group key={r.id} justify="space-between" wrap="nowrap" data-testid={`request-${r.username}`}>
            <Group gap="sm" wrap="nowrap" miw={0}>
              <FriendAvatar username={r.username} avatarUrl={r.profile.avatarUrl} />
              <Stack gap={0} miw={0}>
                <Text fw={700} truncate>
                  {r.username}
                </Text>
                <Text size="xs" c="dark.2">
                  wants to be friends
                </Text>
              </Stack>
            </Group>
            <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
              <Button
                size="xs"
                color="spar"
                c="dark.9"
                disabled={answering(r.id)}
                onClick={() => respond.mutate({ requestId: r.id, status: 'accepted' })}
              >
                Accept
              </Button>
              <Button
                size="xs"
                variant="default"
                disabled={answering(r.id)}
                onClick={() => respond.mutate({ requestId: r.id, status: 'rejected' })}
              >
                Reject
              </Button>
            </Group>
          </Group>
        ))}
        {outgoing.map((r) => (
          <Group key={r.id} justify="space-between" wrap="nowrap" data-testid={`sent-${r.username}`}>
            <Group gap="sm" wrap="nowrap" miw={0}>
              <FriendAvatar username={r.username} avatarUrl={r.profile.avatarUrl} />
              <Stack gap={0} miw={0}>
                <Text fw={700} truncate>
                  {r.username}
                </Text>
                <Text size="xs" c="dark.2">
                  Request sent
                </Text>
              </Stack>
            </Group>
            <Button
              size="xs"
              variant="subtle"
              color="gray"
              style={{ flexShrink: 0 }}
              disabled={remove.isPending && remove.variables === r.friendId}
              onClick={() => remove.mutate(r.friendId)}
            >
              Cancel
            </Button>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
