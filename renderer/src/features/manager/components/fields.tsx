import {
  SegmentedControl,
  Text,
  TextInput,
  type SegmentedControlProps,
  type TextInputProps,
} from '@mantine/core';
import type { CurrencyType } from '@shared/protocol';

/*
 * The fields every staff form repeats, written once so a shop item, a daily reward and a balance
 * adjustment ask for a currency and a number alike. See docs/design.md, "Staff area".
 */

const CURRENCIES: { value: CurrencyType; label: string }[] = [
  { value: 'regular', label: 'Coins' },
  { value: 'premium', label: 'Gems' },
];

/** Coins or gems. */
export function CurrencyChoice({
  value,
  onChange,
  ...rest
}: Omit<SegmentedControlProps, 'data' | 'value' | 'onChange'> & {
  value: CurrencyType;
  onChange(value: CurrencyType): void;
}) {
  return (
    <SegmentedControl
      {...rest}
      value={value}
      onChange={(next) => onChange(next as CurrencyType)}
      data={CURRENCIES}
    />
  );
}

/** A required whole number, kept as the typed text: the form checks it when sent. */
export function WholeNumberInput({
  onChange,
  ...rest
}: Omit<TextInputProps, 'type' | 'step' | 'required' | 'value' | 'onChange'> & {
  min: number;
  value: string;
  onChange(value: string): void;
}) {
  return (
    <TextInput type="number" step={1} required {...rest} onChange={(e) => onChange(e.currentTarget.value)} />
  );
}

/** Why the form was not sent, under its fields. */
export function FormProblem({ problem }: { problem: string | null }) {
  return (
    problem && (
      <Text c="red.4" size="sm" role="alert">
        {problem}
      </Text>
    )
  );
}
