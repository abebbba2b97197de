import {
  Button,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Balance, CurrencyType } from '@shared/protocol';
import { ROUTES } from '@shared/protocol/routes.generated';
import { formatAmount } from '../../../components/currency-format';
import { call, failureText, toastFailure } from '../../../lib/http';
import { toast } from '../../../lib/toast';
import { adjustBalance, managerKeys } from '../api/manager';
import { CurrencyChoice, FormProblem, WholeNumberInput } from './fields';

const playerId = (text: string) => (/^[1-9][0-9]{0,15}$/.test(text.trim()) ? Number(text.trim()) : null);

/** Grant or deduct coins or gems for one player, with a required reason (shown in their history). */
export function AdjustmentsSection() {
  const client = useQueryClient();
  const [idText, setIdText] = useState('');
  const [direction, setDirection] = useState<'grant' | 'deduct'>('grant');
  const [currencyType, setCurrencyType] = useState<CurrencyType>('regular');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<{ username: string; balance: Balance } | null>(null);
  const id = playerId(idText);
  const player = useQuery({
    queryKey: ['users', id, 'profile'],
    queryFn: () => call(ROUTES.players.profile, { params: { id: id! } }),
    enabled: id !== null,
    staleTime: 0,
  });

  const adjust = useMutation({
    mutationFn: (signed: number) =>
      adjustBalance(id!, { currencyType, amount: signed, reason: reason.trim() }),
    onSuccess: (answer) => {
      toast({ title: 'Balance adjusted', description: answer.message, variant: 'success' });
      setResult({ username: player.data?.username ?? `Player ${id}`, balance: answer.balance });
      setAmount('');
      setReason('');
      void client.invalidateQueries({ queryKey: managerKeys.audit });
    },
    onError: (error) => toastFailure('Could not adjust the balance', error),
  });

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const n = amount.trim() === '' ? Number.NaN : Number(amount);
    if (id === null) return setProblem('Enter the player id');
    if (!Number.isInteger(n) || n < 1) return setProblem('Amount must be a whole number of at least 1');
    if (reason.trim().length < 3) return setProblem('A reason of at least 3 characters is required');
    setProblem(null);
    adjust.mutate(direction === 'grant' ? n : -n);
  }

  return (
    <Stack gap="md" maw={560}>
      <Title order={2} size="h3">
        Adjust a balance
      </Title>
      <Paper withBorder p="md" radius="md">
        <form onSubmit={submit} noValidate aria-label="Adjust a balance">
          <Stack gap="sm">
            <TextInput
              label="Player id"
              description="The number in the player's profile address (/profile?id=…)"
              inputMode="numeric"
              required
              value={idText}
              onChange={(e) => setIdText(e.currentTarget.value)}
            />
            {id !== null && (
              <Text size="sm" c={player.isError ? 'red.4' : 'dark.1'} data-testid="adjust-player">
                {player.isError
                  ? failureText(player.error, 'No such player')
                  : player.data
                    ? `Player: ${player.data.username}`
                    : 'Looking up the player…'}
              </Text>
            )}
            <Group grow>
              <SegmentedControl
                aria-label="Grant or deduct"
                value={direction}
                onChange={(value) => setDirection(value as 'grant' | 'deduct')}
                data={[
                  { value: 'grant', label: 'Grant' },
                  { value: 'deduct', label: 'Deduct' },
                ]}
              />
              <CurrencyChoice aria-label="Currency" value={currencyType} onChange={setCurrencyType} />
            </Group>
            <WholeNumberInput label="Amount" min={1} value={amount} onChange={setAmount} />
            <Textarea
              label="Reason"
              description="The player sees it in their transactions"
              required
              maxLength={200}
              rows={3}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
            />
            <FormProblem problem={problem} />
            <Group justify="flex-end">
              <Button
                type="submit"
                color={direction === 'grant' ? 'spar' : 'red'}
                c={direction === 'grant' ? 'dark.9' : undefined}
                loading={adjust.isPending}
                disabled={!player.data}
              >
                {direction === 'grant' ? 'Grant' : 'Deduct'}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      {result && (
        <Text size="sm" data-testid="adjust-result">
          {result.username} now has {formatAmount(result.balance.currency, 'regular')} and{' '}
          {formatAmount(result.balance.premiumCurrency, 'premium')}.
        </Text>
      )}
    </Stack>
  );
}
