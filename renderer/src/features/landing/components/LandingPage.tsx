import {
  Anchor,
  Badge,
  Box,
  Button,
  Center,
  Container,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  useMatches,
} from '@mantine/core';
import {
  IconBolt,
  IconCards,
  IconPlayerPlayFilled,
  IconRobot,
  IconTargetArrow,
  IconTrophy,
} from '@tabler/icons-react';
import { useIntersection } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy, useLayoutEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { endPrerender, prerenderShown } from '../../../lib/first-paint';
import { useNetworkOnline } from '../../../lib/network';
import { PATHS } from '../../../lib/paths';
import { useQueueActions } from '../../../domain/queue';
import { useSession } from '../../../lib/session/useSession';
import { APP_BUILD, APP_VERSION, RELEASE_DATE, RELEASE_LABEL, TARGET_SCORE } from '@shared/constants';
import type { Card } from '@shared/game';
import { CardView } from '../../../components/CardView';
import { KeepProgressInvite } from '../../../components/KeepProgressInvite';
import { PlayerAvatar } from '../../../components/PlayerAvatar';
import { myAvatarQueryOptions } from '../api/my-avatar';
import classes from './LandingPage.module.css';

/** A winning Spar hand: the King takes the fourth trick, the 6 is led last for three points. */
const HERO_HAND: Card[] = ['9_clubs', 'J_diamonds', 'K_spades', '7_hearts', '6_hearts'];

const FACTS = [
  {
    icon: IconCards,
    title: 'Five cards, dealt 3-2',
    text: 'A 32-card deck from 6 to King. Follow suit if you can; the highest card of the led suit takes the trick.',
  },
  {
    icon: IconTargetArrow,
    title: 'Only the last trick counts',
    text: 'Four tricks to fight for the lead, then one to score: a 6 is worth 3, a led 7 is worth 2.',
  },
  {
    icon: IconTrophy,
    title: `First to ${TARGET_SCORE} wins`,
    text: 'Each hand is over in a minute. Whoever wins the hand deals the next, and the race goes on.',
  },
];

// The rules (tabs, a table, their examples) lie below the first screen: they load as they come near
// it, or when "Learn the rules" scrolls there (docs/design.md, "Renderer: the first-visit budget").
const HowToPlayCard = lazy(() =>
  import('../../../components/HowToPlayCard').then((m) => ({ default: m.HowToPlayCard })),
);

/**
 * The rules' height and anchor, kept before their chunk is asked for (so "Learn the rules" has
 * somewhere to scroll and the page does not jump), and with a spinner while it downloads.
 */
const RULES_HEIGHT = 520;
const rulesSpace = <Box id="how-to-play" mih={RULES_HEIGHT} />;
const rulesLoading = (
  <Center id="how-to-play" mih={RULES_HEIGHT}>
    <Loader color="spar" size="sm" aria-label="Loading the rules" />
  </Center>
);

function HowToPlaySection() {
  const { ref, entry } = useIntersection({ rootMargin: '300px' });
  const [near, setNear] = useState(false);
  if (!near && entry?.isIntersecting) setNear(true);
  return (
    <div ref={ref}>
      {near ? (
        <Suspense fallback={rulesLoading}>
          <HowToPlayCard />
        </Suspense>
      ) : (
        rulesSpace
      )}
    </div>
  );
}

/** `dealt`: the cards are already on the table (the prerender dealt them), so they are not dealt again. */
function HeroFan({ dealt }: { dealt: boolean }) {
  return (
    <div className={classes.fan} data-dealt={dealt || undefined} aria-label="A hand of Spar cards">
      {HERO_HAND.map((card, i) => (
        <div
          key={card}
          className={classes.fanCard}
          style={{ '--angle': `${(i - 2) * 9}deg`, '--delay': `${150 + i * 110}ms` } as React.CSSProperties}
        >
          <CardView card={card} width={100} interactive />
        </div>
      ))}
    </div>
  );
}

/**
 * Signed in: the three ways to play, each named, and the games hub. Ranked and Quick join their
 * queue (the match dialog takes over); Practice leads to the hub, where the bot's level is chosen.
 * Signed out: Play now, a practice game against a bot on this device at once, no account needed
 * (docs/design.md, "Play before signing up").
 */
function PlayChoices() {
  const { user } = useSession();
  const { join, leave, queue } = useQueueActions();
  const navigate = useNavigate();
  // On a phone the three buttons share one row: words only, no icons.
  const roomy = useMatches({ base: false, xs: true });
  // Queues are joined over the socket; offline only Practice (on the device) can start.
  const online = useNetworkOnline();
  if (!user) {
    return (
      <Button
        size="md"
        color="spar"
        c="dark.9"
        leftSection={<IconPlayerPlayFilled size={18} />}
        onClick={() => navigate(PATHS.firstPractice)}
      >
        Play now
      </Button>
    );
  }
  if (queue.inQueue) {
    return (
      <Group gap="sm">
        <Button
          size="md"
          color="accent"
          variant="light"
          leftSection={<Loader size={16} color="accent" />}
          style={{ cursor: 'default' }}
        >
          Searching for a {queue.queue === 'ranked' ? 'ranked' : 'quick'} opponent…
        </Button>
        <Button size="md" variant="subtle" color="gray" onClick={leave}>
          Cancel
        </Button>
      </Group>
    );
  }
  return (
    <Stack gap="xs" w="100%" maw={440}>
      {/* A third of a 360 px phone: without room for icons, a smaller label keeps "Practice" whole
          in the device's own font, whatever its width. */}
      <SimpleGrid cols={3} spacing="xs">
        <Button
          size="md"
          color="spar"
          c="dark.9"
          px={roomy ? 'xs' : 6}
          fz={roomy ? undefined : 'sm'}
          leftSection={roomy ? <IconTrophy size={18} /> : undefined}
          disabled={!online}
          onClick={() => join('ranked')}
        >
          Ranked
        </Button>
        <Button
          size="md"
          color="accent"
          px={roomy ? 'xs' : 6}
          fz={roomy ? undefined : 'sm'}
          leftSection={roomy ? <IconBolt size={18} /> : undefined}
          disabled={!online}
          onClick={() => join('quick')}
        >
          Quick
        </Button>
        <Button
          component={Link}
          to={PATHS.games}
          size="md"
          variant="default"
          px={roomy ? 'xs' : 6}
          fz={roomy ? undefined : 'sm'}
          leftSection={roomy ? <IconRobot size={18} /> : undefined}
        >
          Practice
        </Button>
      </SimpleGrid>
      <Anchor component={Link} to={PATHS.games} size="sm" c="accent.3">
        All games, your record and the leaderboard →
      </Anchor>
    </Stack>
  );
}

/** Signed out, under Play now: no account is needed to start, and one keeps what is played. */
function GuestInvite() {
  const { user, loading } = useSession();
  return user || loading ? null : <KeepProgressInvite compact />;
}

/** The height of the corner's button, kept while the session is checked so the row does not move. */
const CORNER_HEIGHT = 36;

function AccountCorner() {
  const { user, loading } = useSession();
  const avatar = useQuery({ ...myAvatarQueryOptions(user?.id ?? 0), enabled: user !== null });
  // Neither "Sign in" nor a name until the session is known: either could be wrong.
  if (loading) return <Box h={CORNER_HEIGHT} />;
  if (!user) {
    return (
      <Button component={Link} to={PATHS.auth} variant="outline" color="spar">
        Sign in
      </Button>
    );
  }
  return (
    <Button
      component={Link}
      to={PATHS.profile}
      variant="subtle"
      color="gray"
      leftSection={
        // Decorative: the name follows it.
        <PlayerAvatar username={user.username} avatarUrl={avatar.data} alt="" size={26} color="spar" />
      }
    >
      {user.username}
    </Button>
  );
}

/**
 * Takes over from the landing page prerendered into index.html (lib/first-paint), in the frame
 * this page is first drawn with the session known, so the two never differ on screen. Returns
 * whether it was shown.
 */
function useTakeOverPrerender(): boolean {
  const [shown] = useState(prerenderShown);
  const { loading } = useSession();
  useLayoutEffect(() => {
    if (!loading) endPrerender();
  }, [loading]);
  return shown;
}

export function LandingPage() {
  const tookOver = useTakeOverPrerender();
  return (
    <Container size="lg" py="lg" px="md">
      <Group justify="space-between" mb="lg" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <Title order={1} size="h2" c="spar.5" className={classes.wordmark}>
            Spar
          </Title>
          <Badge variant="outline" color="accent" size="md" radius="sm" visibleFrom="xs">
            {RELEASE_LABEL} · v{APP_VERSION}
          </Badge>
        </Group>
        <AccountCorner />
      </Group>

      <Box className={classes.hero}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" style={{ position: 'relative', zIndex: 1 }}>
          <Stack gap="md" justify="center">
            <Title order={2} size="clamp(2rem, 5vw, 3.2rem)" lh={1.1}>
              <Text span inherit c="spar.4">
                Spar,
              </Text>{' '}
              <Text span inherit c="accent.2">
                the West African card game, online.
              </Text>
            </Title>
            <Text size="lg" c="dark.0">
              Spar is a fast trick-taking game for two to four players, loved across Ghana and Nigeria. Play
              five tricks, keep your best card for the end, and win the last trick to score.
            </Text>
            <Group>
              <PlayChoices />
              <Button component="a" href="#how-to-play" size="md" variant="default">
                Learn the rules
              </Button>
            </Group>
            <GuestInvite />
          </Stack>
          <HeroFan dealt={tookOver} />
        </SimpleGrid>
      </Box>

      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" my="xl">
        {FACTS.map(({ icon: Icon, title, text }) => (
          <Stack
            key={title}
            gap={6}
            p="md"
            bg="dark.7"
            style={{
              borderRadius: 'var(--mantine-radius-lg)',
              border: '1px solid var(--mantine-color-dark-5)',
            }}
          >
            <ThemeIcon color="accent" variant="light" size="lg" radius="md">
              <Icon size={20} />
            </ThemeIcon>
            <Text fw={700}>{title}</Text>
            <Text size="sm" c="dark.1">
              {text}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>

      <HowToPlaySection />

      <Text ta="center" size="xs" c="dark.2" mt="xl">
        Spar {APP_VERSION} (build {APP_BUILD}) · {RELEASE_LABEL} · {RELEASE_DATE} ·{' '}
        <Anchor component={Link} to={PATHS.privacyPolicy} size="xs" c="dark.1">
          Privacy
        </Anchor>{' '}
        ·{' '}
        <Anchor component={Link} to={PATHS.termsOfService} size="xs" c="dark.1">
          Terms
        </Anchor>
      </Text>
    </Container>
  );
}
