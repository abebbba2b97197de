import {
  ActionIcon,
  Button,
  Divider,
  Group,
  Modal,
  NativeSelect,
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
import {
  CURRENCIES,
  FormProblem,
  LabelledChoice,
  NumberInput,
  WholeNumberInput,
  prizeItemOptions,
} from './fields';
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

const SEATS: { value: TournamentFormValues['seats']; label: string }[] = [
  { value: '2', label: '1 v 1' },
  { value: '3', label: '3 players' },
  { value: '4', label: '4 players' },
];

const FEES: { value: FeeKind; label: string }[] = [{ value: 'free', label: 'Free' }, ...CURRENCIES];

const VISIBILITIES: { value: TournamentFormValues['visibility']; label: string }[] = [
  { value: 'public', label: 'Public' },
  { value: 'invite', label: 'Invite only' },
];

/** Who may enter and how many: each optional. */
const LIMITS = [
  { key: 'ratingMin', label: 'Lowest rating (Optional)', min: 0 },
  { key: 'ratingMax', label: 'Highest rating (Optional)', min: 0 },
  { key: 'playerCap', label: 'Player cap (Optional)', min: 2 },
] as const;

/** What a place wins besides a shop item. */
const PRIZE_AMOUNTS = [
  { key: 'coins', label: 'Coins' },
  { key: 'gems', label: 'Gems' },
] as const;

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
  /** A field's value and setter, for a field that answers with the value itself. */
  const bind = <K extends keyof TournamentFormValues>(key: K) => ({
    value: values[key],
    onChange: (value: TournamentFormValues[K]) => set(key, value),
  });
  /** A text field's value and setter (its error is named apart: a field and its error may differ). */
  const text = (key: 'name' | 'description' | 'startDate' | 'startTime' | 'targetScore') => ({
    value: values[key],
    onChange: (event: { currentTarget: { value: string } }) => set(key, event.currentTarget.value),
  });
  /** A number field's value, setter and error. */
  const number = (key: 'durationMinutes' | 'feeAmount' | 'ratingMin' | 'ratingMax' | 'playerCap') => ({
    ...bind(key),
    error: errors[key],
  });
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

  const itemOptions = [{ value: '', label: 'No item' }, ...prizeItemOptions(items.data)];

  return (
    <form onSubmit={submit} noValidate aria-label={tournament ? 'Edit tournament' : 'Schedule a tournament'}>
      <Stack gap="sm">
        <TextInput label="Name" required maxLength={80} {...text('name')} error={errors.name} />
        <Textarea
          label="Description"
          autosize
          minRows={2}
          maxRows={6}
          maxLength={2000}
          {...text('description')}
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
          <TextInput type="date" label="Start date" required {...text('startDate')} error={errors.start} />
          <TextInput type="time" label="Start time (your time zone)" required {...text('startTime')} />
          <WholeNumberInput
            label="Duration (15–180 minutes)"
            inputMode="numeric"
            min={15}
            max={180}
            {...number('durationMinutes')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <LabelledChoice
            id="tournament-seats-label"
            label="Seats per table"
            {...bind('seats')}
            data={SEATS}
          />
          <NativeSelect label="Games to" data={TARGETS} {...text('targetScore')} error={errors.targetScore} />
        </SimpleGrid>

        <Divider label="Entry" labelPosition="left" mt="xs" />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <LabelledChoice id="tournament-fee-label" label="Entry fee" {...bind('feeKind')} data={FEES} />
          {values.feeKind !== 'free' && (
            <WholeNumberInput
              label={values.feeKind === 'regular' ? 'Fee in coins' : 'Fee in gems'}
              inputMode="numeric"
              min={1}
              {...number('feeAmount')}
            />
          )}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          {LIMITS.map(({ key, label, min }) => (
            <NumberInput key={key} label={label} inputMode="numeric" min={min} {...number(key)} />
          ))}
        </SimpleGrid>
        <LabelledChoice
          id="tournament-visibility-label"
          label="Visibility"
          {...bind('visibility')}
          data={VISIBILITIES}
        >
          <Text size="xs" c="dark.1">
            {values.visibility === 'public'
              ? 'Listed for every player.'
              : 'Not listed: players join through its invitation link, shown once it is scheduled.'}
          </Text>
        </LabelledChoice>

        <Divider label="Prizes by place" labelPosition="left" mt="xs" />
        <Stack gap="xs" role="list" aria-label="Prizes">
          {values.prizes.map((row, i) => (
            <Stack key={i} gap={2} role="listitem" aria-label={`${ordinal(i + 1)} place`}>
              <Group gap="xs" align="flex-end" wrap="nowrap">
                <Text fw={800} w={40} pb={8} c={i === 0 ? 'spar.5' : undefined}>
                  {ordinal(i + 1)}
                </Text>
                {PRIZE_AMOUNTS.map(({ key, label }) => (
                  <NumberInput
                    key={key}
                    label={i === 0 ? label : undefined}
                    aria-label={`${ordinal(i + 1)} place ${key}`}
                    inputMode="numeric"
                    min={0}
                    value={row[key]}
                    onChange={(v) => setPrize(i, { [key]: v })}
                    style={{ flex: 1, minWidth: 0 }}
                  />
                ))}
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
