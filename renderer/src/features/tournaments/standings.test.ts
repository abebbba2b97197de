import { describe, expect, it } from 'vitest';
import type { Standing, TournamentDetail } from '@shared/protocol';
import { applyStandings, podiumOrder, streakLabel, type StandingsMessage } from './standings';

const standing = (place: number, username: string, over: Partial<Standing> = {}): Standing => ({
  place,
  userId: place * 10,
  username,
  avatarUrl: null,
  rating: 1500,
  score: 0,
  games: 0,
  wins: 0,
  streak: 0,
  paused: false,
  prize: null,
  ...over,
});

const detail = { id: 4, status: 'scheduled', standings: [standing(1, 'ama')] } as TournamentDetail;

describe('live standings', () => {
  it("takes a message's standings and status into its own tournament's page only", () => {
    const message: StandingsMessage = {
      type: 'TOURNAMENT_STANDINGS',
      tournamentId: 4,
      status: 'running',
      standings: [standing(1, 'kofi', { score: 2 }), standing(2, 'ama')],
    };
    const next = applyStandings(detail, message)!;
    expect(next.status).toBe('running');
    expect(next.standings.map((s) => s.username)).toEqual(['kofi', 'ama']);
    expect(detail.standings).toHaveLength(1); // not changed in place
    expect(applyStandings(detail, { ...message, tournamentId: 5 })).toBe(detail);
    expect(applyStandings(undefined, message)).toBeUndefined();
  });

  it('tells the streak from two wins in a row, when the next win counts double', () => {
    expect(streakLabel({ streak: 1 })).toBeNull();
    expect(streakLabel({ streak: 2 })).toBe('2 in a row: next win ×2');
  });

  it('lays out the podium 2nd, 1st, 3rd, with fewer than three entrants too', () => {
    const lines = [standing(3, 'c'), standing(1, 'a'), standing(2, 'b'), standing(4, 'd')];
    expect(podiumOrder(lines).map((s) => s.username)).toEqual(['b', 'a', 'c']);
    expect(podiumOrder([standing(1, 'a')]).map((s) => s.username)).toEqual(['a']);
    expect(podiumOrder([standing(2, 'b'), standing(1, 'a')]).map((s) => s.username)).toEqual(['b', 'a']);
  });
});
