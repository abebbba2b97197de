import { UnavailablePage } from '../../features/unavailable/components/UnavailablePage';

export default function Page() {
  return (
    <UnavailablePage
      title="Shop"
      description="Spend coins and gems on card decks, avatars and more. The shop opens with the economy update."
    />
  );
}
