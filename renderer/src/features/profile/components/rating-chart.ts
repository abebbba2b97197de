import type { RatingPoint } from '@shared/protocol';

export interface ChartBox {
  width: number;
  height: number;
  /** Room kept on each side of the plot for the axis labels and the points' circles. */
  padX: number;
  padY: number;
}

export interface ChartVertex {
  x: number;
  y: number;
  rating: number;
  /** Index into the points; null for the rating the first listed game started from. */
  point: number | null;
}

export interface ChartGeometry {
  vertices: ChartVertex[];
  /** The line through the vertices, as an SVG path. */
  path: string;
  /** The lowest and highest rating the axis shows (a little wider than the data, never flat). */
  min: number;
  max: number;
  yOf(rating: number): number;
}

/** Keeps a flat history (or a single game) from filling the whole height with a tiny change. */
const MIN_SPAN = 40;

/**
 * Where each rating goes on the chart: the rating before the first listed game, then the rating
 * after each game, spread evenly left to right (games, not days: a busy evening and a quiet month
 * read the same), scaled between the lowest and highest rating with some headroom.
 */
export function chartGeometry(points: RatingPoint[], box: ChartBox): ChartGeometry {
  const ratings = points.length === 0 ? [] : [points[0]!.ratingBefore, ...points.map((p) => p.rating)];
  const low = Math.min(...ratings);
  const high = Math.max(...ratings);
  const span = Math.max(high - low, MIN_SPAN);
  const mid = (low + high) / 2;
  const min = Math.floor((mid - span * 0.6) / 10) * 10;
  const max = Math.ceil((mid + span * 0.6) / 10) * 10;
  const plotW = box.width - box.padX * 2;
  const plotH = box.height - box.padY * 2;
  const yOf = (rating: number) => box.padY + ((max - rating) / (max - min)) * plotH;
  const step = ratings.length > 1 ? plotW / (ratings.length - 1) : 0;
  const vertices = ratings.map((rating, i) => ({
    x: box.padX + i * step,
    y: yOf(rating),
    rating,
    point: i === 0 ? null : i - 1,
  }));
  const path = vertices.map((v, i) => `${i === 0 ? 'M' : 'L'}${v.x.toFixed(1)} ${v.y.toFixed(1)}`).join(' ');
  return { vertices, path, min, max, yOf };
}
