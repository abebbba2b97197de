import {
  Alert,
  Button,
  Card,
  Container,
  Group,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconKey, IconMail, IconMailForward } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { AccountSettingsResponse } from '@shared/protocol';
import { PageHeader } from '../../../components/PageHeader';
import { SignInPrompt } from '../../../components/SignInPrompt';
import { failureText } from '../../../lib/http';
import { PATHS } from '../../../lib/paths';
import { useSession } from '../../../lib/session/useSession';
import { toast } from '../../../lib/toast';
import {
  accountSettingsQueryKey,
  accountSettingsQueryOptions,
  changeEmail,
  changePassword,
} from '../api/account';
import { CurrentPasswordInput, NewPasswordFields, useNewPassword } from './NewPasswordFields';
import { LoadFailure } from '../../../components/QueryStatus';
import { EmailStatus } from '../../../components/EmailStatus';

/** A change that needs the account's password; an account without one is told how to set it. */
function WithPassword({ hasPassword, children }: { hasPassword: boolean; children: React.ReactNode }) {
  if (hasPassword) return children;
  return (
    <Text size="sm" c="dark.1">
      You sign in with Google and have no password yet. To set one, sign out and use &quot;Forgot
      password?&quot; on the sign-in page with your email.
    </Text>
  );
}

function Section({
  icon,
  title,
  children,
}: {
  icon: React.ReactNode;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <Card withBorder radius="md" bg="dark.7" padding="lg" component="section" aria-label={title}>
      <Stack gap="md">
        <Group gap="xs" wrap="nowrap">
          {icon}
          <Title order={2} size="h4">
            {title}
          </Title>
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

/**
 * A settings form: its fields, the server's refusal under them, then the submit button. With
 * `ownChecks` the form checks its fields itself (each field's error says what is wrong) instead of
 * the browser.
 */
function SettingsForm({
  change,
  submit,
  note,
  ownChecks = false,
  onSubmit,
  children,
}: {
  change: { isError: boolean; error: unknown; isPending: boolean };
  submit: string;
  note?: string;
  ownChecks?: boolean;
  onSubmit(): void;
  children: React.ReactNode;
}) {
  return (
    <form
      noValidate={ownChecks}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Stack gap="sm">
        {children}
        {change.isError && (
          <Text size="sm" c="red.4" role="alert">
            {failureText(change.error)}
          </Text>
        )}
        {note && (
          <Text size="xs" c="dark.2">
            {note}
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={change.isPending} color="spar" c="dark.9">
            {submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function EmailSection({ settings }: { settings: AccountSettingsResponse }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const client = useQueryClient();
  const change = useMutation({
    mutationFn: changeEmail,
    onSuccess: (answer) => {
      setEmail('');
      setPassword('');
      void client.invalidateQueries({ queryKey: accountSettingsQueryKey });
      toast({
        title: answer.emailVerificationSent ? 'Check your new address' : "Couldn't Send Verification Email",
        description: answer.message,
        variant: answer.emailVerificationSent ? 'success' : 'warning',
      });
    },
  });
  return (
    <Section icon={<IconMail size={20} aria-hidden />} title="Email">
      <Group gap="xs">
        <EmailStatus email={settings.email} verified={settings.isVerified} prominent />
      </Group>
      {settings.pendingEmail && (
        <Alert color="blue" variant="light" icon={<IconMailForward size={20} aria-hidden />}>
          We sent a link to <b style={{ overflowWrap: 'anywhere' }}>{settings.pendingEmail}</b>. Your address
          changes when you open it;{' '}
          {settings.email
            ? 'until then you keep using the current one.'
            : 'until then your account has none.'}
        </Alert>
      )}
      {!settings.email && (
        <Text size="sm" c="dark.1">
          Add an email address so you can recover your account if you forget your password.
        </Text>
      )}
      <WithPassword hasPassword={settings.hasPassword}>
        <SettingsForm
          change={change}
          submit={settings.email ? 'Change email' : 'Add email'}
          onSubmit={() => change.mutate({ email: email.trim(), password })}
        >
          <TextInput
            label={settings.email ? 'New email' : 'Email'}
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <CurrentPasswordInput
            label="Password"
            description="To confirm it is you"
            value={password}
            onValue={setPassword}
          />
        </SettingsForm>
      </WithPassword>
    </Section>
  );
}

function PasswordSection({ settings }: { settings: AccountSettingsResponse }) {
  const [current, setCurrent] = useState('');
  const newPassword = useNewPassword();
  const change = useMutation({
    mutationFn: changePassword,
    onSuccess: (answer) => {
      setCurrent('');
      newPassword.clear();
      toast({ title: 'Password changed', description: answer.message, variant: 'success' });
    },
  });
  return (
    <Section icon={<IconKey size={20} aria-hidden />} title="Password">
      <WithPassword hasPassword={settings.hasPassword}>
        <SettingsForm
          change={change}
          submit="Change password"
          ownChecks
          note="Changing it signs you out on your other devices."
          onSubmit={() => {
            if (newPassword.check() && current)
              change.mutate({ currentPassword: current, newPassword: newPassword.password });
          }}
        >
          <CurrentPasswordInput
            label="Current password"
            value={current}
            onValue={setCurrent}
            error={newPassword.fields.checked && !current ? 'Enter your current password' : null}
          />
          <NewPasswordFields {...newPassword.fields} />
        </SettingsForm>
      </WithPassword>
    </Section>
  );
}

/** /settings: the signed-in player's e-mail address and password (docs/design.md, "Account recovery and settings"). */
export function AccountSettingsPage() {
  const { user, loading } = useSession();
  const settings = useQuery({ ...accountSettingsQueryOptions, enabled: !!user });
  if (!user && !loading)
    return (
      <SignInPrompt
        header={<PageHeader title="Account Settings" backTo={PATHS.profile} size="sm" />}
        reason="Sign in to change your email or password."
        returnTo={PATHS.settings}
      />
    );
  return (
    <>
      <PageHeader title="Account Settings" backTo={PATHS.profile} size="sm" />
      <Container size="sm" py="md">
        <Stack gap="lg">
          {settings.isError ? (
            <LoadFailure error={settings.error} fallback="Could not load your account settings" />
          ) : settings.data ? (
            <>
              <EmailSection settings={settings.data} />
              <PasswordSection settings={settings.data} />
            </>
          ) : (
            <>
              <Skeleton h={220} radius="md" />
              <Skeleton h={280} radius="md" />
            </>
          )}
          <Text size="sm" c="dark.2">
            To delete your account, use Delete account on{' '}
            <Link to={PATHS.profile} style={{ color: 'inherit' }}>
              your profile
            </Link>
            .
          </Text>
        </Stack>
      </Container>
    </>
  );
}
