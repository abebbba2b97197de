import {
  ActionIcon,
  Badge,
  Button,
  CopyButton,
  Group,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconBan, IconCheck, IconExternalLink, IconLink, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { IconLinkButton } from '../../../components/IconLinkButton';
import { PATHS } from '../../../lib/paths';
import { toast } from '../../../lib/toast';
import { STATUS_LABELS, entrantsText, feeText, formatStart, refusalText } from '../../../domain/tournaments';
import { managerKeys } from '../api/manager';
import {
  cancelTournament,
  managerTournamentKeys,
  managerTournamentsQueryOptions,
  type ManagerTournament,
} from '../api/tournaments';
import { StaffList, StaffTable } from './StaffList';
import { TournamentDialog } from './TournamentDialog';

function StatusBadge({ status }: { status: ManagerTournament['status'] }) {
  const { label, color } = STATUS_LABELS[status];
  return (
    <Badge color={color} variant={status === 'running' ? 'filled' : 'light'} miw="max-content">
      {label}
    </Badge>
  );
}

/** The invitation link of an invite-only tournament, copied with one click. */
function InviteCopy({ t }: { t: ManagerTournament }) {
  if (t.visibility !== 'invite' || !t.inviteCode)
    return (
      <Badge variant="light" color="gray">
        Public
      </Badge>
    );
  const link = `${window.location.origin}${PATHS.tournament(t.id, t.inviteCode)}`;
  return (
    <CopyButton value={link}>
      {({ copied, copy }) => (
        <Button
          size="compact-sm"
          variant="light"
          color={copied ? 'teal' : 'grape'}
          leftSection={copied ? <IconCheck size={14} /> : <IconLink size={14} />}
          onClick={(event) => {
            event.stopPropagation();
            copy();
          }}
          aria-label={`Copy the invitation link of ${t.name}`}
          data-invite-link={link}
        >
          {copied ? 'Copied' : 'Invite link'}
        </Button>
      )}
    </CopyButton>
  );
}

interface RowActionsProps {
  t: ManagerTournament;
  onEdit(t: ManagerTournament): void;
  onCancel(t: ManagerTournament): void;
}

function RowActions({ t, onEdit, onCancel }: RowActionsProps) {
  const editable = t.status === 'scheduled';
  const cancellable = t.status === 'scheduled' || t.status === 'running';
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label="Open its page">
        <IconLinkButton
          to={PATHS.tournament(t.id, t.inviteCode)}
          icon={IconExternalLink}
          iconSize={18}
          label={`Open ${t.name}`}
        />
      </Tooltip>
      {editable && (
        <Tooltip label="Edit">
          <ActionIcon variant="subtle" color="gray" aria-label={`Edit ${t.name}`} onClick={() => onEdit(t)}>
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {cancellable && (
        <Tooltip label="Cancel">
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Cancel ${t.name}`}
            onClick={() => onCancel(t)}
          >
            <IconBan size={18} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

function TournamentsTable({
  tournaments,
  ...actions
}: { tournaments: ManagerTournament[] } & Omit<RowActionsProps, 't'>) {
  return (
    <StaffTable
      label="Tournaments"
      minWidth={760}
      columns={['Name', 'Status', 'Start', 'Entry', 'Entrants', 'Visibility']}
    >
      {tournaments.map((t) => (
        <Table.Tr key={t.id} data-testid="tournament-row">
          <Table.Td>
            <Text size="sm" fw={700} lineClamp={1}>
              {t.name}
            </Text>
            <Text size="xs" c="dark.1">
              {t.seats === 2 ? '1 v 1' : `${t.seats} players`} · to {t.targetScore} · {t.durationMinutes} min
            </Text>
          </Table.Td>
          <Table.Td>
            <StatusBadge status={t.status} />
          </Table.Td>
          {[formatStart(t.startsAt), feeText(t.entryFee), entrantsText(t)].map((text, i) => (
            <Table.Td key={i}>
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {text}
              </Text>
            </Table.Td>
          ))}
          <Table.Td>
            <InviteCopy t={t} />
          </Table.Td>
          <Table.Td>
            <RowActions t={t} {...actions} />
          </Table.Td>
        </Table.Tr>
      ))}
    </StaffTable>
  );
}

/** Phones: one card per tournament, every field and action without sideways scrolling. */
function TournamentCards({
  tournaments,
  ...actions
}: { tournaments: ManagerTournament[] } & Omit<RowActionsProps, 't'>) {
  return (
    <Stack gap="xs" role="list" aria-label="Tournaments">
      {tournaments.map((t) => (
        <Paper key={t.id} role="listitem" data-testid="tournament-row" withBorder radius="md" p="sm">
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Stack gap={4} miw={0}>
              <Text fw={700} truncate>
                {t.name}
              </Text>
              <Text size="xs" c="dark.1">
                {formatStart(t.startsAt)} · {feeText(t.entryFee)} · {entrantsText(t)}
              </Text>
              <Group gap={6}>
                <StatusBadge status={t.status} />
                <InviteCopy t={t} />
              </Group>
            </Stack>
            <RowActions t={t} {...actions} />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * The arena tournaments, newest first, and the dialogs to schedule one, edit it before it starts,
 * and cancel it (every fee refunded). See docs/design.md, "Staff area" and "Arena tournaments".
 */
export function TournamentsSection({ stacked }: { stacked: boolean }) {
  const client = useQueryClient();
  const list = useQuery(managerTournamentsQueryOptions);
  const [editing, setEditing] = useState<ManagerTournament | null>(null);
  const [opened, setOpened] = useState(false);
  const [cancelling, setCancelling] = useState<ManagerTournament | null>(null);
  const cancel = useMutation({
    mutationFn: (t: ManagerTournament) => cancelTournament(t.id),
    onSuccess: (t) => {
      void client.invalidateQueries({ queryKey: managerTournamentKeys.list });
      void client.invalidateQueries({ queryKey: managerKeys.audit });
      void client.invalidateQueries({ queryKey: ['tournaments'] });
      toast({
        title: 'Tournament cancelled',
        description: `${t.name}: every entry fee was refunded.`,
        variant: 'success',
      });
      setCancelling(null);
    },
    onError: (error) => {
      toast({
        title: 'Could not cancel the tournament',
        description: refusalText(error, 'Please try again later'),
        variant: 'destructive',
      });
      setCancelling(null);
    },
  });
  const open = (t: ManagerTournament | null) => {
    setEditing(t);
    setOpened(true);
  };
  const View = stacked ? TournamentCards : TournamentsTable;
  return (
    <StaffList
      title="Tournaments"
      addLabel="Schedule tournament"
      onAdd={() => open(null)}
      list={list}
      failure="Could not load the tournaments"
      empty="No tournaments yet. Schedule the first one."
      view={(data) => <View tournaments={data} onEdit={open} onCancel={setCancelling} />}
    >
      <TournamentDialog tournament={editing} opened={opened} onClose={() => setOpened(false)} />
      <Modal
        opened={cancelling !== null}
        onClose={() => setCancelling(null)}
        title={cancelling ? `Cancel ${cancelling.name}?` : ''}
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            The tournament stops for good and every entrant&apos;s entry fee is refunded
            {cancelling?.entryFee ? ` (${feeText(cancelling.entryFee)} each)` : ''}. This cannot be undone.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setCancelling(null)}>
              Keep it
            </Button>
            <Button
              color="red"
              loading={cancel.isPending}
              onClick={() => cancelling && cancel.mutate(cancelling)}
            >
              Cancel tournament
            </Button>
          </Group>
        </Stack>
      </Modal>
    </StaffList>
  );
}
