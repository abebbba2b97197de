import { Anchor, Badge, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { RatingPoint } from '@shared/protocol';
import { PATHS } from '../../../lib/paths';
import { formatRatingChange } from '../../../domain/rating';
import { ratingHistoryQueryOptions } from '../api/rating-history';
import { chartGeometry } from './rating-chart';
import { LoadFailure } from '../../../components/QueryStatus';

const BOX = { width: 600, height: 180, padX: 14, padY: 14 };

const dayOf = (at: number) =>
  new Date(at).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

const against = (p: RatingPoint) => p.opponents.map((o) => o.username).join(', ') || 'an opponent';

/** What the chart's point says, for its tooltip-like detail and for screen readers. */
export function pointLabel(p: RatingPoint): string {
  return `${p.result === 'win' ? 'Won' : 'Lost'} against ${against(p)} on ${dayOf(p.finishedAt)}: rating ${p.rating} (${formatRatingChange(p.change)})`;
}

/** The game behind the chosen point: when, against whom, the result, the change and its replay. */
function PointDetail({ point }: { point: RatingPoint }) {
  const won = point.result === 'win';
  return (
    <Group justify="space-between" wrap="wrap" gap="xs" data-testid="rating-point-detail">
      <Group gap="xs" wrap="nowrap" miw={0}>
        <Badge color={won ? 'teal' : 'red'} variant="light" w={52} style={{ flexShrink: 0 }}>
          {won ? 'win' : 'loss'}
        </Badge>
        <Stack gap={0} miw={0}>
          <Text size="sm" truncate>
            vs {against(point)}
          </Text>
          <Text size="xs" c="dark.2">
            {dayOf(point.finishedAt)}
          </Text>
        </Stack>
      </Group>
      <Group gap="sm" wrap="nowrap">
        <Text size="sm" fw={700} c={point.change >= 0 ? 'teal.4' : 'red.4'}>
          {point.rating} ({formatRatingChange(point.change)})
        </Text>
        <Anchor component={Link} to={PATHS.replay(point.gameId)} size="sm" c="accent.3">
          Replay
        </Anchor>
      </Group>
    </Group>
  );
}

/** The line and its points, drawn by our own SVG (no charting library: docs/design.md, "Rating history"). */
function Chart({
  points,
  chosen,
  onChoose,
}: {
  points: RatingPoint[];
  chosen: number;
  onChoose(index: number): void;
}) {
  const g = chartGeometry(points, BOX);
  return (
    <svg
      viewBox={`0 0 ${BOX.width} ${BOX.height}`}
      width="100%"
      role="group"
      aria-label="Rating after each ranked game"
      style={{ display: 'block', overflow: 'visible' }}
    >
      {[g.max, g.min].map((rating) => (
        <g key={rating}>
          <line
            x1={BOX.padX}
            x2={BOX.width - BOX.padX}
            y1={g.yOf(rating)}
            y2={g.yOf(rating)}
            stroke="var(--mantine-color-dark-5)"
            strokeDasharray="4 4"
          />
          <text x={BOX.padX} y={g.yOf(rating) - 4} fill="var(--mantine-color-dark-2)" fontSize={12}>
            {rating}
          </text>
        </g>
      ))}
      <path d={g.path} fill="none" stroke="var(--mantine-color-spar-5)" strokeWidth={2.5} />
      {g.vertices.map((v) => {
        if (v.point === null) return null;
        const p = points[v.point]!;
        const selected = v.point === chosen;
        const index = v.point;
        return (
          <g
            key={p.gameId}
            role="button"
            tabIndex={0}
            aria-label={pointLabel(p)}
            aria-pressed={selected}
            style={{ cursor: 'pointer', outline: 'none' }}
            onClick={() => onChoose(index)}
            onMouseEnter={() => onChoose(index)}
            onFocus={() => onChoose(index)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ' ') onChoose(index);
            }}
          >
            {/* A finger-sized target around each small dot. */}
            <circle cx={v.x} cy={v.y} r={14} fill="transparent" />
            <circle
              cx={v.x}
              cy={v.y}
              r={selected ? 7 : 4.5}
              fill={p.result === 'win' ? 'var(--mantine-color-teal-4)' : 'var(--mantine-color-red-4)'}
              stroke={selected ? 'var(--mantine-color-white)' : 'var(--mantine-color-dark-7)'}
              strokeWidth={2}
            />
          </g>
        );
      })}
    </svg>
  );
}

/**
 * The profile's rating over the player's last ranked games: a line with a point per game; tapping,
 * hovering or focusing a point shows that game (date, opponents, result, rating change, replay).
 * See docs/design.md, "Rating history".
 */
export function RatingHistoryChart({ userId }: { userId: number }) {
  const history = useQuery(ratingHistoryQueryOptions(userId));
  const [chosen, setChosen] = useState<number | null>(null);
  const points = history.data?.points ?? [];
  const shown = chosen ?? points.length - 1;
  return (
    <Card withBorder radius="lg" bg="dark.7" padding="lg">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={2} size="h4">
          Rating history
        </Title>
        {history.data && points.length > 0 && (
          <Text size="xs" c="dark.2">
            {history.data.totalGames > points.length
              ? `Last ${points.length} of ${history.data.totalGames} ranked games`
              : `${points.length} ranked ${points.length === 1 ? 'game' : 'games'}`}
          </Text>
        )}
      </Group>
      {history.isError ? (
        <LoadFailure error={history.error} fallback="Could not load the rating history" size="sm" />
      ) : !history.data ? (
        <Skeleton h={140} />
      ) : points.length === 0 ? (
        <Text size="sm" c="dark.1">
          No ranked games yet. The rating moves with each ranked game, and its history shows here.
        </Text>
      ) : (
        <Stack gap="sm">
          <Chart points={points} chosen={shown} onChoose={setChosen} />
          <Group justify="space-between">
            <Text size="xs" c="dark.2">
              {dayOf(points[0]!.finishedAt)}
            </Text>
            <Text size="xs" c="dark.2">
              {dayOf(points[points.length - 1]!.finishedAt)}
            </Text>
          </Group>
          <PointDetail point={points[shown]!} />
        </Stack>
      )}
    </Card>
  );
}
