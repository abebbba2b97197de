import {
  ActionIcon,
  Button,
  Divider,
  Group,
  Modal,
  NativeSelect,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { ordinal, refusalCode, refusalText } from '../../../domain/tournaments';
import { managerKeys, managerShopItemsQueryOptions } from '../api/manager';
import {
  createTournament,
  managerTournamentKeys,
  updateTournament,
  type ManagerTournament,
} from '../api/tournaments';
import { ImageUploadField } from './ImageUploadField';
import { FormProblem, WholeNumberInput } from './fields';
import {
  TOURNAMENT_MAX_PRIZES,
  changedFields,
  hasErrors,
  newTournamentValues,
  tournamentBody,
  tournamentFormValues,
  validateTournament,
  type FeeKind,
  type PrizeRow,
  type TournamentFormErrors,
  type TournamentFormValues,
} from './tournamentForm';

/** Which field a refusal of the server belongs by (the rest show under the form). */
const FIELD_OF_CODE: Record<string, keyof TournamentFormErrors> = {
  start_in_past: 'start',
  rating_band_inverted: 'ratingMax',
  cap_below_seats: 'playerCap',
  prize_places_out_of_order: 'prizes',
  unknown_prize_item: 'prizes',
};

const TARGETS = [10, 9, 8, 7, 6, 5, 4, 3].map((n) => ({
  value: String(n),
  label: n === 10 ? '10 points (a full game)' : `${n} points`,
}));

interface TournamentDialogProps {
  /** The tournament to edit, or null to schedule one. */
  tournament: ManagerTournament | null;
  opened: boolean;
  onClose: () => void;
}

/** 'Schedule a tournament' / 'Edit tournament'. See docs/design.md, "Staff area". */
export function TournamentDialog({ tournament, opened, onClose }: TournamentDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={tournament ? 'Edit tournament' : 'Schedule a tournament'}
      size="xl"
      centered
    >
      {opened && <TournamentForm key={tournament?.id ?? 'new'} tournament={tournament} onDone={onClose} />}
    </Modal>
  );
}

function TournamentForm({
  tournament,
  onDone,
}: {
  tournament: ManagerTournament | null;
  onDone: () => void;
}) {
  const client = useQueryClient();
  const [values, setValues] = useState<TournamentFormValues>(() =>
    tournament ? tournamentFormValues(tournament) : newTournamentValues(Date.now()),
  );
  const [errors, setErrors] = useState<TournamentFormErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const items = useQuery(managerShopItemsQueryOptions);
  const set = <K extends keyof TournamentFormValues>(key: K, value: TournamentFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const setPrize = (index: number, row: Partial<PrizeRow>) =>
    setValues((current) => ({
      ...current,
      prizes: current.prizes.map((p, i) => (i === index ? { ...p, ...row } : p)),
    }));

  const save = useMutation({
    mutationFn: () => {
      const body = tournamentBody(values);
      return tournament
        ? updateTournament(
            tournament.id,
            changedFields(tournamentBody(tournamentFormValues(tournament)), body),
          )
        : createTournament(body);
    },
    onSuccess: (saved) => {
      void client.invalidateQueries({ queryKey: managerTournamentKeys.list });
      void client.invalidateQueries({ queryKey: managerKeys.audit });
      void client.invalidateQueries({ queryKey: ['tournaments'] });
      toast({
        title: tournament ? 'Tournament saved' : 'Tournament scheduled',
        description: saved.name,
        variant: 'success',
      });
      onDone();
    },
    onError: (error) => {
      const code = refusalCode(error);
      const text = refusalText(error, 'Could not save the tournament');
      const field = code ? FIELD_OF_CODE[code] : undefined;
      if (field) setErrors({ [field]: text });
      else setProblem(text);
    },
  });

  function submit(event: React.FormEvent) {
    event.preventDefault();
    setProblem(null);
    const found = validateTournament(values, Date.now());
    setErrors(found);
    if (hasErrors(found)) {
      setProblem('Please correct the fields marked in red.');
      return;
    }
    if (
      tournament &&
      Object.keys(changedFields(tournamentBody(tournamentFormValues(tournament)), tournamentBody(values)))
        .length === 0
    ) {
      onDone();
      return;
    }
    save.mutate();
  }

  const itemOptions = [
    { value: '', label: 'No item' },
    ...(items.data ?? [])
      .filter((item) => item.kind !== 'coin_pack' && item.kind !== 'gem_pack')
      .map((item) => ({
        value: String(item.id),
        label: item.isActive ? item.name : `${item.name} (withdrawn)`,
      })),
  ];

  return (
    <form onSubmit={submit} noValidate aria-label={tournament ? 'Edit tournament' : 'Schedule a tournament'}>
      <Stack gap="sm">
        <TextInput
          label="Name"
          required
          maxLength={80}
          value={values.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          error={errors.name}
        />
        <Textarea
          label="Description"
          autosize
          minRows={2}
          maxRows={6}
          maxLength={2000}
          value={values.description}
          onChange={(e) => set('description', e.currentTarget.value)}
          error={errors.description}
        />
        <ImageUploadField
          label="Banner image (Optional)"
          value={values.bannerUrl}
          onChange={(url) => set('bannerUrl', url)}
          error={errors.bannerUrl}
        />

        <Divider label="When and how" labelPosition="left" mt="xs" />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput
            type="date"
            label="Start date"
            required
            value={values.startDate}
            onChange={(e) => set('startDate', e.currentTarget.value)}
            error={errors.start}
          />
          <TextInput
            type="time"
            label="Start time (your time zone)"
            required
            value={values.startTime}
            onChange={(e) => set('startTime', e.currentTarget.value)}
          />
          <WholeNumberInput
            label="Duration (15–180 minutes)"
            inputMode="numeric"
            min={15}
            max={180}
            value={values.durationMinutes}
            onChange={(v) => set('durationMinutes', v)}
            error={errors.durationMinutes}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Stack gap={4}>
            <Text size="sm" fw={500} id="tournament-seats-label">
              Seats per table
            </Text>
            <SegmentedControl
              aria-labelledby="tournament-seats-label"
              value={values.seats}
              onChange={(v) => set('seats', v as TournamentFormValues['seats'])}
              data={[
                { value: '2', label: '1 v 1' },
                { value: '3', label: '3 players' },
                { value: '4', label: '4 players' },
              ]}
            />
          </Stack>
          <NativeSelect
            label="Games to"
            data={TARGETS}
            value={values.targetScore}
            onChange={(e) => set('targetScore', e.currentTarget.value)}
            error={errors.targetScore}
          />
        </SimpleGrid>

        <Divider label="Entry" labelPosition="left" mt="xs" />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Stack gap={4}>
            <Text size="sm" fw={500} id="tournament-fee-label">
              Entry fee
            </Text>
            <SegmentedControl
              aria-labelledby="tournament-fee-label"
              value={values.feeKind}
              onChange={(v) => set('feeKind', v as FeeKind)}
              data={[
                { value: 'free', label: 'Free' },
                { value: 'regular', label: 'Coins' },
                { value: 'premium', label: 'Gems' },
              ]}
            />
          </Stack>
          {values.feeKind !== 'free' && (
            <WholeNumberInput
              label={values.feeKind === 'regular' ? 'Fee in coins' : 'Fee in gems'}
              inputMode="numeric"
              min={1}
              value={values.feeAmount}
              onChange={(v) => set('feeAmount', v)}
              error={errors.feeAmount}
            />
          )}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput
            type="number"
            label="Lowest rating (Optional)"
            inputMode="numeric"
            min={0}
            value={values.ratingMin}
            onChange={(e) => set('ratingMin', e.currentTarget.value)}
            error={errors.ratingMin}
          />
          <TextInput
            type="number"
            label="Highest rating (Optional)"
            inputMode="numeric"
            min={0}
            value={values.ratingMax}
            onChange={(e) => set('ratingMax', e.currentTarget.value)}
            error={errors.ratingMax}
          />
          <TextInput
            type="number"
            label="Player cap (Optional)"
            inputMode="numeric"
            min={2}
            value={values.playerCap}
            onChange={(e) => set('playerCap', e.currentTarget.value)}
            error={errors.playerCap}
          />
        </SimpleGrid>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="tournament-visibility-label">
            Visibility
          </Text>
          <SegmentedControl
            aria-labelledby="tournament-visibility-label"
            value={values.visibility}
            onChange={(v) => set('visibility', v as TournamentFormValues['visibility'])}
            data={[
              { value: 'public', label: 'Public' },
              { value: 'invite', label: 'Invite only' },
            ]}
          />
          <Text size="xs" c="dark.1">
            {values.visibility === 'public'
              ? 'Listed for every player.'
              : 'Not listed: players join through its invitation link, shown once it is scheduled.'}
          </Text>
        </Stack>

        <Divider label="Prizes by place" labelPosition="left" mt="xs" />
        <Stack gap="xs" role="list" aria-label="Prizes">
          {values.prizes.map((row, i) => (
            <Stack key={i} gap={2} role="listitem" aria-label={`${ordinal(i + 1)} place`}>
              <Group gap="xs" align="flex-end" wrap="nowrap">
                <Text fw={800} w={40} pb={8} c={i === 0 ? 'spar.5' : undefined}>
                  {ordinal(i + 1)}
                </Text>
                <TextInput
                  type="number"
                  label={i === 0 ? 'Coins' : undefined}
                  aria-label={`${ordinal(i + 1)} place coins`}
                  inputMode="numeric"
                  min={0}
                  value={row.coins}
                  onChange={(e) => setPrize(i, { coins: e.currentTarget.value })}
                  style={{ flex: 1, minWidth: 0 }}
                />
                <TextInput
                  type="number"
                  label={i === 0 ? 'Gems' : undefined}
                  aria-label={`${ordinal(i + 1)} place gems`}
                  inputMode="numeric"
                  min={0}
                  value={row.gems}
                  onChange={(e) => setPrize(i, { gems: e.currentTarget.value })}
                  style={{ flex: 1, minWidth: 0 }}
                />
                <NativeSelect
                  label={i === 0 ? 'Shop item' : undefined}
                  aria-label={`${ordinal(i + 1)} place shop item`}
                  data={itemOptions}
                  value={row.shopItemId === null ? '' : String(row.shopItemId)}
                  onChange={(e) =>
                    setPrize(i, { shopItemId: e.currentTarget.value ? Number(e.currentTarget.value) : null })
                  }
                  style={{ flex: 2, minWidth: 0 }}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  mb={2}
                  aria-label={`Remove ${ordinal(i + 1)} place`}
                  onClick={() =>
                    set(
                      'prizes',
                      values.prizes.filter((_, j) => j !== i),
                    )
                  }
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
              {errors.prizeRows?.[i] && (
                <Text size="xs" c="red.4" pl={48}>
                  {errors.prizeRows[i]}
                </Text>
              )}
            </Stack>
          ))}
          {values.prizes.length === 0 && (
            <Text size="sm" c="dark.1">
              No prizes: played for glory.
            </Text>
          )}
          {errors.prizes && (
            <Text size="sm" c="red.4" role="alert">
              {errors.prizes}
            </Text>
          )}
          <Group>
            <Button
              variant="light"
              color="spar"
              leftSection={<IconPlus size={16} />}
              disabled={values.prizes.length >= TOURNAMENT_MAX_PRIZES}
              onClick={() => set('prizes', [...values.prizes, { coins: '0', gems: '0', shopItemId: null }])}
            >
              Add place
            </Button>
          </Group>
        </Stack>

        <FormProblem problem={problem} />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onDone}>
            Close
          </Button>
          <Button type="submit" color="spar" c="dark.9" loading={save.isPending}>
            {tournament ? 'Save changes' : 'Schedule tournament'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
