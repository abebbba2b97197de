import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Friendship } from '@shared/protocol';
import { useFriendActions } from '../../../domain/friend-actions';
import { FriendAvatar } from '../../../components/FriendAvatar';

/** One request: the other player, what the request is (`note`), and its buttons on the right. */
function RequestRow({
  request,
  testId,
  note,
  children,
}: {
  request: Friendship;
  testId: string;
  note: string;
  children: ReactNode;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" data-testid={testId}>
      <Group gap="sm" wrap="nowrap" miw={0}>
        <FriendAvatar username={request.username} avatarUrl={request.profile.avatarUrl} />
        <Stack gap={0} miw={0}>
          <Text fw={700} truncate>
            {request.username}
          </Text>
          <Text size="xs" c="dark.2">
            {note}
          </Text>
        </Stack>
      </Group>
      {children}
    </Group>
  );
}

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
          <RequestRow key={r.id} request={r} testId={`request-${r.username}`} note="wants to be friends">
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
          </RequestRow>
        ))}
        {outgoing.map((r) => (
          <RequestRow key={r.id} request={r} testId={`sent-${r.username}`} note="Request sent">
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
          </RequestRow>
        ))}
      </Stack>
    </Card>
  );
}
