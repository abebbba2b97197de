import { Button, Group, Modal, NativeSelect, Stack, Switch, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { DailyReward } from '@shared/protocol';
import { ROUTES } from '@shared/protocol/routes.generated';
import { currencyKeys } from '../../../domain/currency';
import { isApiError, toastFailure } from '../../../lib/http';
import { toast } from '../../../lib/toast';
import {
  createDailyReward,
  deleteDailyReward,
  managerKeys,
  managerShopItemsQueryOptions,
  updateDailyReward,
} from '../api/manager';
import { ImageUploadField } from './ImageUploadField';
import { CURRENCIES, LabelledChoice, WholeNumberInput, prizeItemOptions } from './fields';
import {
  amountOf,
  dayOf,
  rewardBody,
  rewardFormValues,
  validateReward,
  type RewardFormErrors,
  type RewardFormValues,
} from './rewardForm';

interface DailyRewardDialogProps {
  /** The reward to edit, or null to add one. */
  reward: DailyReward | null;
  opened: boolean;
  onClose: () => void;
}

/** 'Add New Daily Reward' / 'Edit Daily Reward'. See docs/design.md, "Staff area". */
export function DailyRewardDialog({ reward, opened, onClose }: DailyRewardDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={reward ? 'Edit Daily Reward' : 'Add New Daily Reward'}
      size="lg"
      centered
    >
      {/* Keyed so each opening starts from the reward (or the defaults) again. */}
      {opened && <RewardForm key={reward?.id ?? 'new'} reward={reward} onDone={onClose} />}
    </Modal>
  );
}

function RewardForm({ reward, onDone }: { reward: DailyReward | null; onDone: () => void }) {
  const client = useQueryClient();
  const [values, setValues] = useState<RewardFormValues>(() => rewardFormValues(reward));
  const [errors, setErrors] = useState<RewardFormErrors>({});
  const [confirmDelete, setConfirmDelete] = useState(false);
  const items = useQuery(managerShopItemsQueryOptions);
  const set = <K extends keyof RewardFormValues>(key: K, value: RewardFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const refresh = () => {
    void client.invalidateQueries({ queryKey: managerKeys.dailyRewards });
    void client.invalidateQueries({ queryKey: managerKeys.audit });
    void client.invalidateQueries({ queryKey: currencyKeys.dailyRewards });
  };
  const save = useMutation({
    mutationFn: () =>
      reward ? updateDailyReward(reward.id, rewardBody(values)) : createDailyReward(rewardBody(values)),
    onSuccess: (saved) => {
      refresh();
      toast({
        title: reward ? 'Reward saved' : 'Reward added',
        description: `Day ${saved.day}`,
        variant: 'success',
      });
      onDone();
    },
    onError: (error) => {
      // A day that already has an active reward is the form's to fix: said by the Day field. Creating
      // and editing answer the same code (docs/api.md, "Staff area").
      if (isApiError(error, ROUTES.manager.createDailyReward, 'daily_reward_day_taken'))
        setErrors({ day: error.message });
      else toastFailure('Could not save the reward', error);
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteDailyReward(reward!.id),
    onSuccess: () => {
      refresh();
      toast({ title: 'Reward deleted', variant: 'success' });
      onDone();
    },
    onError: (error) => toastFailure('Could not delete the reward', error),
  });

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const found = validateReward(values);
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate();
  }

  return (
    <form onSubmit={submit} noValidate aria-label={reward ? 'Edit Daily Reward' : 'Add New Daily Reward'}>
      <Stack gap="sm">
        <Group grow align="flex-start">
          <WholeNumberInput
            label="Day"
            inputMode="numeric"
            min={1}
            value={values.day}
            onChange={(value) => set('day', value)}
            onBlur={() => set('day', String(dayOf(values.day)))}
            error={errors.day}
          />
          <WholeNumberInput
            label="Amount"
            inputMode="numeric"
            min={1}
            value={values.amount}
            onChange={(value) => set('amount', value)}
            onBlur={() => set('amount', String(amountOf(values.amount)))}
            error={errors.amount}
          />
        </Group>
        <LabelledChoice
          id="reward-currency-label"
          label="Currency type"
          data={CURRENCIES}
          value={values.currencyType}
          onChange={(value) => set('currencyType', value)}
        />
        <TextInput
          label="Description"
          required
          maxLength={200}
          value={values.description}
          onChange={(event) => set('description', event.currentTarget.value)}
          error={errors.description}
        />
        <ImageUploadField value={values.imageUrl} onChange={(url) => set('imageUrl', url)} />
        <NativeSelect
          label="Bonus shop item (Optional)"
          data={[{ value: '', label: 'No bonus item' }, ...prizeItemOptions(items.data)]}
          value={values.bonusItemId === null ? '' : String(values.bonusItemId)}
          onChange={(event) =>
            set('bonusItemId', event.currentTarget.value ? Number(event.currentTarget.value) : null)
          }
        />
        <Switch
          label="Active"
          checked={values.isActive}
          onChange={(event) => set('isActive', event.currentTarget.checked)}
        />
        <Group justify="space-between" mt="sm">
          {reward ? (
            <Button
              variant={confirmDelete ? 'filled' : 'subtle'}
              color="red"
              loading={remove.isPending}
              onClick={() => (confirmDelete ? remove.mutate() : setConfirmDelete(true))}
            >
              {confirmDelete ? 'Confirm delete' : 'Delete'}
            </Button>
          ) : (
            <span />
          )}
          <Group gap="sm">
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
            <Button type="submit" color="spar" c="dark.9" loading={save.isPending}>
              {reward ? 'Save changes' : 'Add reward'}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
