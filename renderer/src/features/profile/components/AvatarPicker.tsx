import { Anchor, Group, Radio, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { PlayerProfile } from '@shared/protocol';
import { PlayerAvatar } from '../../../components/PlayerAvatar';
import { toastFailure } from '../../../lib/http';
import { PATHS } from '../../../lib/paths';
import { toast } from '../../../lib/toast';
import { chooseAvatar, ownedAvatarsQueryOptions } from '../api/avatars';
import { profileQueryOptions } from '../api/profile';
import { LoadFailure } from '../../../components/QueryStatus';

const INITIALS = 'initials';

function AvatarOption({
  value,
  label,
  username,
  imageUrl,
  checked,
  disabled,
}: {
  value: string;
  label: string;
  username: string;
  imageUrl: string | null;
  checked: boolean;
  disabled: boolean;
}) {
  return (
    <Radio.Card
      value={value}
      radius="md"
      p="xs"
      disabled={disabled}
      aria-label={label}
      bg={checked ? 'dark.6' : 'dark.7'}
      style={{ borderColor: checked ? 'var(--mantine-color-spar-5)' : undefined }}
    >
      <Stack gap={6} align="center">
        <PlayerAvatar
          username={username}
          avatarUrl={imageUrl}
          alt={imageUrl ? label : `${username}'s initials`}
          size={56}
          color="spar"
          variant="filled"
        />
        <Text size="xs" fw={checked ? 700 : 500} ta="center" lineClamp={2}>
          {label}
        </Text>
      </Stack>
    </Radio.Card>
  );
}

/**
 * Your own avatar: your initials or any avatar you bought, saved as soon as it is picked. The
 * profile and the leaderboard are refetched so they show it at once; a table shows it from the
 * next game. See docs/api.md, "Avatars on profiles".
 */
export function AvatarPicker({ profile }: { profile: PlayerProfile }) {
  const client = useQueryClient();
  const owned = useQuery(ownedAvatarsQueryOptions);
  const save = useMutation({
    mutationFn: chooseAvatar,
    onSuccess: (answer) => {
      client.setQueryData(profileQueryOptions(profile.id).queryKey, (old) =>
        old
          ? {
              ...old,
              avatarId: answer.avatarId,
              avatarSource: answer.avatarSource,
              avatarUrl: answer.imageUrl,
            }
          : old,
      );
      void client.invalidateQueries({ queryKey: ['users', profile.id] });
      void client.invalidateQueries({ queryKey: ['leaderboard'] });
      toast({ title: 'Avatar saved', variant: 'success' });
    },
    onError: (error) => toastFailure('Could not change your avatar', error),
  });
  // While saving, the pick shows as chosen already.
  const chosen = save.isPending ? (save.variables ?? null) : profile.avatarId;
  const current = chosen === null ? INITIALS : String(chosen);
  // The avatar in use stays a choice even when it is no longer among the purchases (refunded).
  const options = owned.data && [
    ...owned.data,
    ...(profile.avatarId !== null && profile.avatarUrl && !owned.data.some((a) => a.id === profile.avatarId)
      ? [{ id: profile.avatarId, name: 'Current avatar', imageUrl: profile.avatarUrl }]
      : []),
  ];

  return (
    <Stack gap="sm" component="section" aria-label="Avatar">
      <Group justify="space-between">
        <Title order={2} size="h4">
          Avatar
        </Title>
        <Anchor component={Link} to={PATHS.shopTab('avatars')} size="sm">
          More in the shop
        </Anchor>
      </Group>
      {owned.isError ? (
        <LoadFailure error={owned.error} fallback="Could not load your avatars" size="sm" />
      ) : (
        <Radio.Group
          value={current}
          onChange={(value) => save.mutate(value === INITIALS ? null : Number(value))}
        >
          <SimpleGrid cols={{ base: 3, xs: 4, sm: 6 }} spacing="xs">
            <AvatarOption
              value={INITIALS}
              label="Initials"
              username={profile.username}
              imageUrl={null}
              checked={current === INITIALS}
              disabled={save.isPending}
            />
            {options
              ? options.map((avatar) => (
                  <AvatarOption
                    key={avatar.id}
                    value={String(avatar.id)}
                    label={avatar.name}
                    username={profile.username}
                    imageUrl={avatar.imageUrl}
                    checked={current === String(avatar.id)}
                    disabled={save.isPending}
                  />
                ))
              : [0, 1].map((i) => <Skeleton key={i} h={96} radius="md" />)}
          </SimpleGrid>
        </Radio.Group>
      )}
      {owned.data?.length === 0 && (
        <Text size="sm" c="dark.1">
          Avatars you buy in the shop appear here.
        </Text>
      )}
    </Stack>
  );
}
