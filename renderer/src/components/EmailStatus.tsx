import { Badge, Text } from '@mantine/core';

/**
 * An account's email address with whether it was confirmed, or "No email address". `prominent` on
 * the settings page, where the address is the subject; quieter on the profile.
 */
export function EmailStatus({
  email,
  verified,
  prominent = false,
}: {
  email: string | null;
  verified: boolean;
  prominent?: boolean;
}) {
  return (
    <>
      <Text {...(prominent ? { fw: 600 } : { size: 'sm', c: 'dark.1' })} style={{ overflowWrap: 'anywhere' }}>
        {email ?? 'No email address'}
      </Text>
      {email && (
        <Badge size="sm" color={verified ? 'teal' : 'yellow'} variant="light">
          {verified ? 'Verified' : 'Not verified'}
        </Badge>
      )}
    </>
  );
}
