/**
 * Every REST endpoint under /api, by area. The server registers each one (a test checks that it
 * registers exactly these), the renderer calls them through their plain-data copies in `ROUTES`
 * (routes.generated.ts, `npm run contracts:routes`), and docs/api.md lists exactly their
 * methods and paths. See docs/design.md, "REST contracts".
 */
import { authApi } from './rest-auth';
import { chatApi } from './chat';
import { currencyApi, paymentsApi, rewardsApi } from './currency';
import { customizationApi, deckApi } from './decks';
import { devicesApi } from './rest-devices';
import type { EndpointSpec } from './endpoint';
import { gamesApi } from './games';
import { healthApi } from './rest-health';
import { managerApi } from './manager';
import { playersApi } from './rest';
import { socialApi } from './social';
import { managerTournamentsApi, tournamentsApi } from './tournaments';

export const API = {
  health: healthApi,
  auth: authApi,
  players: playersApi,
  social: socialApi,
  devices: devicesApi,
  chat: chatApi,
  games: gamesApi,
  currency: currencyApi,
  rewards: rewardsApi,
  payments: paymentsApi,
  decks: deckApi,
  customization: customizationApi,
  manager: managerApi,
  tournaments: tournamentsApi,
  managerTournaments: managerTournamentsApi,
};

/** Every endpoint, each once. */
export const ALL_ENDPOINTS: readonly EndpointSpec[] = Object.values(API).flatMap((area) =>
  Object.values<EndpointSpec>(area),
);
