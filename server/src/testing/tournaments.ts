import { expect } from 'vitest';
import { tournamentDetailSchema, type CreateTournamentBody } from '@shared/protocol';
import { hashToken, newToken } from '../modules/auth/crypto';
import { insertSession, insertUser } from '../modules/auth/repo';
import { moveMoney } from '../modules/currency/ledger';
import { TournamentRunner, type TournamentRunnerDeps } from '../modules/tournaments/runner';
import { bearer, type TestApp } from './harness';

export const HOUR = 3_600_000;

let serial = 0;

/**
 * What the tournament suites share: users with sessions, a staff token, the create form, calls
 * and the balances they check. `app()` returns the test app of the running test.
 */
export function tournamentKit(app: () => TestApp) {
  /** Users with sessions straight into the database (registering thousands through the API hashes a password each). */
  async function users(count: number, coins = 0): Promise<{ id: number; token: string; username: string }[]> {
    const t = app();
    const now = t.clock.now();
    return t.app.db.kysely.transaction().execute(async (trx) => {
      const made = [];
      for (let i = 0; i < count; i++) {
        const username = `tp_${++serial}`;
        const user = await insertUser(trx, {
          username,
          email: null,
          passwordHash: null,
          googleSub: null,
          isVerified: true,
          now,
        });
        const token = newToken();
        await insertSession(trx, {
          userId: user.id,
          tokenHash: hashToken(token),
          now,
          expiresAt: now + 86_400_000,
          userAgent: null,
          ip: null,
        });
        if (coins > 0)
          await moveMoney(trx, {
            userId: user.id,
            currencyType: 'regular',
            delta: coins,
            reason: 'test_grant',
            reference: `grant-${user.id}`,
            description: 'Test grant',
            now,
          });
        made.push({ id: user.id, token, username });
      }
      return made;
    });
  }

  async function staffToken(): Promise<string> {
    const [staff] = await users(1);
    await app().app.accounts.setRole(staff!.username, 'manager');
    return staff!.token;
  }

  const body = (over: Partial<CreateTournamentBody> = {}): CreateTournamentBody => ({
    name: 'Friday Arena',
    description: 'Two-player arena',
    bannerUrl: null,
    startsAt: new Date(app().clock.now() + HOUR).toISOString(),
    durationMinutes: 30,
    seats: 2,
    targetScore: 5,
    entryFee: { currencyType: 'regular', amount: 100 },
    prizes: [
      { place: 1, coins: 1000, gems: 5, shopItemId: null },
      { place: 2, coins: 500, gems: 0, shopItemId: null },
    ],
    ratingMin: null,
    ratingMax: null,
    playerCap: null,
    visibility: 'public',
    ...over,
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object) =>
    app().app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload && { payload }) });

  async function create(staff: string, over: Partial<CreateTournamentBody> = {}): Promise<number> {
    const res = await call('POST', '/api/manager/tournaments', staff, body(over));
    expect(res.statusCode, res.body).toBe(201);
    return tournamentDetailSchema.parse(res.json()).id;
  }

  const coins = async (userId: number) =>
    Number(
      (
        await app()
          .app.db.kysely.selectFrom('users')
          .select('currency')
          .where('id', '=', userId)
          .executeTakeFirstOrThrow()
      ).currency,
    );

  const ledger = (reason: string) =>
    app().app.db.kysely.selectFrom('ledger_entries').selectAll().where('reason', '=', reason).execute();

  const status = async () =>
    (await app().app.db.kysely.selectFrom('tournaments').select('status').executeTakeFirstOrThrow()).status;

  /**
   * A runner of the test app's services, ticked by hand: no timer, every user online, nothing
   * sent unless the test asks; an error in its log fails the test.
   */
  const runner = (over: Partial<TournamentRunnerDeps> & Pick<TournamentRunnerDeps, 'now' | 'nodeId'>) => {
    const t = app();
    return new TournamentRunner({
      db: t.app.db,
      minuteMs: 1000,
      tournaments: t.app.tournaments,
      live: { statusChanged() {}, standingsChanged() {} } as never,
      rooms: t.app.rooms,
      onlineAmong: async (ids) => [...ids],
      send: () => {},
      notify: () => {},
      log: { info() {}, warn() {}, error: (d) => expect.fail(JSON.stringify(d)) },
      ...over,
    });
  };

  return { users, staffToken, body, call, create, coins, ledger, status, runner };
}
