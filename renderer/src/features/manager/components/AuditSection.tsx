import { Badge, Code, NavLink, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { StaffAction } from '@shared/protocol';
import { auditQueryOptions } from '../api/manager';
import { SplitPane } from './SplitPane';
import { LoadFailure, LoadMoreButton } from '../../../components/QueryStatus';

/** What staff read for each recorded action; a code without a name here is shown as it is. */
const ACTION_NAMES: Record<string, string> = {
  'daily_reward.create': 'Daily reward added',
  'daily_reward.update': 'Daily reward changed',
  'daily_reward.delete': 'Daily reward removed',
  'shop_item.create': 'Shop item added',
  'shop_item.update': 'Shop item changed',
  'user.adjust': 'Balance adjusted',
  'image.upload': 'Image uploaded',
};

export const actionName = (code: string) => ACTION_NAMES[code] ?? code;

const when = (at: number) =>
  new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function Details({ action }: { action: StaffAction | null }) {
  if (!action)
    return (
      <Text c="dark.1" size="sm">
        Pick an entry to see what was written.
      </Text>
    );
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        {actionName(action.action)}
      </Title>
      <Text size="sm" c="dark.1">
        By {action.staffUsername ?? 'a deleted account'} on {when(action.createdAt)} · {action.targetType}
        {action.targetId ? ` ${action.targetId}` : ''}
      </Text>
      <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {JSON.stringify(action.details, null, 2)}
      </Code>
    </Stack>
  );
}

/** The staff actions, newest first (50 at a time), with the details of the one picked. */
export function AuditSection({ stacked }: { stacked: boolean }) {
  const audit = useInfiniteQuery(auditQueryOptions);
  const [selected, setSelected] = useState<number | null>(null);
  const actions = audit.data?.pages.flatMap((page) => page.actions) ?? [];
  const action = actions.find((a) => a.id === selected) ?? null;

  const list = (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Audit log
      </Title>
      {audit.isError ? (
        <LoadFailure error={audit.error} fallback="Could not load the audit log" />
      ) : !audit.data ? (
        <Skeleton h={240} />
      ) : actions.length === 0 ? (
        <Text c="dark.1">No staff actions yet.</Text>
      ) : (
        <>
          <Stack gap={2} role="list" aria-label="Staff actions">
            {actions.map((a) => (
              <div key={a.id} role="listitem">
                <NavLink
                  component="button"
                  active={a.id === selected}
                  onClick={() => setSelected(a.id)}
                  label={actionName(a.action)}
                  description={`${a.staffUsername ?? 'deleted account'} · ${when(a.createdAt)}`}
                  rightSection={
                    <Badge size="xs" variant="light" color="gray">
                      {a.targetType}
                    </Badge>
                  }
                />
              </div>
            ))}
          </Stack>
          <LoadMoreButton pages={audit} label="Load older" />
        </>
      )}
    </Stack>
  );
  return (
    <SplitPane
      storageKey="manager-audit-split"
      stacked={stacked}
      focusKey={selected}
      label="Audit log"
      list={list}
      editor={
        <Paper withBorder p="md" radius="md">
          <Details action={action} />
        </Paper>
      }
    />
  );
}
