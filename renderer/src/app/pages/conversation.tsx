import { UnavailablePage } from '../../features/unavailable/components/UnavailablePage';

export default function Page() {
  return <UnavailablePage title="Chat" description="Messages between friends open with the social update." />;
}
