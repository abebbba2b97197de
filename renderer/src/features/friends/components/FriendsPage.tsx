import { Alert, Button, Container, Grid, Skeleton, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { PageHeader } from '../../../components/PageHeader';
import { SignInPrompt } from '../../../components/SignInPrompt';
import { useUnreadByFriend } from '../../../domain/conversations';
import { failureText } from '../../../lib/http';
import { PATHS } from '../../../lib/paths';
import { useSession } from '../../../lib/session/useSession';
import { useOnlineFriends } from '../../../domain/online-friends';
import { FindFriend } from './FindFriend';
import { FriendsList } from './FriendsList';
import { PendingRequests } from './PendingRequests';

/** /messages: friends with their presence, pending requests and the find-friend panel. */
export function FriendsPage() {
  const { user } = useSession();
  const { query, online } = useOnlineFriends(user !== null);
  const unread = useUnreadByFriend();

  if (!user) {
    return (
      <SignInPrompt
        header={<PageHeader title="Friends" />}
        reason="Sign in to see your friends and find players."
        returnTo={PATHS.messages}
      />
    );
  }
  const data = query.data;
  return (
    <>
      <PageHeader title="Friends" />
      <Container size="lg" py="md">
        {query.isError && !data ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title="Could not load friends"
          >
            <Stack gap="xs" align="flex-start">
              {failureText(query.error)}
              <Button
                size="xs"
                variant="light"
                color="red"
                loading={query.isFetching}
                onClick={() => void query.refetch()}
              >
                Retry
              </Button>
            </Stack>
          </Alert>
        ) : (
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 2, md: 1 }}>
              {data ? (
                <FriendsList friends={data.friends} online={online} me={user.id} unread={unread} />
              ) : (
                <Skeleton h={240} radius="lg" />
              )}
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
              <Stack gap="md">
                {data ? (
                  <PendingRequests incoming={data.incoming} outgoing={data.outgoing} />
                ) : (
                  <Skeleton h={100} radius="lg" />
                )}
                <FindFriend list={data} />
              </Stack>
            </Grid.Col>
          </Grid>
        )}
      </Container>
    </>
  );
}
