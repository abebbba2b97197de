import { UnavailablePage } from '../../features/unavailable/components/UnavailablePage';

export default function Page() {
  return <UnavailablePage title="Chat" description="Messaging between friends is coming soon." />;
}
