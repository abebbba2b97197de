import { UnavailablePage } from '../../features/unavailable/components/UnavailablePage';

export default function Page() {
  return (
    <UnavailablePage
      title="My Games"
      description="Your games, practice against bots and the queues will live here. Until then, Play now on the home page finds you an opponent."
    />
  );
}
