import { Button, Group, Paper, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IconCheck } from '@tabler/icons-react';
import { ROUTES } from '@shared/protocol/routes.generated';
import { CurrencyAmount } from '../../../../components/Currency';
import { afterMoneyMove } from '../../../../domain/currency';
import { isApiError, toastFailure } from '../../../../lib/http';
import { claimGameReward } from '../../api/claim-game-reward';

/** What this game earned the player, with Claim; Claimed once paid (or paid before). */
export function GameRewards({
  gameId,
  rewards,
}: {
  gameId: string;
  rewards: { currency: number; premiumCurrency: number };
}) {
  const client = useQueryClient();
  const claim = useMutation({
    mutationFn: () => claimGameReward(gameId),
    onSuccess: (answer) => afterMoneyMove(client, answer.balance),
    onError: (error) => {
      // Paid already (in another tab, say): nothing to do but say so.
      if (!isApiError(error, ROUTES.rewards.claimGameReward, 'already_claimed'))
        toastFailure('Could not claim the reward', error);
    },
  });
  const claimed =
    claim.isSuccess || isApiError(claim.error, ROUTES.rewards.claimGameReward, 'already_claimed');
  return (
    <Paper withBorder radius="md" px="md" py="sm" bg="dark.6" w="100%" aria-label="Game rewards">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <Text size="sm" c="dark.1">
            Earned
          </Text>
          {rewards.currency > 0 && <CurrencyAmount type="regular" amount={rewards.currency} size="md" />}
          {rewards.premiumCurrency > 0 && (
            <CurrencyAmount type="premium" amount={rewards.premiumCurrency} size="md" />
          )}
        </Group>
        {claimed ? (
          <Group gap={4} c="teal.4" wrap="nowrap">
            <IconCheck size={16} />
            <Text size="sm" fw={700}>
              Claimed
            </Text>
          </Group>
        ) : (
          <Button size="xs" color="spar" c="dark.9" loading={claim.isPending} onClick={() => claim.mutate()}>
            Claim
          </Button>
        )}
      </Group>
    </Paper>
  );
}
