import { PasswordInput } from '@mantine/core';
import { newPasswordProblem, PASSWORD_MIN_LENGTH } from '@shared/passwords';

/** A new password typed twice, and what is wrong with the pair (the server's rule), or null. */
export function newPasswordsProblem(password: string, repeat: string): string | null {
  return newPasswordProblem(password) ?? (password === repeat ? null : 'The two passwords do not match');
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
        visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the characters' }}
        label="New password"
        description={`At least ${PASSWORD_MIN_LENGTH} characters`}
        autoComplete="new-password"
        required
        value={password}
        onChange={(e) => onPassword(e.currentTarget.value)}
        error={tooShort}
      />
      <PasswordInput
        visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the characters' }}
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
