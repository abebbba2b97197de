import { Alert, Button, Text, TextInput } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { failureText } from '../../../lib/http';
import { forgotPassword } from '../api/account';
import { AuthCard } from './AuthCard';

/**
 * /forgot-password: asks for a reset link by e-mail. The answer is the same whether or not an
 * account uses the address (docs/design.md, "Account recovery and settings").
 */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const request = useMutation({ mutationFn: forgotPassword });

  if (request.isSuccess)
    return (
      <AuthCard heading="Check your email">
        <Alert color="teal" variant="light" icon={<IconMailCheck size={20} aria-hidden />} role="status">
          {request.data.message}
        </Alert>
        <Text size="sm" c="dark.1">
          No email after a few minutes? Check your spam folder, or make sure you typed the address your
          account uses.
        </Text>
        <Button variant="default" onClick={() => request.reset()}>
          Use another address
        </Button>
      </AuthCard>
    );

  return (
    <AuthCard heading="Forgot your password?">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          request.mutate({ email: email.trim() });
        }}
      >
        <Text size="sm" c="dark.1" mb="md">
          Enter the email address of your account and we will send you a link to choose a new password.
        </Text>
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={request.isError ? failureText(request.error) : undefined}
          mb="md"
        />
        <Button type="submit" fullWidth loading={request.isPending} color="spar" c="dark.9" size="md">
          Send reset link
        </Button>
      </form>
    </AuthCard>
  );
}
