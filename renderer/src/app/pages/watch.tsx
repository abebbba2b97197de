import { UnavailablePage } from '../../features/unavailable/components/UnavailablePage';

export default function Page() {
  return (
    <UnavailablePage
      title="Watch"
      description="Watch live ranked and quick games as they are played. The watch area opens with the next update."
    />
  );
}
