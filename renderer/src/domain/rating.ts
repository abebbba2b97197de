/**
 * Ratings are shown as whole numbers everywhere: the rating itself, and a change with its sign
 * (a true minus sign, so "−162" lines up with "+162"). See docs/design.md, "Renderer".
 */
export function formatRating(rating: number): string {
  return String(Math.round(rating));
}

export function formatRatingChange(delta: number): string {
  const whole = Math.round(delta);
  if (whole === 0) return '±0';
  return whole > 0 ? `+${whole}` : `\u2212${-whole}`;
}
