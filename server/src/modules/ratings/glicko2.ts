/**
 * Glicko-2 (Glickman, "Example of the Glicko-2 system", 2012). Each ranked game is one rating
 * period for both players.
 */
export interface Rating {
  rating: number;
  rd: number;
  volatility: number;
}

export const INITIAL_RATING: Rating = { rating: 1500, rd: 350, volatility: 0.06 };

const SCALE = 173.7178;
/** Constrains volatility change; Glickman suggests 0.3–1.2. */
const TAU = 0.5;
const EPSILON = 0.000001;

export interface Result {
  opponent: Rating;
  /** 1 win, 0.5 draw, 0 loss. */
  score: number;
}

const g = (phi: number) => 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));

export function updateRating(player: Rating, results: Result[]): Rating {
  const mu = (player.rating - 1500) / SCALE;
  const phi = player.rd / SCALE;
  const sigma = player.volatility;
  if (results.length === 0) {
    const grown = Math.min(Math.sqrt(phi * phi + sigma * sigma) * SCALE, INITIAL_RATING.rd);
    return { ...player, rd: grown };
  }

  let vInverse = 0;
  let deltaSum = 0;
  for (const { opponent, score } of results) {
    const muJ = (opponent.rating - 1500) / SCALE;
    const gJ = g(opponent.rd / SCALE);
    const expected = 1 / (1 + Math.exp(-gJ * (mu - muJ)));
    vInverse += gJ * gJ * expected * (1 - expected);
    deltaSum += gJ * (score - expected);
  }
  const v = 1 / vInverse;
  const delta = v * deltaSum;

  // New volatility by the Illinois algorithm (step 5 of the paper).
  const a = Math.log(sigma * sigma);
  const f = (x: number) => {
    const ex = Math.exp(x);
    const d = phi * phi + v + ex;
    return (ex * (delta * delta - phi * phi - v - ex)) / (2 * d * d) - (x - a) / (TAU * TAU);
  };
  let A = a;
  let B: number;
  if (delta * delta > phi * phi + v) {
    B = Math.log(delta * delta - phi * phi - v);
  } else {
    let k = 1;
    while (f(a - k * TAU) < 0) k++;
    B = a - k * TAU;
  }
  let fA = f(A);
  let fB = f(B);
  while (Math.abs(B - A) > EPSILON) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else {
      fA /= 2;
    }
    B = C;
    fB = fC;
  }
  const newSigma = Math.exp(A / 2);

  const phiStar = Math.sqrt(phi * phi + newSigma * newSigma);
  const newPhi = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const newMu = mu + newPhi * newPhi * deltaSum;
  return { rating: newMu * SCALE + 1500, rd: newPhi * SCALE, volatility: newSigma };
}
