import { Container, SegmentedControl, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { NoticeCard } from '../../../components/SectionCard';
import { PageHeader } from '../../../components/PageHeader';
import { SignInPrompt } from '../../../components/SignInPrompt';
import { PATHS } from '../../../lib/paths';
import { useSession } from '../../../lib/session/useSession';
import { tournamentListQueryOptions, type TournamentList } from '../api/tournaments';
import { TournamentCard } from './TournamentCard';
import { LoadFailure } from '../../../components/QueryStatus';

const TABS: { value: TournamentList; label: string; empty: string }[] = [
  {
    value: 'upcoming',
    label: 'Upcoming',
    empty: 'No tournament is scheduled right now. New ones are announced here.',
  },
  { value: 'live', label: 'Live', empty: 'No tournament is being played right now.' },
  { value: 'finished', label: 'Finished', empty: 'No tournament has been played yet.' },
];

/**
 * /tournaments: the arena tournaments to join, being played, and over, one tab each (the address
 * keeps the tab: `?tab=live`). See docs/design.md, "Arena tournaments".
 */
export function TournamentsPage() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = TABS.find((t) => t.value === asked) ?? TABS[0]!;
  const list = useQuery({ ...tournamentListQueryOptions(tab.value), enabled: !!user });

  if (!user)
    return (
      <SignInPrompt
        header={<PageHeader title="Arena Tournaments" backTo={PATHS.games} />}
        reason="Sign in to join arena tournaments."
        returnTo={PATHS.tournaments}
      />
    );

  return (
    <>
      <PageHeader title="Arena Tournaments" backTo={PATHS.games} />
      <Container size="md" pb="xl">
        <Stack gap="md">
          <Text size="sm" c="dark.1">
            Play as many games as you can before the clock runs out: 2 points a win, and after two wins in a
            row every win counts double.
          </Text>
          <SegmentedControl
            aria-label="Tournaments"
            fullWidth
            data={TABS.map(({ value, label }) => ({ value, label }))}
            value={tab.value}
            onChange={(value) => setParams({ tab: value }, { replace: true })}
          />
          {list.isError ? (
            <LoadFailure error={list.error} fallback="Could not load the tournaments" />
          ) : !list.data ? (
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} h={240} radius="lg" />
              ))}
            </SimpleGrid>
          ) : list.data.length === 0 ? (
            <NoticeCard title="Nothing here yet" text={tab.empty} />
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
              {list.data.map((t) => (
                <TournamentCard key={t.id} tournament={t} />
              ))}
            </SimpleGrid>
          )}
        </Stack>
      </Container>
    </>
  );
}
