import { Alert, Button, Group, Text } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { toastFailure } from '../../../lib/http';
import { toast } from '../../../lib/toast';
import { resendVerification } from '../api/resend-verification';

/** A user with an email who is not verified sees 'Verification Required' and can resend. */
export function VerificationBanner() {
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
  return (
    <Alert
      color="yellow"
      variant="light"
      radius={0}
      icon={<IconMailExclamation />}
      title="Verification Required"
      py="xs"
    >
      <Group justify="space-between" gap="xs">
        <Text size="sm">Please check your email to verify your account</Text>
        <Button
          size="xs"
          variant="light"
          color="yellow"
          loading={resend.isPending}
          onClick={() => resend.mutate()}
        >
          Resend email
        </Button>
      </Group>
    </Alert>
  );
}
