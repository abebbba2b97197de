import { UnavailablePage } from '../../features/unavailable/components/UnavailablePage';

export default function Page() {
  return (
    <UnavailablePage
      title="Game Room"
      description="The game table is on its way. Your match is saved on the server and will be here to play."
    />
  );
}
