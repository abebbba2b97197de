import { Button, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { failureText } from '../../../lib/http';

/*
 * What the staff sections that list records and add to them share: the title with its add button,
 * the list's loading, failure and empty states, and the wide screens' table. See docs/design.md,
 * "Staff area".
 */

interface StaffListProps<T> {
  title: string;
  addLabel: string;
  onAdd(): void;
  /** The list's query: failed, still loading, or its records. */
  list: { isError: boolean; error: unknown; data: T[] | undefined };
  /** What a failure to load says before the reason. */
  failure: string;
  /** What stands in for an empty list. */
  empty: string;
  /** The records, drawn as a table or cards. */
  view(records: T[]): React.ReactNode;
  /** The section's dialogs. */
  children?: React.ReactNode;
}

export function StaffList<T>({
  title,
  addLabel,
  onAdd,
  list,
  failure,
  empty,
  view,
  children,
}: StaffListProps<T>) {
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h3">
          {title}
        </Title>
        <Button leftSection={<IconPlus size={16} />} color="spar" c="dark.9" onClick={onAdd}>
          {addLabel}
        </Button>
      </Group>
      {list.isError ? (
        <Text c="red.4">{failureText(list.error, failure)}</Text>
      ) : !list.data ? (
        <Skeleton h={200} radius="md" />
      ) : list.data.length === 0 ? (
        <Text c="dark.1">{empty}</Text>
      ) : (
        view(list.data)
      )}
      {children}
    </Stack>
  );
}

/** Wide screens: one row per record (the `children`), a column per field and one for its actions. */
export function StaffTable({
  label,
  minWidth,
  columns,
  children,
}: {
  label: string;
  minWidth: number;
  columns: string[];
  children: React.ReactNode;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column}>{column}</Table.Th>
            ))}
            <Table.Th aria-label="Actions" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
