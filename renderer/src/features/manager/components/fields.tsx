import {
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  type SegmentedControlProps,
  type TextInputProps,
} from '@mantine/core';
import type { CurrencyType, ShopItemKind } from '@shared/protocol';

/*
 * The fields every staff form repeats, written once so a shop item, a daily reward, a tournament
 * and a balance adjustment ask for a currency and a number alike. See docs/design.md, "Staff area".
 */

export const CURRENCIES: { value: CurrencyType; label: string }[] = [
  { value: 'regular', label: 'Coins' },
  { value: 'premium', label: 'Gems' },
];

type ChoiceProps<T extends string> = Omit<SegmentedControlProps, 'data' | 'value' | 'onChange'> & {
  data: { value: T; label: string }[];
  value: T;
  onChange(value: T): void;
};

/** One of a few values, as a segmented control that answers in the values' own type. */
export function Choice<T extends string>({ value, onChange, data, ...rest }: ChoiceProps<T>) {
  return <SegmentedControl {...rest} value={value} onChange={(next) => onChange(next as T)} data={data} />;
}

/** Coins or gems. */
export function CurrencyChoice(props: Omit<ChoiceProps<CurrencyType>, 'data'>) {
  return <Choice {...props} data={CURRENCIES} />;
}

/**
 * A choice under a label of its own (a segmented control has none): the label names it for
 * assistive technology through `id`; `children` stand beneath it (a hint).
 */
export function LabelledChoice<T extends string>({
  id,
  label,
  children,
  ...choice
}: ChoiceProps<T> & { id: string; label: string; children?: React.ReactNode }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={id}>
        {label}
      </Text>
      <Choice {...choice} aria-labelledby={id} />
      {children}
    </Stack>
  );
}

type NumberTextProps = Omit<TextInputProps, 'type' | 'value' | 'onChange'> & {
  min: number;
  value: string;
  onChange(value: string): void;
};

/** A number, kept as the typed text ('' for none): the form checks it when sent. */
export function NumberInput({ onChange, ...rest }: NumberTextProps) {
  return <TextInput type="number" {...rest} onChange={(e) => onChange(e.currentTarget.value)} />;
}

/** A required whole number, kept as the typed text: the form checks it when sent. */
export function WholeNumberInput(props: Omit<NumberTextProps, 'step' | 'required'>) {
  return <NumberInput step={1} required {...props} />;
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

/** The shop items a prize or a bonus may be: anything but the packs, which are bought with money. */
export function prizeItemOptions(
  items: readonly { id: number; kind: ShopItemKind; name: string; isActive: boolean }[] = [],
): { value: string; label: string }[] {
  return items
    .filter((item) => item.kind !== 'coin_pack' && item.kind !== 'gem_pack')
    .map((item) => ({
      value: String(item.id),
      label: item.isActive ? item.name : `${item.name} (withdrawn)`,
    }));
}
