import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useState } from 'react';
import { newPasswordProblem, PASSWORD_MIN_LENGTH } from '@shared/passwords';

const TOGGLE = { 'aria-label': 'Show or hide the characters' };

/** A new password typed twice, and what is wrong with the pair (the server's rule), or null. */
export function newPasswordsProblem(password: string, repeat: string): string | null {
  return newPasswordProblem(password) ?? (password === repeat ? null : 'The two passwords do not match');
}

/**
 * The state of the two new-password fields. `fields` goes to NewPasswordFields; `check()` marks
 * the form submitted (errors show from then on) and says whether the pair may be sent.
 */
export function useNewPassword() {
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [checked, setChecked] = useState(false);
  return {
    password,
    fields: { password, repeat, onPassword: setPassword, onRepeat: setRepeat, checked },
    check(): boolean {
      setChecked(true);
      return newPasswordsProblem(password, repeat) === null;
    },
    clear(): void {
      setPassword('');
      setRepeat('');
      setChecked(false);
    },
  };
}

/** The password the account has now, asked for again to confirm a change to the account. */
export function CurrentPasswordInput({
  value,
  onValue,
  ...props
}: { value: string; onValue: (value: string) => void } & Pick<
  PasswordInputProps,
  'label' | 'description' | 'error'
>) {
  return (
    <PasswordInput
      visibilityToggleButtonProps={TOGGLE}
      autoComplete="current-password"
      required
      value={value}
      onChange={(e) => onValue(e.currentTarget.value)}
      {...props}
    />
  );
}

/**
 * "New password" and "Repeat new password". Errors show once the form was submitted (`checked`),
 * so a player is not scolded while still typing.
 */
export function NewPasswordFields({
  password,
  repeat,
  onPassword,
  onRepeat,
  checked,
}: {
  password: string;
  repeat: string;
  onPassword: (value: string) => void;
  onRepeat: (value: string) => void;
  checked: boolean;
}) {
  const tooShort = checked ? newPasswordProblem(password) : null;
  const mismatch = checked && !tooShort && password !== repeat ? 'The two passwords do not match' : null;
  return (
    <>
      <PasswordInput
        visibilityToggleButtonProps={TOGGLE}
        label="New password"
        description={`At least ${PASSWORD_MIN_LENGTH} characters`}
        autoComplete="new-password"
        required
        value={password}
        onChange={(e) => onPassword(e.currentTarget.value)}
        error={tooShort}
      />
      <PasswordInput
        visibilityToggleButtonProps={TOGGLE}
        label="Repeat new password"
        autoComplete="new-password"
        required
        value={repeat}
        onChange={(e) => onRepeat(e.currentTarget.value)}
        error={mismatch}
      />
    </>
  );
}
