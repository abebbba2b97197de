import { Box, Button, CloseButton, Group, Text } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toastFailure } from '../../../lib/http';
import { getSessionFlag, SESSION_KEYS, setSessionFlag } from '../../../lib/storage';
import { toast } from '../../../lib/toast';
import { resendVerification } from '../api/resend-verification';

const MESSAGE = 'Please check your email to verify your account';

/** Room on the right for the connection dot, which sits fixed over the top-right corner. */
const CONNECTION_DOT_ROOM_PX = 34;

/**
 * A user with an email who is not verified sees 'Verification Required' and its message in one slim
 * line (two on a phone, the message under the title) and can resend the link, or dismiss the
 * reminder until the tab is closed. See docs/design.md, "Renderer".
 */
export function VerificationBanner() {
  const [dismissed, setDismissed] = useState(() => getSessionFlag(SESSION_KEYS.verificationBannerDismissed));
  const resend = useMutation({
    mutationFn: resendVerification,
    onSuccess: (answer) => {
      if (answer.emailVerificationSent)
        toast({
          title: 'Verification email sent',
          description: 'Check your inbox for the link.',
          variant: 'success',
        });
      else
        toast({
          title: "Couldn't Send Verification Email",
          description: 'There was a problem sending the verification email',
          variant: 'destructive',
        });
    },
    onError: (error) => toastFailure('Verification Failed', error),
  });
  if (dismissed) return null;
  const dismiss = () => {
    setSessionFlag(SESSION_KEYS.verificationBannerDismissed);
    setDismissed(true);
  };
  return (
    <Box
      component="section"
      aria-label="Verification Required"
      data-testid="verification-banner"
      bg="rgba(250, 176, 5, 0.12)"
      py={4}
      pl="sm"
      pr={CONNECTION_DOT_ROOM_PX}
      style={{ borderBottom: '1px solid rgba(250, 176, 5, 0.35)' }}
    >
      <Group gap="xs" wrap="nowrap" justify="center">
        <IconMailExclamation size={18} color="var(--mantine-color-yellow-4)" style={{ flexShrink: 0 }} />
        <Text size="sm" truncate="end" miw={0} c="yellow.1">
          <Text span inherit fw={700} c="yellow.4">
            Verification Required
          </Text>
          <Text span inherit visibleFrom="sm">
            {' '}
            · {MESSAGE}
          </Text>
        </Text>
        <Button
          size="compact-sm"
          variant="subtle"
          color="yellow"
          style={{ flexShrink: 0 }}
          loading={resend.isPending}
          onClick={() => resend.mutate()}
        >
          Resend
        </Button>
        <CloseButton
          size="sm"
          c="yellow.4"
          aria-label="Dismiss the verification reminder"
          onClick={dismiss}
          style={{ flexShrink: 0 }}
        />
      </Group>
      {/* On a phone the message has a line of its own, whole, rather than ending in "…". */}
      <Text hiddenFrom="sm" size="xs" c="yellow.1" ta="center" pb={2}>
        {MESSAGE}
      </Text>
    </Box>
  );
}
