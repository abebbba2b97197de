import { ActionIcon, Button, Card, Group, Popover, Select, Slider, Stack, Switch, Text } from '@mantine/core';
import { IconPlayerPlay, IconVolume, IconVolumeOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { audio, useAudioSettings } from '../lib/audio';
import { useActivateSoundPack, useSoundPacks } from './sound-packs';
import { toastFailure } from '../lib/http';
import { useSession } from '../lib/session/useSession';

const STANDARD = 'standard';

function Channel({
  label,
  volume,
  muted,
  onVolume,
  onMuted,
}: {
  label: string;
  volume: number;
  muted: boolean;
  onVolume: (level: number) => void;
  onMuted: (muted: boolean) => void;
}) {
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Switch
          size="sm"
          label="Mute"
          labelPosition="left"
          aria-label={`Mute ${label.toLowerCase()}`}
          checked={muted}
          onChange={(event) => onMuted(event.currentTarget.checked)}
        />
      </Group>
      <Slider
        thumbLabel={`${label} volume`}
        min={0}
        max={1}
        step={0.05}
        value={volume}
        onChange={onVolume}
        disabled={muted}
        label={(value) => `${Math.round(value * 100)}%`}
        thumbChildren={muted ? <IconVolumeOff size={12} /> : <IconVolume size={12} />}
      />
    </Stack>
  );
}

/**
 * Sound settings: master, effects and music volumes with their mutes (kept on this device), the
 * active sound pack (kept with the account) and a test button. Shown on the profile and in the game
 * room. See docs/design.md, "Sound".
 */
export function SoundSettings({ userId, framed = true }: { userId: number | null; framed?: boolean }) {
  const settings = useAudioSettings();
  const packs = useSoundPacks(userId);
  const activate = useActivateSoundPack(userId);
  const owned = packs.data?.owned ?? [];
  const body: ReactNode = (
    <Stack gap="md">
      {framed && (
        <Text size="xs" tt="uppercase" c="dark.2" fw={700}>
          Sound
        </Text>
      )}
      <Channel
        label="Master"
        volume={settings.masterVolume}
        muted={settings.masterMuted}
        onVolume={(level) => audio.setMasterVolume(level)}
        onMuted={(muted) => audio.setMasterMuted(muted)}
      />
      <Channel
        label="Sound effects"
        volume={settings.effectsVolume}
        muted={settings.effectsMuted}
        onVolume={(level) => audio.setEffectsVolume(level)}
        onMuted={(muted) => audio.setEffectsMuted(muted)}
      />
      <Channel
        label="Music"
        volume={settings.musicVolume}
        muted={settings.musicMuted}
        onVolume={(level) => audio.setMusicVolume(level)}
        onMuted={(muted) => {
          audio.setMusicMuted(muted);
          // Turning the music on is a gesture: it may start now.
          if (!muted) audio.startMusic();
        }}
      />
      {userId !== null && (
        <Select
          label="Sound pack"
          description={
            owned.length === 0 ? 'Sound packs from the shop change how the game sounds.' : undefined
          }
          data={[
            { value: STANDARD, label: 'Standard' },
            ...owned.map((pack) => ({ value: String(pack.itemId), label: pack.name })),
          ]}
          value={packs.data?.active ? String(packs.data.active.itemId) : STANDARD}
          allowDeselect={false}
          disabled={activate.isPending || packs.isPending}
          onChange={(value) =>
            activate.mutate(value === null || value === STANDARD ? null : Number(value), {
              onSuccess: () => audio.play('card-play'),
              onError: (error) => toastFailure('Could not change the sound pack', error),
            })
          }
        />
      )}
      <Group>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconPlayerPlay size={14} />}
          onClick={() => {
            audio.play('trick-won');
            audio.startMusic();
          }}
        >
          Test sound
        </Button>
      </Group>
    </Stack>
  );
  if (!framed) return body;
  return (
    <Card withBorder radius="md" bg="dark.7" padding="md" aria-label="Sound settings" component="section">
      {body}
    </Card>
  );
}

/** A speaker button opening the sound settings, for the game room's toolbar. */
export function SoundMenuButton() {
  const settings = useAudioSettings();
  const silent = settings.masterMuted || (settings.effectsMuted && settings.musicMuted);
  return (
    <Popover position="bottom-end" width={300} shadow="md" withArrow>
      <Popover.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Sound settings">
          {silent ? <IconVolumeOff size={20} /> : <IconVolume size={20} />}
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <SoundMenuPanel />
      </Popover.Dropdown>
    </Popover>
  );
}

/** Mounted only while the menu is open, so the toolbar itself needs no session. */
function SoundMenuPanel() {
  const { user } = useSession();
  return <SoundSettings userId={user?.id ?? null} framed={false} />;
}
