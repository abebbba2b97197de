import {
  ActionIcon,
  Button,
  Card,
  Group,
  Indicator,
  Menu,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconDots,
  IconMessageCircle,
  IconSearch,
  IconSwords,
  IconUser,
  IconUserMinus,
  IconBan,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { Friendship } from '@shared/protocol';
import { useFriendActions } from '../../../domain/friend-actions';
import { IconLinkButton } from '../../../components/IconLinkButton';
import { PATHS } from '../../../lib/paths';
import { FriendAvatar } from '../../../components/FriendAvatar';

export type FriendFilter = 'all' | 'online' | 'offline' | 'blocked';

/**
 * The entries a filter shows, matching the name search: online and offline are accepted friends;
 * blocked is only the players the caller blocked.
 */
export function filterFriends(
  friends: Friendship[],
  filter: FriendFilter,
  text: string,
  online: ReadonlySet<number>,
  me: number,
): Friendship[] {
  const needle = text.trim().toLowerCase();
  return friends.filter((f) => {
    if (needle && !f.username.toLowerCase().includes(needle)) return false;
    const blockedByMe = f.status === 'blocked' && f.blockedBy === me;
    if (filter === 'blocked') return blockedByMe;
    if (f.status === 'blocked') return filter === 'all' && blockedByMe;
    if (f.status !== 'accepted') return false;
    if (filter === 'online') return online.has(f.friendId);
    if (filter === 'offline') return !online.has(f.friendId);
    return true;
  });
}

function FriendRow({ friend, online, unread }: { friend: Friendship; online: boolean; unread: number }) {
  const { challenge, remove, block, unblock } = useFriendActions();
  const location = useLocation();
  const blocked = friend.status === 'blocked';
  const profile = PATHS.playerProfile(friend.friendId, location.pathname);
  return (
    <Group justify="space-between" wrap="nowrap" data-testid={`friend-${friend.username}`}>
      <Group gap="sm" wrap="nowrap" miw={0}>
        <FriendAvatar
          username={friend.username}
          avatarUrl={friend.profile.avatarUrl}
          online={blocked ? undefined : online}
        />
        <Stack gap={0} miw={0}>
          <Text fw={700} truncate>
            {friend.username}
          </Text>
          <Text size="xs" c={blocked ? 'red.4' : online ? 'teal.4' : 'dark.2'}>
            {blocked ? 'Blocked' : online ? 'Online' : 'Offline'}
          </Text>
        </Stack>
      </Group>
      {blocked ? (
        <Button
          size="xs"
          variant="default"
          style={{ flexShrink: 0 }}
          disabled={unblock.isPending && unblock.variables === friend.friendId}
          onClick={() => unblock.mutate(friend.friendId)}
        >
          Unblock
        </Button>
      ) : (
        <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
          <Indicator
            label={unread > 99 ? '99+' : unread}
            size={16}
            color="red"
            offset={4}
            disabled={unread === 0}
            data-testid={`unread-${friend.username}`}
          >
            <Tooltip label="Message">
              <IconLinkButton
                to={PATHS.conversation(friend.friendId)}
                size="lg"
                icon={IconMessageCircle}
                label={
                  unread > 0
                    ? `Message ${friend.username}, ${unread} unread message${unread === 1 ? '' : 's'}`
                    : `Message ${friend.username}`
                }
              />
            </Tooltip>
          </Indicator>
          <Tooltip label="Challenge">
            <ActionIcon
              variant="subtle"
              color="spar"
              size="lg"
              aria-label={`Challenge ${friend.username}`}
              loading={challenge.isPending && challenge.variables === friend.id}
              onClick={() => challenge.mutate(friend.id)}
            >
              <IconSwords size={20} />
            </ActionIcon>
          </Tooltip>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`More for ${friend.username}`}>
                <IconDots size={20} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item component={Link} to={profile} leftSection={<IconUser size={16} />}>
                Profile
              </Menu.Item>
              <Menu.Item
                leftSection={<IconUserMinus size={16} />}
                onClick={() => remove.mutate(friend.friendId)}
              >
                Remove friend
              </Menu.Item>
              <Menu.Item
                color="red"
                leftSection={<IconBan size={16} />}
                onClick={() => block.mutate(friend.friendId)}
              >
                Block
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      )}
    </Group>
  );
}

const EMPTY: Record<FriendFilter, string> = {
  all: 'No friends yet. Find players by name to send them a request.',
  online: 'None of your friends is online.',
  offline: 'None of your friends is offline.',
  blocked: 'You have not blocked anyone.',
};

const NO_UNREAD: ReadonlyMap<number, number> = new Map();

/**
 * The friends list with its filters (all, online, offline, blocked) and a name search; a friend's
 * unread messages show as a badge on their message button.
 */
export function FriendsList({
  friends,
  online,
  me,
  unread = NO_UNREAD,
}: {
  friends: Friendship[];
  online: ReadonlySet<number>;
  me: number;
  unread?: ReadonlyMap<number, number>;
}) {
  const [filter, setFilter] = useState<FriendFilter>('all');
  const [text, setText] = useState('');
  const shown = filterFriends(friends, filter, text, online, me);
  return (
    <Card withBorder radius="lg" bg="dark.7" padding="md">
      <Stack gap="sm">
        <Title order={2} size="h5">
          Friends
        </Title>
        <SegmentedControl
          fullWidth
          size="xs"
          value={filter}
          onChange={(value) => setFilter(value as FriendFilter)}
          data={[
            { value: 'all', label: 'All' },
            { value: 'online', label: 'Online' },
            { value: 'offline', label: 'Offline' },
            { value: 'blocked', label: 'Blocked' },
          ]}
          aria-label="Show friends"
        />
        <TextInput
          aria-label="Search friends"
          placeholder="Search friends"
          leftSection={<IconSearch size={16} />}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
        />
        {shown.length === 0 ? (
          <Text size="sm" c="dark.2" py="sm">
            {text.trim() ? 'No friend matches that name.' : EMPTY[filter]}
          </Text>
        ) : (
          shown.map((f) => (
            <FriendRow
              key={f.id}
              friend={f}
              online={online.has(f.friendId)}
              unread={f.status === 'accepted' ? (unread.get(f.friendId) ?? 0) : 0}
            />
          ))
        )}
      </Stack>
    </Card>
  );
}
