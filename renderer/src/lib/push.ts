import { platform, type Platform, type PushDevice } from '../platform';
import { ROUTES } from '@shared/protocol/routes.generated';
import { call } from './http';
import { PUSH_REGISTRATION_RETRIES, PUSH_RETRY_BASE_MS, PUSH_RETRY_JITTER_MS } from './timings';

/**
 * This device's push token, registered with the server after sign-in and switched off at sign-out
 * (`ROUTES.devices.register`, `ROUTES.devices.deactivate`). Only platforms with push
 * (the mobile app) have a token; elsewhere both calls do nothing. See docs/mobile.md, "Push".
 */

/** Delay before retry `attempt` (0-based): 1, 2, 4, 8, 16 s, each plus up to 1 s of jitter. */
export function pushRetryDelay(attempt: number, random: () => number = Math.random): number {
  return PUSH_RETRY_BASE_MS * 2 ** attempt + Math.floor(random() * PUSH_RETRY_JITTER_MS);
}

export interface PushDeps {
  platform: Pick<Platform, 'pushDevice' | 'onPushTokenChange'>;
  register: (device: PushDevice) => Promise<unknown>;
  deactivate: (token: string) => Promise<unknown>;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
}

const defaults: PushDeps = {
  platform,
  register: (device) => call(ROUTES.devices.register, { body: device }),
  deactivate: (token) => call(ROUTES.devices.deactivate, { body: { token } }),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  random: Math.random,
};

/** The token this session registered, to switch off at sign-out. */
let registered: string | null = null;
/** One registration at a time: a second sign-in effect waits for the first. */
let running: Promise<boolean> | null = null;

async function attemptRegistration(deps: PushDeps): Promise<boolean> {
  for (let attempt = 0; ; attempt++) {
    try {
      const device: PushDevice | null = await deps.platform.pushDevice();
      if (!device) return false;
      await deps.register(device);
      registered = device.token;
      return true;
    } catch {
      if (attempt >= PUSH_REGISTRATION_RETRIES) return false;
      await deps.sleep(pushRetryDelay(attempt, deps.random));
    }
  }
}

/**
 * Registers this device for push, retrying a failure (the OS's or the server's) up to 5 times.
 * Resolves true once registered, false where there is no push or every attempt failed.
 */
export function registerPushDevice(deps: PushDeps = defaults): Promise<boolean> {
  running ??= attemptRegistration(deps).finally(() => {
    running = null;
  });
  return running;
}

/**
 * While signed in: when the push service replaces this device's token (FCM rotates them), the new
 * one is registered, so notifications keep arriving without a new sign-in. Only once this session
 * has registered a token (a player who refused push is not registered behind their back). Returns
 * an unsubscribe.
 */
export function followPushToken(deps: PushDeps = defaults): () => void {
  return deps.platform.onPushTokenChange((device) => {
    if (registered === null || registered === device.token) return;
    registered = device.token;
    void (async () => {
      for (let attempt = 0; ; attempt++) {
        try {
          await deps.register(device);
          return;
        } catch {
          if (attempt >= PUSH_REGISTRATION_RETRIES) return;
          await deps.sleep(pushRetryDelay(attempt, deps.random));
        }
      }
    })();
  });
}

/** Switches this device's token off before the session ends; a failure does not stop sign-out. */
export async function deactivatePushDevice(deps: Pick<PushDeps, 'deactivate'> = defaults): Promise<void> {
  const token = registered;
  registered = null;
  if (!token) return;
  try {
    await deps.deactivate(token);
  } catch {
    // The server drops tokens the push service reports gone; sign-out goes on regardless.
  }
}
