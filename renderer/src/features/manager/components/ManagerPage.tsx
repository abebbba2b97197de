import { Button, Center, Container, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { SignInPrompt } from '../../../components/SignInPrompt';
import { PATHS } from '../../../lib/paths';
import { useSession } from '../../../lib/session/useSession';
import { useSidebar } from '../hooks/useSidebar';
import { AdjustmentsSection } from './AdjustmentsSection';
import { AuditSection } from './AuditSection';
import { DailyRewardsSection } from './DailyRewardsSection';
import { ManagerLayout, SECTIONS, type SectionKey } from './ManagerLayout';
import { ShopItemsSection } from './ShopItemsSection';
import { TournamentsSection } from './TournamentsSection';

/** Whether a role may open the staff area (the server checks it again on every request). */
export const isStaffRole = (role: string | undefined) => role === 'manager' || role === 'admin';

/** What everyone else sees at /manager. */
export function NotAllowed() {
  return (
    <>
      <PageHeader title="Staff Area" />
      <Container size="sm" py="xl">
        <Stack align="center" ta="center" gap="sm" role="alert">
          <ThemeIcon size={56} radius="xl" variant="light" color="red">
            <IconLock size={30} />
          </ThemeIcon>
          <Title order={2} size="h3">
            Not allowed
          </Title>
          <Text c="dark.1">The staff area is only for managers and admins.</Text>
          <Button component={Link} to={PATHS.games} variant="default">
            Back to the games
          </Button>
        </Stack>
      </Container>
    </>
  );
}

function StaffArea() {
  const sidebar = useSidebar();
  const [params, setParams] = useSearchParams();
  const asked = params.get('section');
  const section: SectionKey = SECTIONS.some((s) => s.key === asked) ? (asked as SectionKey) : 'rewards';
  const pick = (key: SectionKey) => setParams({ section: key }, { replace: true });
  return (
    <ManagerLayout sidebar={sidebar} section={section} onSection={pick}>
      {section === 'rewards' && <DailyRewardsSection stacked={sidebar.mobile} />}
      {section === 'shop' && <ShopItemsSection stacked={sidebar.mobile} />}
      {section === 'tournaments' && <TournamentsSection stacked={sidebar.mobile} />}
      {section === 'adjust' && <AdjustmentsSection />}
      {section === 'audit' && <AuditSection stacked={sidebar.mobile} />}
    </ManagerLayout>
  );
}

/** /manager: the staff area for managers and admins; a clear refusal for everyone else. */
export function ManagerPage() {
  const { user, loading } = useSession();
  if (loading)
    return (
      <Center h="60dvh">
        <Loader color="spar" />
      </Center>
    );
  if (!user)
    return (
      <SignInPrompt
        header={<PageHeader title="Staff Area" />}
        reason="Sign in with a staff account to open the staff area."
        returnTo={PATHS.manager}
      />
    );
  if (!isStaffRole(user.role)) return <NotAllowed />;
  return <StaffArea />;
}
