/** The renderer's own timings, each named once. Milliseconds. */

// The socket's keep-alive and reconnect schedule: see docs/design.md, "Renderer".
export const SOCKET_PING_INTERVAL_MS = 50_000;
export const SOCKET_CONNECT_TIMEOUT_MS = 15_000;
export const SOCKET_MAX_RECONNECTS = 20;
export const SOCKET_INITIAL_RECONNECT_DELAY_MS = 1_000;
export const SOCKET_MAX_RECONNECT_DELAY_MS = 30_000;
export const SOCKET_RECONNECT_JITTER_MS = 2_000;

// Toasts: how long one stays, and how long it takes to leave once closed.
export const TOAST_DURATION_MS = 4_000;
export const TOAST_DESTRUCTIVE_DURATION_MS = 6_000;
export const TOAST_EXIT_MS = 200;

// Payments: how often the shop asks after payments still pending with the provider.
export const PENDING_PAYMENTS_POLL_MS = 30_000;

// Push registration on mobile: up to 5 retries, 1 s doubling, plus up to 1 s of jitter (docs/mobile.md, "Push").
export const PUSH_REGISTRATION_RETRIES = 5;
export const PUSH_RETRY_BASE_MS = 1_000;
export const PUSH_RETRY_JITTER_MS = 1_000;
