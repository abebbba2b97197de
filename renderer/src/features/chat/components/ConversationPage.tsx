import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Center,
  Group,
  Loader,
  Stack,
  Text,
  Textarea,
  UnstyledButton,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconArrowLeft,
  IconCheck,
  IconClock,
  IconSend,
  IconSwords,
} from '@tabler/icons-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { CHAT_MAX_CHARS, chatLength, chatText, type ChatMessage } from '@shared/protocol';
import { ROUTES } from '@shared/protocol/routes.generated';
import { IconLinkButton } from '../../../components/IconLinkButton';
import { SignInPrompt } from '../../../components/SignInPrompt';
import { headerTopPadding } from '../../../components/PageHeader';
import { ApiError } from '../../../lib/http';
import { usePageName } from '../../../lib/document-title';
import { PATHS } from '../../../lib/paths';
import { useSession } from '../../../lib/session/useSession';
import { useChallengeFriend } from '../../../domain/private-games';
import { useConversation, type PendingMessage } from '../hooks/useConversation';
import { useFriendPresence } from '../hooks/useFriendPresence';
import { friendsQueryOptions } from '../../../domain/friends';
import { FriendAvatar } from '../../../components/FriendAvatar';
import { useQuery } from '@tanstack/react-query';

/** Scrolled this close to the top, older messages load. */
const LOAD_MORE_PX = 48;
/** Within this of the bottom, new messages keep the view at the bottom. */
const STICK_PX = 120;
/** The counter shows once a message gets this long. */
const COUNTER_FROM = CHAT_MAX_CHARS - 100;

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

function Bubble({ mine, children, footer }: { mine: boolean; children: string; footer: React.ReactNode }) {
  return (
    <Stack
      gap={2}
      align={mine ? 'flex-end' : 'flex-start'}
      data-testid="chat-bubble"
      data-mine={mine || undefined}
    >
      <Box
        px="sm"
        py={8}
        maw="min(80%, 560px)"
        bg={mine ? 'spar.8' : 'dark.6'}
        c={mine ? 'white' : 'gray.0'}
        style={{
          borderRadius: 16,
          borderBottomRightRadius: mine ? 4 : 16,
          borderBottomLeftRadius: mine ? 16 : 4,
        }}
      >
        {/* Plain text: React escapes it, and line breaks are kept as typed. */}
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {children}
        </Text>
      </Box>
      {footer}
    </Stack>
  );
}

function StoredMessage({ message, mine }: { message: ChatMessage; mine: boolean }) {
  return (
    <Bubble
      mine={mine}
      footer={
        <Group gap={4} c="dark.2">
          <Text size="xs">{timeFormat.format(message.createdAt)}</Text>
          {mine && <IconCheck size={14} aria-label="Sent" />}
        </Group>
      }
    >
      {message.text}
    </Bubble>
  );
}

function PendingBubble({ message, onRetry }: { message: PendingMessage; onRetry: () => void }) {
  const failed = message.status === 'failed';
  return (
    <Bubble
      mine
      footer={
        failed ? (
          <Group gap={6} c="red.4">
            <IconAlertCircle size={14} />
            <Text size="xs">{message.error ?? 'Not sent'}</Text>
            <Button size="compact-xs" variant="light" color="red" onClick={onRetry}>
              Retry
            </Button>
          </Group>
        ) : (
          <Group gap={4} c="dark.2">
            <IconClock size={14} />
            <Text size="xs">Sending…</Text>
          </Group>
        )
      }
    >
      {message.text}
    </Bubble>
  );
}

function Composer({ onSend }: { onSend: (text: string) => boolean }) {
  const [draft, setDraft] = useState('');
  const length = chatLength(chatText(draft));
  const tooLong = length > CHAT_MAX_CHARS;
  const submit = () => {
    if (onSend(draft)) setDraft('');
  };
  return (
    <Box
      px="sm"
      pt="xs"
      pb="calc(var(--mantine-spacing-xs) + env(safe-area-inset-bottom))"
      style={{ borderTop: '1px solid var(--mantine-color-dark-5)', background: 'rgba(11, 17, 15, 0.94)' }}
    >
      <Group gap="xs" align="flex-end" wrap="nowrap" maw={820} mx="auto">
        <Textarea
          aria-label="Message"
          placeholder="Write a message"
          autosize
          minRows={1}
          maxRows={5}
          radius="xl"
          style={{ flex: 1 }}
          value={draft}
          error={tooLong ? `At most ${CHAT_MAX_CHARS} characters` : undefined}
          onChange={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              submit();
            }
          }}
        />
        <ActionIcon
          size={36}
          radius="xl"
          color="spar"
          aria-label="Send"
          disabled={length === 0 || tooLong}
          onClick={submit}
        >
          <IconSend size={18} />
        </ActionIcon>
      </Group>
      {length >= COUNTER_FROM && (
        <Text size="xs" c={tooLong ? 'red.4' : 'dark.2'} ta="right" maw={820} mx="auto" mt={2}>
          {length} / {CHAT_MAX_CHARS}
        </Text>
      )}
    </Box>
  );
}

function Header({
  friendId,
  username,
  online,
  friendshipId,
}: {
  friendId: number;
  username: string | null;
  online: boolean | null;
  friendshipId: number | null;
}) {
  const challenge = useChallengeFriend();
  const returnTo = PATHS.conversation(friendId);
  // The friends list has the friend's avatar; the cached one (the way here leads through it) will
  // do, an avatar changes seldom.
  const avatarUrl =
    useQuery({
      ...friendsQueryOptions(),
      staleTime: 5 * 60_000,
      select: (list) => list.friends.find((f) => f.friendId === friendId)?.profile.avatarUrl ?? null,
    }).data ?? null;
  return (
    <Box
      component="header"
      pl="sm"
      style={{
        // Room on the right for the connection dot in the corner.
        paddingRight: 'calc(var(--mantine-spacing-sm) + 22px)',
        paddingTop: headerTopPadding() - 6,
        paddingBottom: 10,
        borderBottom: '1px solid var(--mantine-color-dark-5)',
        background: 'rgba(14, 22, 19, 0.94)',
      }}
    >
      <Group justify="space-between" wrap="nowrap" maw={820} mx="auto">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <IconLinkButton to={PATHS.messages} size="lg" icon={IconArrowLeft} label="Back" />
          <UnstyledButton
            component={Link}
            to={PATHS.playerProfile(friendId, returnTo)}
            style={{ display: 'flex', alignItems: 'center', gap: 10, minWidth: 0 }}
          >
            <FriendAvatar username={username ?? ''} avatarUrl={avatarUrl} online={online ?? undefined} />
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={700} truncate data-testid="chat-friend-name">
                {username ?? ' '}
              </Text>
              <Text size="xs" c={online ? 'teal.4' : 'dark.2'} data-testid="chat-presence">
                {online === null ? ' ' : online ? 'Online' : 'Offline'}
              </Text>
            </Stack>
          </UnstyledButton>
        </Group>
        <Button
          size="sm"
          color="accent"
          variant="light"
          leftSection={<IconSwords size={16} />}
          disabled={friendshipId === null}
          loading={challenge.isPending}
          onClick={() => friendshipId !== null && challenge.mutate(friendshipId)}
          // Whole on a phone: a long name gives way (it truncates) rather than "Challeng".
          style={{ flexShrink: 0 }}
        >
          Challenge
        </Button>
      </Group>
    </Box>
  );
}

function Conversation({ myId, friendId }: { myId: number; friendId: number }) {
  const { friend, friendshipId, messages, pending, send, retry, history } = useConversation(myId, friendId);
  const online = useFriendPresence(friendId);
  usePageName(friend ? `${friend.username} · Messages` : null);
  const scroller = useRef<HTMLDivElement>(null);
  /** Distance from the bottom before older messages were added above, to keep the view still. */
  const anchor = useRef<number | null>(null);
  const stick = useRef(true);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = history;

  const loadOlder = () => {
    const el = scroller.current;
    if (!el || !hasNextPage || isFetchingNextPage) return;
    anchor.current = el.scrollHeight - el.scrollTop;
    void fetchNextPage();
  };

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (anchor.current !== null && !isFetchingNextPage) {
      el.scrollTop = el.scrollHeight - anchor.current;
      anchor.current = null;
    } else if (stick.current) {
      el.scrollTop = el.scrollHeight;
    }
  }, [messages, pending, isFetchingNextPage]);

  // A first page shorter than the screen: load more until it scrolls or history ends.
  useEffect(() => {
    const el = scroller.current;
    if (el && hasNextPage && !isFetchingNextPage && el.scrollHeight <= el.clientHeight) {
      anchor.current = el.scrollHeight - el.scrollTop;
      void fetchNextPage();
    }
  }, [messages, hasNextPage, isFetchingNextPage, fetchNextPage]);

  // Not a friend, blocked, oneself, or not a player (an id never issued is not found): retrying
  // will not help.
  const denied =
    history.error instanceof ApiError &&
    [...ROUTES.chat.messages.errors, 'not_found'].includes(history.error.code ?? '');
  return (
    <Box h="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Header
        friendId={friendId}
        username={friend?.username ?? null}
        online={friend ? online : null}
        friendshipId={friendshipId}
      />
      <Box
        ref={scroller}
        data-testid="chat-scroller"
        style={{ flex: 1, overflowY: 'auto', overscrollBehavior: 'contain' }}
        onScroll={(event) => {
          const el = event.currentTarget;
          stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_PX;
          if (el.scrollTop < LOAD_MORE_PX) loadOlder();
        }}
      >
        <Stack gap="xs" p="sm" maw={820} mx="auto">
          {history.isPending && (
            <Center py="xl">
              <Loader color="spar" />
            </Center>
          )}
          {history.isError && (
            <Alert color={denied ? 'yellow' : 'red'} icon={<IconAlertCircle />} title="Cannot open this chat">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{history.error.message || 'Please try again later'}</Text>
                {denied ? (
                  <Button component={Link} to={PATHS.messages} size="xs" variant="light">
                    Back to friends
                  </Button>
                ) : (
                  <Button size="xs" variant="light" onClick={() => void history.refetch()}>
                    Retry
                  </Button>
                )}
              </Stack>
            </Alert>
          )}
          {hasNextPage && (
            <Center>
              <Button
                size="compact-sm"
                variant="subtle"
                color="gray"
                loading={isFetchingNextPage}
                onClick={loadOlder}
              >
                Load earlier messages
              </Button>
            </Center>
          )}
          {history.isSuccess && !hasNextPage && (
            <Text size="xs" c="dark.2" ta="center" py="xs">
              {messages.length === 0 && pending.length === 0
                ? `Say hello to ${friend?.username ?? 'your friend'}.`
                : 'This is the beginning of your conversation.'}
            </Text>
          )}
          {messages.map((message) => (
            <StoredMessage key={message.id} message={message} mine={message.fromUserId === myId} />
          ))}
          {pending.map((message) => (
            <PendingBubble key={message.clientId} message={message} onRetry={() => retry(message.clientId)} />
          ))}
        </Stack>
      </Box>
      {history.isSuccess && (
        <Composer
          onSend={(text) => {
            stick.current = true;
            return send(text);
          }}
        />
      )}
    </Box>
  );
}

/** /messages/conversation/{id}: chat with a friend, live, with history loading upwards. */
export function ConversationPage() {
  const { id } = useParams();
  const { user } = useSession();
  const friendId = Number(id);
  if (!user) {
    return (
      <SignInPrompt reason="Sign in to chat with your friends." returnTo={PATHS.conversation(id ?? '')} />
    );
  }
  if (!Number.isSafeInteger(friendId) || friendId <= 0) {
    return (
      <Center h="100dvh">
        <Stack align="center">
          <Text>There is no such conversation.</Text>
          <Button component={Link} to={PATHS.messages} variant="light">
            Back to friends
          </Button>
        </Stack>
      </Center>
    );
  }
  return <Conversation key={friendId} myId={user.id} friendId={friendId} />;
}
