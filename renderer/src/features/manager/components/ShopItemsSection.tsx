import {
  Badge,
  Button,
  Group,
  Image,
  NavLink,
  Paper,
  NativeSelect,
  Skeleton,
  Stack,
  Switch,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type {
  CreateShopItemBody,
  CurrencyType,
  ManagerShopItem,
  ShopItemKind,
  UpdateShopItemBody,
} from '@shared/protocol';
import { currencyKeys } from '../../../domain/currency';
import { formatAmount, formatMoney } from '../../../components/currency-format';
import { toastFailure } from '../../../lib/http';
import { toast } from '../../../lib/toast';
import { createShopItem, managerKeys, managerShopItemsQueryOptions, updateShopItem } from '../api/manager';
import { CurrencyChoice, FormProblem, WholeNumberInput } from './fields';
import { ImageUploadField } from './ImageUploadField';
import { SplitPane } from './SplitPane';
import { LoadFailure } from '../../../components/QueryStatus';

const KIND_LABELS: Record<ShopItemKind, string> = {
  avatar: 'Avatar',
  deck: 'Deck',
  sound_pack: 'Sound pack',
  coin_pack: 'Coin pack',
  gem_pack: 'Gem pack',
};
const isPack = (kind: ShopItemKind) => kind === 'coin_pack' || kind === 'gem_pack';

/** The price as the shop shows it. */
export function priceText(item: ManagerShopItem): string {
  if (item.moneyPrice !== null && item.moneyCurrency) return formatMoney(item.moneyPrice, item.moneyCurrency);
  if (item.price !== null && item.currencyType)
    return item.price === 0 ? 'Free' : formatAmount(item.price, item.currencyType);
  return '—';
}

interface ItemForm {
  kind: ShopItemKind;
  name: string;
  description: string;
  imageUrl: string;
  price: string;
  currencyType: CurrencyType;
  moneyPrice: string;
  grantAmount: string;
  isActive: boolean;
}

function formOf(item: ManagerShopItem | null): ItemForm {
  return {
    kind: item?.kind ?? 'avatar',
    name: item?.name ?? '',
    description: item?.description ?? '',
    imageUrl: item?.imageUrl ?? '',
    price: String(item?.price ?? 100),
    currencyType: item?.currencyType ?? 'regular',
    moneyPrice: String(item?.moneyPrice ?? 100000),
    grantAmount: String(item?.grantAmount ?? 100),
    isActive: item?.isActive ?? true,
  };
}

const whole = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** The body to send, or the first problem with the form. */
function itemBody(form: ItemForm): CreateShopItemBody | string {
  if (form.name.trim() === '') return 'Name is required';
  if (form.imageUrl.trim() === '') return 'An image is required';
  const common = {
    name: form.name.trim(),
    description: form.description.trim(),
    imageUrl: form.imageUrl.trim(),
    isActive: form.isActive,
  };
  if (form.kind === 'coin_pack' || form.kind === 'gem_pack') {
    const moneyPrice = whole(form.moneyPrice);
    const grantAmount = whole(form.grantAmount);
    if (!Number.isInteger(moneyPrice) || moneyPrice < 1)
      return 'Money price must be a whole number of at least 1';
    if (!Number.isInteger(grantAmount) || grantAmount < 1)
      return 'Grant must be a whole number of at least 1';
    return { kind: form.kind, ...common, moneyPrice, grantAmount };
  }
  const price = whole(form.price);
  if (!Number.isInteger(price) || price < 0) return 'Price must be a whole number of at least 0';
  return { kind: form.kind, ...common, price, currencyType: form.currencyType, assetUrl: null };
}

/** An edit sends what the form shows (the kind never changes; an avatar's asset stays). */
function changesOf(body: CreateShopItemBody): UpdateShopItemBody {
  const common = { name: body.name, description: body.description, imageUrl: body.imageUrl };
  return 'moneyPrice' in body
    ? { ...common, moneyPrice: body.moneyPrice, grantAmount: body.grantAmount }
    : { ...common, price: body.price, currencyType: body.currencyType };
}

function ItemEditor({ item, onSaved }: { item: ManagerShopItem | null; onSaved: (id: number) => void }) {
  const client = useQueryClient();
  const [form, setForm] = useState<ItemForm>(() => formOf(item));
  const [problem, setProblem] = useState<string | null>(null);
  const set = <K extends keyof ItemForm>(key: K, value: ItemForm[K]) =>
    setForm((current) => ({ ...current, [key]: value }));
  /** A number field's value and its setter. */
  const bind = (key: 'price' | 'moneyPrice' | 'grantAmount') => ({
    value: form[key],
    onChange: (value: string) => set(key, value),
  });

  const saved = (answer: ManagerShopItem, title: string) => {
    void client.invalidateQueries({ queryKey: managerKeys.shopItems });
    void client.invalidateQueries({ queryKey: managerKeys.audit });
    void client.invalidateQueries({ queryKey: currencyKeys.shop });
    toast({ title, description: answer.name, variant: 'success' });
    onSaved(answer.id);
  };
  const save = useMutation({
    mutationFn: (body: CreateShopItemBody) => {
      if (!item) return createShopItem(body);
      return updateShopItem(item.id, changesOf(body));
    },
    onSuccess: (answer) => saved(answer, item ? 'Item saved' : 'Item added'),
    onError: (error) => toastFailure('Could not save the item', error),
  });
  const toggle = useMutation({
    mutationFn: () => updateShopItem(item!.id, { isActive: !item!.isActive }),
    onSuccess: (answer) => saved(answer, answer.isActive ? 'Back on sale' : 'Withdrawn from sale'),
    onError: (error) => toastFailure('Could not change the item', error),
  });

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const body = itemBody(form);
    if (typeof body === 'string') return setProblem(body);
    setProblem(null);
    save.mutate(body);
  }

  return (
    <form onSubmit={submit} noValidate aria-label={item ? `Edit ${item.name}` : 'New shop item'}>
      <Stack gap="sm">
        <Title order={3} size="h4">
          {item ? `Edit ${item.name}` : 'New shop item'}
        </Title>
        <NativeSelect
          label="Kind"
          data={Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label }))}
          value={form.kind}
          onChange={(event) => set('kind', event.currentTarget.value as ShopItemKind)}
          disabled={!!item}
        />
        <TextInput
          label="Name"
          required
          maxLength={80}
          value={form.name}
          onChange={(e) => set('name', e.currentTarget.value)}
        />
        <Textarea
          label="Description"
          maxLength={300}
          rows={3}
          value={form.description}
          onChange={(e) => set('description', e.currentTarget.value)}
        />
        <ImageUploadField
          value={form.imageUrl}
          onChange={(url) => set('imageUrl', url)}
          label="Image URL"
          required
        />
        {isPack(form.kind) ? (
          <Group grow align="flex-start">
            <WholeNumberInput label="Money price (minor unit, e.g. kobo)" min={1} {...bind('moneyPrice')} />
            <WholeNumberInput
              label={form.kind === 'gem_pack' ? 'Gems granted' : 'Coins granted'}
              min={1}
              {...bind('grantAmount')}
            />
          </Group>
        ) : (
          <Group grow align="flex-end">
            <WholeNumberInput label="Price" min={0} {...bind('price')} />
            <CurrencyChoice
              aria-label="Price currency"
              value={form.currencyType}
              onChange={(value) => set('currencyType', value)}
            />
          </Group>
        )}
        {!item && (
          <Switch
            label="On sale"
            checked={form.isActive}
            onChange={(e) => set('isActive', e.currentTarget.checked)}
          />
        )}
        <FormProblem problem={problem} />
        <Group justify="space-between" mt="xs">
          {item ? (
            <Button
              variant="subtle"
              color={item.isActive ? 'red' : 'teal'}
              loading={toggle.isPending}
              onClick={() => toggle.mutate()}
            >
              {item.isActive ? 'Withdraw from sale' : 'Put back on sale'}
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" color="spar" c="dark.9" loading={save.isPending}>
            {item ? 'Save item' : 'Add item'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Shop items in a list | editor split: create, edit prices, withdraw from sale. */
export function ShopItemsSection({ stacked }: { stacked: boolean }) {
  const items = useQuery(managerShopItemsQueryOptions);
  const [selected, setSelected] = useState<number | 'new'>('new');
  const item = selected === 'new' ? null : (items.data?.find((i) => i.id === selected) ?? null);

  const list = (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h3">
          Shop items
        </Title>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={() => setSelected('new')}
        >
          New item
        </Button>
      </Group>
      {items.isError ? (
        <LoadFailure error={items.error} fallback="Could not load the shop items" />
      ) : !items.data ? (
        <Skeleton h={240} />
      ) : (
        <Stack gap={2} role="list" aria-label="Shop items">
          {items.data.map((i) => (
            <div key={i.id} role="listitem">
              <NavLink
                component="button"
                active={i.id === selected}
                onClick={() => setSelected(i.id)}
                leftSection={<Image src={i.imageUrl} alt="" w={28} h={28} fit="contain" />}
                label={i.name}
                description={`${KIND_LABELS[i.kind]} · ${priceText(i)}`}
                rightSection={
                  !i.isActive && (
                    <Badge size="xs" color="gray" variant="light">
                      Withdrawn
                    </Badge>
                  )
                }
              />
            </div>
          ))}
        </Stack>
      )}
    </Stack>
  );
  const editor = (
    <Paper withBorder p="md" radius="md">
      <ItemEditor key={item?.id ?? 'new'} item={item} onSaved={setSelected} />
    </Paper>
  );
  return (
    <SplitPane
      storageKey="manager-shop-split"
      stacked={stacked}
      focusKey={selected}
      list={list}
      editor={editor}
      label="Shop items"
    />
  );
}
