/** Where the API lives; Parcel inlines API_URL at build time. */
export const API_BASE: string = process.env.API_URL || '/api/v1';

export const REQUEST_TIMEOUT_MS = 240000;
export const NOTIFICATION_TIMEOUT_MS = 3000;
export const CHUNK_LOAD_TIMEOUT_MS = 120000;
export const MAX_MEDIA_FILE_BYTES = 262144000;
export const MAX_NAVIGATION_FILE_BYTES = 26214400;
export const PLAYLIST_NAME_MAX = 30;
export const DEFAULT_PAGE_SIZE = 20;
export const DEFAULT_START_PATH = '/devices';
export const BREAKPOINTS = { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1440 } as const;
export const DRAWER_WIDTH = 258;
export const BASE_FONT_SIZE = 13;
export const BRAND = 'Vitrine';
