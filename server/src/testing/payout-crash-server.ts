/**
 * A real server process for the tournament payout crash test (modules/tournaments/
 * payout-crash.test.ts), configured by the environment like the production server. Its own
 * tournament runner ticks every second as in production; when it pays place HOLD_PAYOUT_PLACE it
 * holds that place's transaction open after its writes and before its commit, for ever, and prints
 * `{"held": place}`: the test then kills the process with SIGKILL in the middle of the payout.
 * It prints `{"ready": true}` once it listens.
 */
import { buildApp } from '../app';
import { loadConfig } from '../config';

function report(event: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify(event)}\n`);
}

async function main(): Promise<void> {
  const hold = Number(process.env.HOLD_PAYOUT_PLACE);
  const app = await buildApp(loadConfig(), {
    logger: false,
    sweepIntervalMs: 0,
    tournamentPayoutHooks: {
      beforeCommit(place) {
        if (place !== hold) return Promise.resolve();
        report({ held: place });
        return new Promise<void>(() => {});
      },
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  report({ ready: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
