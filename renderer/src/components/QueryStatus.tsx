import { Button, Text, type MantineSize } from '@mantine/core';
import { failureText } from '../lib/http';

/** A list or a page that could not load: the server's reason, or what could not be loaded. */
export function LoadFailure({
  error,
  fallback,
  size,
}: {
  error: unknown;
  fallback: string;
  size?: MantineSize;
}) {
  return (
    <Text size={size} c="red.4" role="alert">
      {failureText(error, fallback)}
    </Text>
  );
}

/** The next page of a paged history, under its last row; gone once there is none. */
export function LoadMoreButton({
  pages,
  label,
}: {
  pages: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage(): Promise<unknown> };
  label: string;
}) {
  if (!pages.hasNextPage) return null;
  return (
    <Button
      variant="default"
      size="xs"
      mt="xs"
      loading={pages.isFetchingNextPage}
      onClick={() => void pages.fetchNextPage()}
    >
      {label}
    </Button>
  );
}
