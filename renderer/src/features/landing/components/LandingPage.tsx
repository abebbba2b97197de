import {
  Anchor,
  Badge,
  Box,
  Button,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCards, IconTargetArrow, IconTrophy } from '@tabler/icons-react';
import { APP_BUILD, APP_VERSION, RELEASE_DATE, RELEASE_LABEL, TARGET_SCORE } from '@shared/constants';
import type { Card } from '@shared/game';
import { CardView } from '../../../components/CardView';
import { HowToPlayCard } from '../../../components/HowToPlayCard';
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

function HeroFan() {
  return (
    <div className={classes.fan} aria-label="A hand of Spar cards">
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

export function LandingPage() {
  return (
    <Container size="lg" py="lg" px="md">
      <Group justify="space-between" mb="lg">
        <Title order={1} size="h2" c="spar.5" className={classes.wordmark}>
          Spar
        </Title>
        <Badge variant="outline" color="accent" size="lg" radius="sm">
          {RELEASE_LABEL} · v{APP_VERSION}
        </Badge>
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
              <Button component="a" href="#how-to-play" size="md" color="spar" c="dark.9">
                Learn the rules
              </Button>
            </Group>
          </Stack>
          <HeroFan />
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

      <HowToPlayCard />

      <Text ta="center" size="xs" c="dark.2" mt="xl">
        Spar {APP_VERSION} (build {APP_BUILD}) · {RELEASE_LABEL} · {RELEASE_DATE} ·{' '}
        <Anchor href="/api/health" size="xs" c="dark.1">
          status
        </Anchor>
      </Text>
    </Container>
  );
}
