import {
  Anchor,
  Button,
  Divider,
  PasswordInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconBrandGoogleFilled } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { newPasswordProblem } from '@shared/passwords';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { localPath, PATHS } from '../../../lib/paths';
import { failureText } from '../../../lib/http';
import { dismissToast, toast } from '../../../lib/toast';
import { providersQueryOptions } from '../api/google';
import { useGoogleSignIn } from '../hooks/useGoogleSignIn';
import { AuthFrame } from './AuthCard';
import { login } from '../api/login';
import { register } from '../api/register';
import { useSession } from '../../../lib/session/useSession';

type Mode = 'signin' | 'register';

interface AccountForm {
  mode: Mode;
  username: string;
  password: string;
  /** Empty when not given. */
  email: string;
}

/** The sign-up toast's message: a welcome, never the title again. */
export function registeredText(username: string, verificationSent: boolean): string {
  return verificationSent
    ? `Welcome to Spar, ${username}. Check your email to verify your account.`
    : `Welcome to Spar, ${username}.`;
}

export function AuthPage() {
  const [params] = useSearchParams();
  // `?mode=register` (PATHS.signUp): opened from an invitation to create an account.
  const [mode, setMode] = useState<Mode>(params.get('mode') === 'register' ? 'register' : 'signin');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [email, setEmail] = useState('');
  const { user, signIn } = useSession();
  const navigate = useNavigate();
  const providers = useQuery(providersQueryOptions);
  const returnTo = localPath(params.get('returnTo')) ?? PATHS.home;
  const google = useGoogleSignIn(returnTo);
  /** A shown failure, taken away once a later attempt succeeds or the form is sent again. */
  const failure = useRef<string | null>(null);
  const clearFailure = () => {
    if (failure.current) dismissToast(failure.current);
    failure.current = null;
  };
  /** The password rule checked here too, with the server's words, once "Create account" is pressed. */
  const [passwordError, setPasswordError] = useState<string | null>(null);

  const account = useMutation({
    mutationFn: (form: AccountForm) =>
      form.mode === 'signin'
        ? login({ username: form.username, password: form.password })
        : register({
            username: form.username,
            password: form.password,
            ...(form.email ? { email: form.email } : {}),
          }),
    onSuccess: (answer, form) => {
      clearFailure();
      signIn(answer);
      if (form.mode === 'signin') {
        if (answer.user.markedForDelete) return;
        toast({
          title: 'Welcome back',
          description: `Signed in as ${answer.user.username}`,
          variant: 'success',
        });
      } else {
        toast({
          title: 'Registration Successful',
          description: registeredText(answer.user.username, answer.emailVerificationSent),
          variant: 'success',
        });
        if (answer.requiresVerification && !answer.emailVerificationSent) {
          toast({
            title: "Couldn't Send Verification Email",
            description: 'There was a problem sending the verification email',
            variant: 'warning',
          });
        }
      }
      navigate(returnTo, { replace: true });
    },
    onError: (error, form) => {
      const title = form.mode === 'signin' ? 'Login failed' : 'Registration failed';
      failure.current = toast({ title, description: failureText(error), variant: 'destructive' });
    },
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    clearFailure();
    if (mode === 'register') {
      const problem = newPasswordProblem(password);
      setPasswordError(problem);
      if (problem) return;
    }
    account.mutate({ mode, username: username.trim(), password, email: email.trim() });
  };

  // Already signed in: the form has nothing to offer, so go where the sign-in would have led.
  if (user) return <Navigate to={user.markedForDelete ? PATHS.deleteAccount : returnTo} replace />;

  return (
    <AuthFrame
      footer={
        <Text size="xs" c="dark.2" ta="center">
          By continuing you accept the{' '}
          <Anchor component={Link} to={PATHS.termsOfService} size="xs">
            Terms of Service
          </Anchor>{' '}
          and the{' '}
          <Anchor component={Link} to={PATHS.privacyPolicy} size="xs">
            Privacy Policy
          </Anchor>
          .
        </Text>
      }
    >
      <form onSubmit={submit}>
        <Stack gap="md">
          <SegmentedControl
            fullWidth
            value={mode}
            onChange={(value) => {
              setMode(value as Mode);
              setPasswordError(null);
            }}
            data={[
              { label: 'Sign in', value: 'signin' },
              { label: 'Create account', value: 'register' },
            ]}
          />
          <TextInput
            label="Username"
            description={
              mode === 'signin' ? 'Or the email of your account' : '3–20 letters, digits or underscores'
            }
            autoComplete="username"
            required
            value={username}
            onChange={(e) => setUsername(e.currentTarget.value)}
          />
          {mode === 'register' && (
            <TextInput
              label="Email"
              description="Optional: lets you recover your account"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
          )}
          <PasswordInput
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the characters' }}
            label="Password"
            description={mode === 'register' ? 'At least 8 characters' : undefined}
            autoComplete={mode === 'signin' ? 'current-password' : 'new-password'}
            required
            value={password}
            onChange={(e) => {
              setPassword(e.currentTarget.value);
              if (passwordError) setPasswordError(newPasswordProblem(e.currentTarget.value));
            }}
            error={mode === 'register' ? passwordError : null}
          />
          {mode === 'signin' && (
            <Anchor component={Link} to={PATHS.forgotPassword} size="sm" ta="right" mt={-8}>
              Forgot password?
            </Anchor>
          )}
          <Button type="submit" loading={account.isPending} color="spar" c="dark.9" size="md">
            {mode === 'signin' ? 'Sign in' : 'Create account'}
          </Button>
        </Stack>
      </form>
      {providers.data?.google && (
        <>
          <Divider label="or" my="lg" />
          <Button
            fullWidth
            variant="default"
            size="md"
            loading={google.starting}
            leftSection={<IconBrandGoogleFilled size={18} aria-hidden />}
            onClick={() => void google.begin()}
          >
            Continue with Google
          </Button>
        </>
      )}
    </AuthFrame>
  );
}
