import { UnavailablePage } from '../../features/unavailable/components/UnavailablePage';

export default function Page() {
  return <UnavailablePage title="Friends" description="Friends, requests and messages are coming soon." />;
}
