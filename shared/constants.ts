/**
 * The numbers both sides use (or the shared rules and texts), each named once. A number only the
 * renderer uses lives in the renderer (its timings in renderer/src/lib/timings.ts); one only the
 * server uses lives in its config. Durations are milliseconds unless the name says otherwise.
 */

// Release: the server reports it on /api/health, the renderer shows it. Bumped together, so kept
// together, the date included.
export const APP_VERSION = '1.4.0';
export const APP_BUILD = 106;
export const RELEASE_LABEL = 'Beta';
export const RELEASE_DATE = '2025-AUG-01';

// The game: the engine's default target, also quoted by the rules text.
export const TARGET_SCORE = 10;

// Game-room and matchmaking defaults. The server's settings start from them (operators may change
// them); the renderer's countdowns and the rules text quote them.
export const MATCH_ACCEPT_SECONDS = 30;
export const TURN_SECONDS = 20;
export const TURN_EXPIRIES_TO_FORFEIT = 3;
export const RECONNECT_GRACE_SECONDS = 60;
/** How long every player of a finished game has to accept a rematch, from the first asking. */
export const REMATCH_SECONDS = 30;
/** A player whose last connection closed during a rematch offer has this long to come back (a reload). */
export const REMATCH_RETURN_SECONDS = 5;
/** How long a private game waits for both friends to join before it is cancelled. */
export const PRIVATE_INVITE_SECONDS = 120;

// Accounts: the server's defaults, which the renderer's notices and privacy policy quote.
/** Days a session lasts without use (the server's SESSION_DAYS setting starts here). */
export const SESSION_DAYS = 30;
/** Days between asking to delete an account and its deletion; signing in before then restores it. */
export const ACCOUNT_DELETION_GRACE_DAYS = 30;
