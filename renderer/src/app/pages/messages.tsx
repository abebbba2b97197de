import { UnavailablePage } from '../../features/unavailable/components/UnavailablePage';

export default function Page() {
  return (
    <UnavailablePage
      title="Friends"
      description="Friends, friend requests and messages open with the social update."
    />
  );
}
