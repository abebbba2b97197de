/**
 * The numbers of the product specification (§9 and the version line of §1), each named once.
 * Game-room defaults from DESIGN.md §2 follow at the end. Durations are milliseconds unless the
 * name says otherwise.
 */

// Release (spec §1)
export const APP_VERSION = '1.4.0';
export const APP_BUILD = 106;
export const RELEASE_LABEL = 'Beta';
export const RELEASE_DATE = '2025-AUG-01';

// Matchmaking
export const MATCH_ACCEPT_SECONDS = 30;

// Socket, first reading: reconnect up to 5 times, 2 s doubling.
export const SOCKET_RECONNECT_ATTEMPTS = 5;
export const SOCKET_RECONNECT_BASE_MS = 2_000;
// Socket, second reading.
export const SOCKET_PING_INTERVAL_MS = 50_000;
export const SOCKET_MAX_RECONNECTS = 20;
export const SOCKET_CONNECT_TIMEOUT_MS = 15_000;
export const SOCKET_INITIAL_RECONNECT_DELAY_MS = 1_000;
export const SOCKET_MAX_RECONNECT_DELAY_MS = 30_000;
export const SOCKET_RECONNECT_JITTER_MS = 2_000;

// Payments and push
export const PENDING_TRANSACTIONS_POLL_MS = 30_000;
export const PUSH_REGISTRATION_RETRIES = 5;
export const PUSH_REGISTRATION_BASE_MS = 1_000;
export const PUSH_REGISTRATION_JITTER_MS = 1_000;

// Toasts and notifications
export const TOAST_DURATION_MS = 4_000;
export const TOAST_DESTRUCTIVE_DURATION_MS = 6_000;
export const NOTIFICATION_TIMEOUT_MS = 5_000;
export const TOAST_VIEWPORT_DURATION_MS = 5_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = 'F8';
export const TOAST_EXIT_MS = 200;

// Audio
export const DEFAULT_SOUND_VOLUME = 0.5;
export const DEFAULT_MUSIC_VOLUME = 0.3;
export const AUDIO_PRELOAD_TIMEOUT_MS = 3_000;
export const NATIVE_AUDIO_DOWNLOAD_CONCURRENCY = 3;
export const AUDIO_OFFLINE_FOLDER = 'audio';
export const AUDIO_MANIFEST_VERSION = 1;
export const AUDIO_DUCK_VOLUME_RATIO = 0.2;
export const AUDIO_DUCK_MS = 3_000;

// Rewards and game
export const DEFAULT_DAILY_REWARD = {
  day: 1,
  amount: 50,
  currencyType: 'regular',
  description: 'Daily login reward',
  imageUrl: null,
  isActive: true,
  bonusItemId: null,
} as const;
export const TARGET_SCORE = 10;

// Decks and avatars
export const DECK_PREVIEW_CARDS = ['A13', 'B13', 'C13', 'D13'] as const;
export const AVATAR_INITIALS_LENGTH = 2;

// Interface
export const TOOLTIP_OPEN_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;
export const LONG_PRESS_MS = 700;
export const MOBILE_BREAKPOINT_PX = 768;
export const SIDEBAR_WIDTH = '16rem';
export const SIDEBAR_WIDTH_MOBILE = '18rem';
export const SIDEBAR_WIDTH_COLLAPSED = '3rem';
export const SIDEBAR_COOKIE_MAX_AGE_SECONDS = 604_800;
export const SIDEBAR_TOGGLE_KEY = 'b';
export const NAV_MENU_OPEN_DELAY_MS = 200;
export const NAV_MENU_SKIP_DELAY_MS = 300;
export const NAV_MENU_CLOSE_DELAY_MS = 150;
export const SCROLL_AREA_HIDE_DELAY_MS = 600;
export const SCROLL_AREA_MIN_THUMB_PX = 18;
export const RESIZABLE_SAVE_DEBOUNCE_MS = 100;
export const RESIZE_KEYBOARD_STEP_PERCENT = 10;
export const RESIZE_KEYBOARD_SHIFT_STEP_PERCENT = 100;
export const COMMAND_LIST_MAX_HEIGHT_PX = 300;
export const CAROUSEL_DRAG_THRESHOLD = 10;
/** 0 = Sunday. */
export const CALENDAR_WEEK_START = 0;

// Page header
export const PAGE_HEADER_SCROLL_THRESHOLD_PX = 10;
export const PAGE_HEADER_NATIVE_FALLBACK_PADDING_PX = 50;
export const PAGE_HEADER_STATUS_BAR_EXTRA_PX = 5;
export const PAGE_HEADER_BROWSER_PADDING_PX = 16;

// Third-party sign-in popup
export const OAUTH_POPUP_WIDTH = 500;
export const OAUTH_POPUP_HEIGHT = 600;

// Game-room defaults (DESIGN.md §2; the server lets operators override them)
export const TURN_SECONDS = 20;
export const TURN_EXPIRIES_TO_FORFEIT = 3;
export const RECONNECT_GRACE_SECONDS = 60;
