import { array, object, type, union, type Struct } from 'superstruct';
import { Id, Page } from '../../src/services/schemas/common.ts';
import { RefreshBody, TokenObtainBody, TokenPair } from '../../src/services/schemas/auth.ts';
import { CampaignDevices } from '../../src/services/schemas/campaignDevices.ts';
import { Campaign, CampaignCreateBody, CampaignDevicesBody, CampaignDevicesSaved, CampaignListQuery, CampaignMatchBody, CampaignMatchEnvelope, CampaignPage, CampaignReportQuery, CampaignUpdateBody, MultiplyBody, MultiplyResult } from '../../src/services/schemas/campaigns.ts';
import { Company, CompanyActiveBody, CompanyCreateBody, CompanyPage, CompanySummary, CompanyUpdateBody, CompanyVideoUploadBody, Department, DepartmentCreateBody, DepartmentListQuery, DepartmentPage, DepartmentUpdateBody, Office, OfficeCreateBody, OfficeListQuery, OfficePage, OfficeUpdateBody } from '../../src/services/schemas/company.ts';
import { ChangeActiveBody, ConfigUpdateBody, Device, DeviceCheck, DeviceConfig, DeviceConfigList, DeviceCreateBody, DeviceListPage, DeviceListQuery, DeviceSheetQuery, DeviceStatistics, DeviceTagsImportAnswer, DeviceTagsImportBody, DeviceUpdateBody, PendingClientPage, PlayerHeartbeatAnswer, PlayerHeartbeatBody, PlayerHelloAnswer, PlayerHelloBody, QueuedCommand, SendCommandBody } from '../../src/services/schemas/devices.ts';
import { DeviceBulkBody, Job, JobListQuery, JobPage } from '../../src/services/schemas/deviceJobs.ts';
import { DirectoryQuery, DirectoryQueryCreateBody, DirectoryQueryPage, DirectoryQueryUpdateBody } from '../../src/services/schemas/directory.ts';
import { Group, GroupCreateBody, GroupPage, GroupUpdateBody } from '../../src/services/schemas/groups.ts';
import { JournalPage, JournalQuery, JournalSheetQuery } from '../../src/services/schemas/journal.ts';
import { MediaFile, MediaFilePage, MediaListQuery, MediaUpdateBody, MediaUsage } from '../../src/services/schemas/media.ts';
import { DeviceNavigation, DeviceNavigationBody, Marker, MarkerCreateBody, MarkerListQuery, MarkerUpdateBody, NavigationObject, ObjectListQuery, ObjectRenameBody, PlayerNavigation, SendAnswer } from '../../src/services/schemas/navigation.ts';
import { Override, OverrideCreateBody, OverrideListQuery, OverrideSwitchBody } from '../../src/services/schemas/overrides.ts';
import { DevicePlayback, MediaPlayback, Preflight } from '../../src/services/schemas/playback.ts';
import { CommitResult, DeviceGroupPage, Playlist, PlaylistCreateBody, PlaylistDetail, PlaylistDetailPage, PlaylistListQuery, PlaylistPage, PlaylistUpdateBody, Track, TrackCreateBody, TrackPositionsBody, TrackRowPage, TrackUpdateBody } from '../../src/services/schemas/playlists.ts';
import { PlayerWebPageCheck, WebPageCheck, WebPageCheckBody } from '../../src/services/schemas/widgets.ts';
import { Dataset, DatasetListQuery, DatasetPage, DatasetUpdateBody } from '../../src/services/schemas/datasets.ts';
import { Layout, LayoutCommitResult, LayoutCreateBody, LayoutDetail, LayoutListQuery, LayoutPage, LayoutUpdateBody, LayoutVersionPage } from '../../src/services/schemas/layouts.ts';
import { Preferences, PreferencesBody } from '../../src/services/schemas/profile.ts';
import { ApiTokenCreateBody, ApiTokenCreated, ApiTokenList } from '../../src/services/schemas/apiTokens.ts';
import { OidcExchangeBody, OidcExchanged, OidcGroupMapping, OidcGroupMappingBody, OidcGroupMappingList, OidcStartQuery, OidcStatus } from '../../src/services/schemas/oidc.ts';
import { SecondFactorBody, SecondFactorChallenge, TwoFactorCodeBody, TwoFactorConfirmed, TwoFactorEnrolment, TwoFactorState } from '../../src/services/schemas/twoFactor.ts';
import { DeviceScreenshotList } from '../../src/services/schemas/screenshots.ts';
import { DevicePower, DevicePowerBody, OfficePower, OfficePowerBody } from '../../src/services/schemas/power.ts';
import { SmartGroup, SmartGroupCreateBody, SmartGroupPage, SmartGroupPreviewBody, SmartGroupUpdateBody } from '../../src/services/schemas/smartGroups.ts';
import { AlertSettings, AlertSettingsBody, WebhookCreateBody, WebhookDelivery, WebhookEndpoint, WebhookTestResult, WebhookUpdateBody } from '../../src/services/schemas/webhooks.ts';
import { DeviceSchedule, Event, EventCreateBody, EventListQuery, EventOptionsBody, EventOptionsPage, EventPageEnvelope, EventUpdateBody, PublishResult } from '../../src/services/schemas/scheduler.ts';
import { CompareAnswer, CompareQuery, EntitySearchAnswer, EntitySearchQuery, LiveAnswer, StatisticsAnswer, StatisticsQuery, UnloadQuery } from '../../src/services/schemas/statistics.ts';
import { TimelinePage, TimelineQuery } from '../../src/services/schemas/timeline.ts';
import { Profile, SetPasswordBody, SetUsernameBody, User, UserCreateBody, UserPage, UserUpdateBody } from '../../src/services/schemas/users.ts';

/**
 * A union whose members the document shows (anyOf): superstruct's union keeps them in a closure (schema null, which
 * server/openapi/jsonSchema.ts turns into `{}`); its checks are the union's own.
 */
function documentedUnion(structs: [Struct<any, any>, Struct<any, any>, ...Struct<any, any>[]]): Struct<any, any> {
  return Object.assign(union(structs), { schema: structs });
}

/** Who may call a route: nobody in particular, a signed-in user (`Authorization: JWT <token>`), a player (its serial and key headers), or either. */
export type RouteAuth = 'none' | 'user' | 'player' | 'playerOrUser';

/** What the OpenAPI document says of one route (server/openapi/document.ts builds the document from these). */
export interface RouteDoc {
  summary: string;
  description?: string;
  /** Default `user`. */
  auth?: RouteAuth;
  /** The success status; default 200. */
  status?: number;
  /** The query-string struct the handler parses. */
  query?: Struct<any, any>;
  /** The JSON body struct the handler parses, or `multipart` for an upload. */
  body?: Struct<any, any> | 'multipart';
  /** The JSON answer's struct (the one the SPA validates answers with). */
  response?: Struct<any, any>;
  /** The answer is not JSON: a file download, or a Server-Sent Events stream. */
  answer?: 'file' | 'stream';
  /** Error codes by status, besides the ones every route of its kind can answer (400 validation_error, 401, 403, 404). */
  errors?: Record<number, string[]>;
}

/**
 * Every API route, keyed "METHOD /path" as docs/api.md writes it (relative to /api/v1, `{param}` for `:param`). A route
 * the server registers without an entry here fails tests/api/openapi.test.ts, which names it: add it here with at
 * least a summary, and its structs from src/services/schemas.
 */
export const routeDocs: Record<string, RouteDoc> = {
  'GET /openapi.json': {
    summary: 'This OpenAPI 3.1 document',
    description: 'Generated from the route registry (server/openapi/routes.ts) and the shared superstruct schemas. The reference page is /api/docs.',
    auth: 'none',
  },
  'GET /health/': {
    summary: "Health of the server and its database",
    description: "no token; for load balancers. 200 {status: \"ok\", database: \"pglite\"|\"postgres\", migrations: \"applied\", version} when the database answers and every committed migration is applied; 503 database_unavailable or migrations_pending otherwise. Never cached.",
    auth: 'none',
    errors: { 503: ["database_unavailable","migrations_pending"] },
  },
  'POST /auth/token-obtain/': {
    summary: "Sign in: a pair of access and refresh tokens",
    description: "{username, password} -> {access, refresh}; for a user with two-factor codes, {challenge, expires_in} instead (no tokens): POST /auth/token-obtain/second-factor/ with a code completes the sign-in. 401 invalid_credentials; 429 rate_limited with Retry-After after LOGIN_RATE_LIMIT attempts (default 10) per client address and LOGIN_RATE_WINDOW seconds (default 60), counted in the database so every instance shares the limit.",
    auth: 'none',
    body: TokenObtainBody,
    response: documentedUnion([TokenPair, SecondFactorChallenge]),
    errors: { 401: ["invalid_credentials"], 429: ["rate_limited"] },
  },
  'POST /auth/token-obtain/second-factor/': {
    summary: "Complete a sign-in with a two-factor code",
    description: "{challenge, code} -> {access, refresh}: the challenge a password sign-in answered (single use, bound to its user, valid 5 minutes) and a code of the user's authenticator app, or one of their recovery codes (each works once). A code is accepted once: the same code again within its window is refused. 401 invalid_code, challenge_not_valid (unknown, expired or spent); 429 rate_limited with Retry-After after LOGIN_RATE_LIMIT attempts per client address, and per account, and LOGIN_RATE_WINDOW seconds. Journaled (login; recovery_code when one was used).",
    auth: 'none',
    body: SecondFactorBody,
    response: TokenPair,
    errors: { 401: ["invalid_code", "challenge_not_valid"], 429: ["rate_limited"] },
  },
  'POST /auth/token/token-refresh/': {
    summary: "Trade a refresh token for a new pair",
    description: "{refresh} -> a new {access, refresh}; 401 token_not_valid, token_revoked or token_reused.",
    auth: 'none',
    body: RefreshBody,
    response: TokenPair,
    errors: { 401: ["token_not_valid","token_revoked","token_reused"] },
  },
  'POST /auth/logout/': {
    summary: "Sign out: revoke the refresh token's family",
    description: "{refresh} -> {}; revokes the token's family, and with it the access tokens of that session: refused (401 token_revoked) at once on this instance and within 2 s on every other (each instance trusts an open session it read for at most 2 s). A refresh token presented twice (token_reused) ends its family the same way, the access token of the winning refresh included.",
    auth: 'none',
    body: RefreshBody,
    response: object({}),
    errors: { 401: ["token_revoked"] },
  },
  'GET /auth/oidc/': {
    summary: "Whether single sign-on is on, and the provider's name",
    description: "{enabled, name}: whether the OIDC_* settings configure single sign-on, and the provider's name (OIDC_NAME) for the login page's \"Sign in with <name>\".",
    auth: 'none',
    response: OidcStatus,
  },
  'GET /auth/oidc/start/': {
    summary: "Start a single sign-on: to the provider",
    description: "?next=<path of the app> (default /devices) -> 302 to the provider's authorization endpoint (authorization code flow with PKCE, state and nonce; the pending sign-in kept in the database for 10 minutes, so any instance takes the callback). 404 oidc_disabled; 503 oidc_unavailable when the provider's discovery fails.",
    auth: 'none',
    status: 302,
    query: OidcStartQuery,
    errors: { 404: ["oidc_disabled"], 503: ["oidc_unavailable"] },
  },
  'GET /auth/oidc/callback/': {
    summary: "The provider's answer: link or create the user, then to the SPA",
    description: "The provider's redirect (OIDC_REDIRECT_URL) -> 303 to /login/sso#code=<one-time code> (for POST /auth/oidc/exchange/), or /login/sso#error=<code>: state_invalid, provider_error, id_token_invalid (signature, issuer, audience, nonce, expiry), no_access (the groups claim maps to no Vitrine group), user_inactive. Journaled (login, refuse, link).",
    auth: 'none',
    status: 303,
    errors: { 404: ["oidc_disabled"] },
  },
  'POST /auth/oidc/exchange/': {
    summary: "Trade the callback's one-time code for the session's tokens",
    description: "{code} -> {access, refresh, next}: a password sign-in's tokens (the access token's sim: \"oidc\") and the page the user was going to. A code works once, within 60 s; 401 code_invalid.",
    auth: 'none',
    body: OidcExchangeBody,
    response: OidcExchanged,
    errors: { 401: ["code_invalid"] },
  },
  'GET /users/profile/': {
    summary: "The signed-in user and their access scope",
    description: "the signed-in user, plus access: {admin, companies, permissions}: their scope (see Groups and access scopes; companies is null for every company). The SPA hides what the user may not do from it.",
    response: Profile,
  },
  'PUT /users/profile/': {
    summary: "Save the signed-in user's interface preferences",
    description: "the signed-in user's own interface preferences, kept on the server so they follow the user to another browser: {language?: \"en\"|\"ru\"|null, theme?: \"DEFAULT\"|\"DARK\"|\"LIGHT\"|\"BLUE\"|\"GREEN\"|\"INDIGO\"|null} (either or both; null forgets the choice) -> {language, theme}; 400 validation_error for another value or an empty body. GET /users/profile/ answers both (null until chosen). Recorded in the journal (action preferences).",
    body: PreferencesBody,
    response: Preferences,
    errors: { 400: ["validation_error"] },
  },
  'GET /profile/api-tokens/': {
    summary: "The signed-in user's API tokens",
    description: "{results: [{id, name, prefix, permissions, created_at, expires_at, last_used_at}]}, newest first: the tokens not revoked (expired ones too, with their expires_at in the past), never their value (prefix: its first 10 characters). A signed-in session only: an API token cannot list tokens (403 session_required).",
    response: ApiTokenList,
    errors: { 403: ["session_required"] },
  },
  'POST /profile/api-tokens/': {
    summary: "Make an API token for an integration",
    description: "{name (1-100), expires_days?: 30|90|365|null (null or absent: until revoked), permissions: {area: \"none\"|\"view\"|\"edit\"}} -> 201 the token with `token`, its value, this once (only its SHA-256 is kept). `Authorization: Token <value>` then works on every route within the token's rights and its user's (the lower of the two per area, read again on each use: a user who loses a right loses it in their tokens too) and the user's companies; never the administrator's own routes (users, Directory). 400 permission_exceeds (fields.permissions.<area>) for more than the user has; 400 validation_error when no area is given; 409 name_taken (a live token of the user has the name, any case), too_many_tokens (50 live). A signed-in session only (403 session_required). Journaled (entity api_token); every change made with a token is journaled with its name (`via` in the journal).",
    status: 201,
    body: ApiTokenCreateBody,
    response: ApiTokenCreated,
    errors: { 400: ["permission_exceeds"], 403: ["session_required"], 409: ["name_taken", "too_many_tokens"] },
  },
  'DELETE /profile/api-tokens/{id}/': {
    summary: "Revoke an API token",
    description: "204; the token is refused (401 token_revoked) at once on this instance and within 2 s on every other. Another user's token is 404. A signed-in session only (403 session_required). Journaled.",
    status: 204,
    errors: { 403: ["session_required"] },
  },
  'GET /profile/two-factor/': {
    summary: "The signed-in user's two-factor codes",
    description: "{enabled, enabled_at, recovery_codes_left, required}: required when a company the user belongs to (by a group) requires two-factor codes and they have none (never user 1; a single sign-on session only when a company also sets require_two_factor_sso): until they enrol, every other route but GET /users/profile/ answers 403 two_factor_required, and so do their API tokens. A signed-in session only (403 session_required).",
    response: TwoFactorState,
    errors: { 403: ["session_required"] },
  },
  'POST /profile/two-factor/enrol/': {
    summary: "Start an enrolment: a new secret and its otpauth URI",
    description: "-> {secret, otpauth_uri} (RFC 6238: SHA-1, 6 digits, 30 s; issuer Vitrine, label the username): drawn as a QR code for an authenticator app, the secret for manual entry. Nothing is on until POST /profile/two-factor/confirm/; a new enrolment replaces one not confirmed. 409 two_factor_enabled when already on. Stored sealed with TWO_FACTOR_KEY when the server has one.",
    response: TwoFactorEnrolment,
    errors: { 403: ["session_required"], 409: ["two_factor_enabled"] },
  },
  'POST /profile/two-factor/confirm/': {
    summary: "Turn two-factor codes on with a first code",
    description: "{code} -> {recovery_codes}: ten one-time recovery codes, this once (stored hashed). 400 invalid_code; 409 not_enrolling (no enrolment started), two_factor_enabled; 429 rate_limited after LOGIN_RATE_LIMIT attempts per account and window. Journaled (enable).",
    body: TwoFactorCodeBody,
    response: TwoFactorConfirmed,
    errors: { 400: ["invalid_code"], 403: ["session_required"], 409: ["not_enrolling", "two_factor_enabled"], 429: ["rate_limited"] },
  },
  'POST /profile/two-factor/disable/': {
    summary: "Turn two-factor codes off with a current code",
    description: "{code} (a code of the app, or a recovery code) -> the state, off. 400 invalid_code; 409 two_factor_not_enabled; 429 rate_limited. Journaled (disable).",
    body: TwoFactorCodeBody,
    response: TwoFactorState,
    errors: { 400: ["invalid_code"], 403: ["session_required"], 409: ["two_factor_not_enabled"], 429: ["rate_limited"] },
  },
  'DELETE /users/{id}/two-factor/': {
    summary: "Reset a user's two-factor codes (administrator only)",
    description: "204: the user signs in with their password alone until they enrol again (at once, if their company requires it). 409 two_factor_not_enabled. Journaled (reset, entity two_factor).",
    status: 204,
    errors: { 409: ["two_factor_not_enabled"] },
  },
  'GET /users/': {
    summary: "Paged list of users (administrator only)",
    description: "paged list of users (administrator only).",
    response: UserPage,
  },
  'POST /users/': {
    summary: "Create a user",
    description: "{username, password, user, groups?} (administrator only; user accepted as sent) -> 201 user; 409 username_taken; 400 unknown_group (fields.groups), weak_password.",
    status: 201,
    body: UserCreateBody,
    response: User,
    errors: { 400: ["unknown_group"], 409: ["username_taken"] },
  },
  'PUT /users/{id}/': {
    summary: "Update a user (activation, groups)",
    description: "{is_active?, groups?} (administrator only; groups replaces the set) -> user. Deactivation ends every session of the user at once (refresh tokens revoked, access tokens refused: 401 token_revoked/user_inactive); an inactive user cannot sign in until reactivated. 409 cannot_deactivate_admin for user 1.",
    body: UserUpdateBody,
    response: User,
    errors: { 401: ["token_revoked"], 409: ["cannot_deactivate_admin"] },
  },
  'DELETE /users/{id}/': {
    summary: "Delete a user",
    description: "administrator only; 204; 409 cannot_delete_admin for user 1.",
    status: 204,
    errors: { 409: ["cannot_delete_admin"] },
  },
  'POST /users/set_username/': {
    summary: "Change a username",
    description: "{id, username}; own account, or any account for the administrator; 409 username_taken.",
    body: SetUsernameBody,
    response: User,
    errors: { 409: ["username_taken"] },
  },
  'POST /users/set_password/': {
    summary: "Change a password",
    description: "{id, password, current_password?}; current_password is required when changing one's own password (400 wrong_password; 429 rate_limited with Retry-After after LOGIN_RATE_LIMIT attempts per account and LOGIN_RATE_WINDOW seconds, like sign-in). Ends the user's other sessions (see Authentication); an administrator's reset ends all of them. 400 weak_password.",
    body: SetPasswordBody,
    response: User,
    errors: { 400: ["wrong_password","weak_password"], 429: ["rate_limited"] },
  },
  'GET /groups/': {
    summary: "Paged list of groups, by name",
    description: "paged list of groups, by name.",
    response: GroupPage,
  },
  'POST /groups/create/': {
    summary: "Create a group",
    description: "{name, companies?, permissions?} (areas left out are none) -> 201 group; 409 group_exists; 400 unknown_company (fields.companies).",
    status: 201,
    body: GroupCreateBody,
    response: Group,
    errors: { 400: ["unknown_company"], 409: ["group_exists"] },
  },
  'GET /groups/oidc-mappings/': {
    summary: "Single sign-on's group mappings (administrator only)",
    description: "{results: [{id, provider_group, group, group_name}]}: which value of the groups claim gives which Vitrine group.",
    response: OidcGroupMappingList,
  },
  'POST /groups/oidc-mappings/': {
    summary: "Map a provider group to a Vitrine group",
    description: "{provider_group (1-256, trimmed), group} -> 201 mapping; 409 mapping_exists; 400 unknown_group. Takes effect at each user's next sign-in. Journaled.",
    status: 201,
    body: OidcGroupMappingBody,
    response: OidcGroupMapping,
    errors: { 400: ["unknown_group"], 409: ["mapping_exists"] },
  },
  'DELETE /groups/oidc-mappings/{id}/': {
    summary: "Remove a group mapping",
    description: "204; 404 when absent. Journaled.",
    status: 204,
  },
  'GET /groups/{id}': {
    summary: "One group",
    description: "one group.",
    response: Group,
  },
  'PUT /groups/{id}': {
    summary: "Update a group",
    description: "{name?, companies?, permissions?} (companies replaces the set; areas left out keep their level) -> group.",
    body: GroupUpdateBody,
    response: Group,
  },
  'DELETE /groups/{id}': {
    summary: "Delete a group",
    description: "204; its members lose what it granted.",
    status: 204,
  },
  'GET /device-groups/smart/': {
    summary: "Paged smart groups of the caller's companies",
    description: "paged smart groups {id, name, company, company_name, rule, members, campaigns, created_at, updated_at}, by name; members is computed on every read.",
    response: SmartGroupPage,
  },
  'POST /device-groups/smart/create/': {
    summary: "Create a smart group",
    description: "{name, company?, rule} -> 201 smart group; 409 name_taken (per company, case-insensitive); 400 unknown_company, unknown_office, unknown_department.",
    status: 201,
    body: SmartGroupCreateBody,
    response: SmartGroup,
    errors: { 400: ["unknown_company", "unknown_office", "unknown_department"], 409: ["name_taken"] },
  },
  'POST /device-groups/smart/preview/': {
    summary: "The members a rule would have, before it is saved",
    description: "{company?, rule} -> a page of the device list: {count, count_exact, next, previous, results}.",
    body: SmartGroupPreviewBody,
    response: DeviceListPage,
  },
  'GET /device-groups/smart/{id}': {
    summary: "One smart group",
    description: "one smart group with its members count now; 404 not_found.",
    response: SmartGroup,
    errors: { 404: ["not_found"] },
  },
  'GET /device-groups/smart/{id}/devices/': {
    summary: "A smart group's members now",
    description: "a page of the device list: the devices that match the group's rule now.",
    response: DeviceListPage,
  },
  'PUT /device-groups/smart/{id}': {
    summary: "Update a smart group",
    description: "{name?, rule?} -> the smart group; the campaigns that target it take its new members and let go of the others at once.",
    body: SmartGroupUpdateBody,
    response: SmartGroup,
    errors: { 409: ["name_taken"] },
  },
  'DELETE /device-groups/smart/{id}': {
    summary: "Delete a smart group",
    description: "204; 409 smart_group_in_campaign while a campaign targets it.",
    status: 204,
    errors: { 409: ["smart_group_in_campaign"] },
  },
  'GET /branch-offices/{id}/power/': {
    summary: "An office's screen power schedule",
    description: "{office, timezone, schedule}: the hours the office's screens are on per weekday (Monday first) with exceptions by date, in its time zone; schedule null: always on. See docs/api.md \"Power schedules\".",
    response: OfficePower,
  },
  'PUT /branch-offices/{id}/power/': {
    summary: "Set an office's screen power schedule",
    description: "{schedule} (null: always on) -> as GET (company edit). Journaled; the office's devices are compiled again (dev2 power).",
    body: OfficePowerBody,
    response: OfficePower,
    errors: { 400: ["power_time_invalid", "power_span_empty", "power_spans_overlap", "power_too_many_spans", "power_too_many_exceptions", "power_date_invalid", "power_exception_duplicate"] },
  },
  'GET /tvpi/devices/{id}/power/': {
    summary: "A device's screen power settings",
    description: "{device, timezone, mode (office | always_on | own), schedule (its own), office_schedule, effective (null: always on)}.",
    response: DevicePower,
  },
  'PUT /tvpi/devices/{id}/power/': {
    summary: "Set a device's screen power settings",
    description: "{mode, schedule?} -> as GET (devices edit); own needs a schedule (power_schedule_required). Journaled; the device is compiled again (dev2 power).",
    body: DevicePowerBody,
    response: DevicePower,
    errors: { 400: ["power_schedule_required", "power_time_invalid", "power_span_empty", "power_spans_overlap", "power_too_many_spans", "power_too_many_exceptions", "power_date_invalid", "power_exception_duplicate"] },
  },
  'GET /tvpi/devices/': {
    summary: "Paged, filtered list of devices as {count, count_exact, next, previous, results}",
    description: "paged, filtered list of devices as {count, count_exact, next, previous, results}. The count stops 1,000 matches past the start of the page: when more match, count is the page's offset + 1,000 (page 1: 1,000) with count_exact: false, and next still leads on (counting every match of a 100,000-device fleet read the whole table for each page). A list filtered by office or company alone (no search, status, schedule, type or position) is always counted exactly, count_exact: true, like any list with fewer matches. GET /tvpi/devices/office-devices/{id} answers the same way.",
    query: DeviceListQuery,
    response: DeviceListPage,
  },
  'GET /tvpi/devices/statistics': {
    summary: "Counts of active and deactivated devices",
    description: "{active, deactive}: counts of active and deactivated devices.",
    response: DeviceStatistics,
  },
  'GET /tvpi/devices/{id}': {
    summary: "One device",
    description: "one device; 404 not_found.",
    response: Device,
    errors: { 404: ["not_found"] },
  },
  'PUT /tvpi/devices/{id}': {
    summary: "Update a device",
    description: "any subset of the editable fields plus user -> the device; 400 (too_many_tags, tag_too_long, invalid_tag for tags), 404, 409 device_exists; 409 device_in_campaign (fields.position) when the new position differs from that of a campaign the device takes part in (device and campaign screen position must match).",
    body: DeviceUpdateBody,
    response: Device,
    errors: { 409: ["device_exists","device_in_campaign"] },
  },
  'DELETE /tvpi/devices/{id}': {
    summary: "Delete a device",
    description: "204; its configs, queued commands and photo go with it.",
    status: 204,
  },
  'POST /tvpi/devices/create/': {
    summary: "Create a device",
    description: "the fields plus user -> 201 device. Creating a device whose sn is a player waiting on /clients adopts that player (its reported MAC, IP and version fill the fields left out).",
    status: 201,
    body: DeviceCreateBody,
    response: Device,
  },
  'GET /tvpi/devices/{id}/playback/': {
    summary: "What the device plays (capabilities, now playing, errors)",
    description: "what the device plays (devices view): {device, capabilities: {codecs, images, max_video: {width, height}, screen: {width, height, orientation} | null, source: \"declared\" | \"defaults\"}, now_playing: {event, media, name, started_at, reported_at, preview, rendition, layout: {id, version, name} | null, zones: [{id, name, media, media_name, started_at, rendition, widget}]} | null, errors: [{media, name, kind, count, last_at, detail}]} (now_playing when reported within 10 minutes; layout and zones while a layout item plays, issue 36; media null while a layout of widgets alone plays, issue 38; the latest 20 skipped files).",
    response: DevicePlayback,
  },
  'POST /tvpi/devices/{id}/send-command': {
    summary: "Queue a command for the device",
    description: "{command: \"REBOOT\"} -> 202 {id, device, command, status: \"queued\", created_at}; 409 device_disabled. The command is delivered once in the device's next heartbeat answer.",
    status: 202,
    body: SendCommandBody,
    response: QueuedCommand,
    errors: { 409: ["device_disabled"] },
  },
  'PUT /tvpi/devices/tags/': {
    summary: "Import tags by serial number (the spreadsheet import)",
    description: "{rows: [{sn, tags}]} -> {updated, unmatched}: each row's tags replace those of the device with that serial; unmatched lists the indexes of rows naming no device. Every row is checked before any is written: 400 too_many_tags, tag_too_long or invalid_tag with fields {\"rows.<index>.tags\": code}.",
    body: DeviceTagsImportBody,
    response: DeviceTagsImportAnswer,
    errors: { 400: ["too_many_tags", "tag_too_long", "invalid_tag"] },
  },
  'POST /tvpi/devices/bulk/': {
    summary: "A bulk action over devices, run as a job",
    description: "{action, devices | filter | smart_group, tags?, office?, campaign?} -> 202 the job (GET /jobs/{id}/). action: reboot, screenshot, add_tags, remove_tags, move_office, activate, deactivate, add_to_campaign; the devices ticked (up to 10,000 ids), all matching the device list's filters, or a smart group's members (up to 100,000). Any instance's worker runs it in batches and another goes on with it when that instance stops. A device out of the caller's reach fails on its own (not_found), never the job. Journaled as one bulk_<action> entry with the count. 400 no_devices, too_many_devices, unknown_office, unknown_campaign, unknown_smart_group, too_many_tags, tag_too_long, invalid_tag; 403 without devices edit (and campaigns edit for add_to_campaign).",
    status: 202,
    body: DeviceBulkBody,
    response: Job,
    errors: { 400: ["no_devices", "too_many_devices", "unknown_office", "unknown_campaign", "unknown_smart_group", "too_many_tags", "tag_too_long", "invalid_tag"] },
  },
  'GET /jobs/': {
    summary: "The caller's jobs, newest first",
    description: "paged jobs of the caller (without failures); active=1 only those queued or running (the devices page finds its running job again after a reload).",
    query: JobListQuery,
    response: JobPage,
  },
  'GET /jobs/{id}': {
    summary: "A job's progress and, at the end, its failures",
    description: "{id, kind, action, status (queued, running, done, cancelled), total, done, failed, params, created_at, finished_at, failures}: failures (once the job is over) are the first 1,000 failed devices by id, {device, sn, name, reason}, reason one of not_found, forbidden, device_disabled, too_many_tags, position_mismatch, campaign_not_found, office_not_found. Another user's job answers 404.",
    response: Job,
  },
  'POST /jobs/{id}/cancel/': {
    summary: "Stop a job",
    description: "-> the job, cancelled unless it was over already: the batch under way finishes, no further one starts; what was done stays done.",
    response: Job,
  },
  'GET /tvpi/devices/check/{id}': {
    summary: "Whether the device is ready (online)",
    description: "{id, ready, status, last_connection}; ready is true when the device is online (\"Device is ready\").",
    response: DeviceCheck,
  },
  'PUT /tvpi/devices/{id}/change-active': {
    summary: "Switch a device on or off",
    description: "{is_active?} (absent: toggle) -> the device.",
    body: ChangeActiveBody,
    response: Device,
  },
  'GET /tvpi/devices/office-devices/{id}': {
    summary: "Paged devices of one branch office, with the list filters",
    description: "paged devices of one branch office, with the list filters; 404 when the office does not exist.",
    query: DeviceListQuery,
    response: DeviceListPage,
  },
  'PUT /tvpi/device/{id}/upload-photo': {
    summary: "Upload or clear the device's location photo",
    description: "multipart with one file part photo (PNG, JPEG or WebP, recognised by its first bytes; at most 5 MB, checked while it streams) -> the device; or JSON {photo: null} to clear. 400 not_an_image, 413 too_large. Stored under DATA_DIR/photos/ with a random name.",
    body: 'multipart',
    response: Device,
    errors: { 400: ["not_an_image"], 413: ["too_large"] },
  },
  'GET /tvpi/devices/{id}/screenshots/': {
    summary: 'The kept screenshots of the device, newest first',
    description: 'Devices view. The last 10 per device are kept; command is the SCREENSHOT it answers, requested_by who queued it; link is the image.',
    response: DeviceScreenshotList,
  },
  'GET /tvpi/devices/{id}/screenshots/{shot}': {
    summary: 'One screenshot (image/jpeg)',
    description: '404 when absent or no longer kept.',
    answer: 'file',
  },
  'GET /tvpi/devices/{id}/photo': {
    summary: "The location photo",
    description: "the location photo; 404 when none.",
    answer: 'file',
  },
  'GET /tvpi/devices-xslx/': {
    summary: "The filtered devices as an xlsx download",
    description: "the filtered devices (all pages) as an xlsx download (devices.xlsx, with Content-Length), one bold header row, one row per device. lang (en default, ru) chooses the language of the headers, the sheet name and the values (type, position, status, schedule, active: the SPA's own devices translations); tz (an IANA zone name, UTC default) the zone in which last_connection and schedule_expiry are written. Those two and mount_date / warranty are real date cells (yyyy-mm-dd hh:mm, yyyy-mm-dd). 400 validation_error for a bad filter, language or zone.",
    query: DeviceSheetQuery,
    answer: 'file',
    errors: { 400: ["validation_error"] },
  },
  'GET /tvpi/devices/{id}/configs/': {
    summary: "The device's config files",
    description: "the device's config files [{id, device, name, path, content, updated_at}].",
    response: DeviceConfigList,
  },
  'PUT /tvpi/devices/{id}/configs/{configId}': {
    summary: "Update one config file of the device",
    description: "{content, name?, path?} -> the saved file; a .json file must hold valid JSON (400 invalid_json); 409 config_path_taken. path is normalised (/etc/vitrine/./a/../b.json is stored as /etc/vitrine/b.json) and must lie under the player's config directory (PLAYER_CONFIG_DIR, default /etc/vitrine/): 400 config_path_outside with fields: {path: \"outside_config_dir\"} otherwise. Saving raises the device's config_version, so its next heartbeat carries the files.",
    body: ConfigUpdateBody,
    response: DeviceConfig,
    errors: { 400: ["invalid_json","config_path_outside"], 409: ["config_path_taken"] },
  },
  'POST /player/hello/': {
    summary: "Player: say hello (announce itself or get its key)",
    description: "{serial, key?, mac?, ip?, version?, capabilities?}. With the right key: {status: \"registered\", device, heartbeat_seconds, schedule_version} (counts as contact). Without a key, from an unknown serial: 202 {status: \"pending\", heartbeat_seconds} and the player waits on /clients (at most 600 new players per address and minute, 429 beyond). Without a key, once an operator has adopted it: {status: \"adopted\", device, key, ...}, exactly once; later hellos without the key answer 401 device_key_required.",
    auth: 'player',
    status: 202,
    body: PlayerHelloBody,
    response: PlayerHelloAnswer,
    errors: { 401: ["device_key_required"] },
  },
  'POST /player/heartbeat/': {
    summary: "Player: heartbeat (state in, commands and schedule version out)",
    description: "{ip?, version?, schedule_state?, schedule_expiry?, display? (on | off: the power schedule's off hours), config_version?, acknowledged?: [commandId], capabilities?, now_playing?, playback_errors?} -> {device, commands: [{id, command, created_at}], schedule_version, config_version, configs, navigation_version}. Records the contact (the reported ip, else the address it connects from). Queued commands are answered exactly once (marked delivered in the same statement); acknowledged marks carried-out ones. configs lists the device's config files {id, name, path, content, updated_at}, or is null when the player's config_version is current. Send one every heartbeat_seconds (30); a device is offline after 120 s without one. A heartbeat that reports not",
    auth: 'player',
    body: PlayerHeartbeatBody,
    response: PlayerHeartbeatAnswer,
  },
  'POST /player/screenshot/': {
    summary: "The player's answer to a SCREENSHOT command: one JPEG of at most 2 MB",
    description:
      '?command={id} (optional): the command it answers. Multipart with one file part screenshot -> 201 {id}. At most 8192 x 8192 pixels and it must decode; at most 12 uploads per device and minute (429 rate_limited with Retry-After).',
    auth: 'player',
    status: 201,
    body: 'multipart',
    response: object({ id: Id }),
    errors: { 400: ['not_a_jpeg', 'dimensions_too_large', 'invalid_image', 'invalid_multipart'], 413: ['too_large'], 429: ['rate_limited'] },
  },
  'POST /player/bye/': {
    summary: "The player is going offline (shutdown, reboot): the device shows offline until its next heartbeat",
    description: "the player is going offline (shutdown, reboot): the device shows offline until its next heartbeat -> {status: \"signed_off\"}.",
    auth: 'player',
    body: PlayerHeartbeatBody,
  },
  'POST /player/channel/switched/': {
    summary: "Player: it shows an emergency override now",
    description: "the player shows an emergency override now ({override}, the item's override id), sent the moment its first play of it starts, authenticated by the X-Device-Serial and X-Device-Key headers -> 204. The first report of a device counts: the panel shows it as switched_at. 409 override_not_active when it is not the override running for the device (nothing written); 429 rate_limited beyond 30 reports a minute; 400 validation_error.",
    auth: 'player',
    status: 204,
    body: OverrideSwitchBody,
    errors: { 400: ['validation_error'], 401: ['device_key_required', 'unknown_device', 'invalid_device_key'], 403: ['device_disabled', 'company_disabled'], 409: ['override_not_active'], 429: ['rate_limited'] },
  },
  'GET /player/channel/': {
    summary: "Player: the live channel (Server-Sent Events)",
    description: "the live channel: one long-lived Server-Sent Events stream (text/event-stream) per player, authenticated by the X-Device-Serial and X-Device-Key headers as the other player routes. It carries small notices only; the player then fetches through the routes above. A refused connection answers before the stream, with nothing written to the database (a flood of unknown serials costs one read each, as hello): 401 device_key_required (a header missing), 401 unknown_device, 401 invalid_device_key, 403 device_disabled, 403 company_disabled. An open stream sends, each as event: NAME + data: JSON: - ready {device, schedule_version} once, when it opens; - notice {kinds: [...]} when something changed for",
    auth: 'player',
    answer: 'stream',
    errors: { 401: ["device_key_required","unknown_device","invalid_device_key"], 403: ["device_disabled","company_disabled"], 429: ["too_many_streams"] },
  },
  'GET /clients/': {
    summary: "Paged players that said hello without being a device: {id, serial, mac, ip, version, hello_count,…",
    description: "paged players that said hello without being a device: {id, serial, mac, ip, version, hello_count, first_seen, last_seen}, most recently seen first. Adopt one with POST /tvpi/devices/create/ and its serial.",
    response: PendingClientPage,
  },
  'DELETE /clients/{id}': {
    summary: "Dismiss a waiting player",
    description: "dismiss a waiting player; 204.",
    status: 204,
  },
  'GET /companies/': {
    summary: "Paged companies",
    description: "paged companies.",
    response: CompanyPage,
  },
  'POST /companies/create/': {
    summary: "Create a company",
    description: "{name, ...any other field, user} -> 201 company; 400 unknown_campaign for an unknown office_campaign.",
    status: 201,
    body: CompanyCreateBody,
    response: Company,
    errors: { 400: ["unknown_campaign"] },
  },
  'GET /companies/{id}': {
    summary: "One company",
    description: "one company; 404 not_found.",
    response: Company,
    errors: { 404: ["not_found"] },
  },
  'PUT /companies/{id}': {
    summary: "Update a company",
    description: "any subset of the fields -> the company (is_active here works as change-active).",
    body: CompanyUpdateBody,
    response: Company,
  },
  'DELETE /companies/{id}': {
    summary: "Delete a company, with its departments and offices",
    description: "204, with its departments and offices; 409 company_has_devices while any device stands in its offices.",
    status: 204,
    errors: { 409: ["company_has_devices"] },
  },
  'PUT /companies/{id}/change-active': {
    summary: "Switch a company on or off",
    description: "{is_active?}; an absent flag toggles. Deactivating switches the company's active devices off (status disabled; the player protocol answers them 403 company_disabled) and remembers them; a device added to, moved into or activated in a deactivated company's office stays off the same way. Activating switches exactly those devices back on; a device that was off before stays off. Journal action activate / deactivate.",
    body: CompanyActiveBody,
    response: Company,
    errors: { 403: ["company_disabled"] },
  },
  'PUT /companies/{id}/change-video-upload': {
    summary: "Allow or forbid video uploads for a company",
    description: "{video_upload_active?}; an absent flag toggles. While off, an upload (POST /media/files/create/) with any file owned by the company is refused with 403 video_upload_disabled and nothing is stored.",
    body: CompanyVideoUploadBody,
    response: Company,
    errors: { 403: ["video_upload_disabled"] },
  },
  'GET /companies/{id}/summary/': {
    summary: "The company page's additional info",
    description: "the company page's additional info: {company, devices: {online, offline, disabled}, offices: [{id, name, devices: {online, offline, disabled}}], campaigns: [{id, name, devices_count}]} (the campaigns its devices take part in).",
    response: CompanySummary,
  },
  'GET /departments/': {
    summary: "Paged departments",
    description: "paged; ?company= filters.",
    query: DepartmentListQuery,
    response: DepartmentPage,
  },
  'POST /departments/create/': {
    summary: "Create a department",
    description: "{company, name, parent?, description?, user} -> 201; 400 unknown_company, unknown_department (fields.parent = not_found), department_other_company (the parent belongs to another company).",
    status: 201,
    body: DepartmentCreateBody,
    response: Department,
    errors: { 400: ["unknown_company","unknown_department"] },
  },
  'GET /departments/{id}': {
    summary: "One department",
    description: "one department.",
    response: Department,
  },
  'PUT /departments/{id}': {
    summary: "Update a department",
    description: "{name?, parent?, description?}; 400 department_cycle when the parent is the department itself or below it.",
    body: DepartmentUpdateBody,
    response: Department,
    errors: { 400: ["department_cycle"] },
  },
  'DELETE /departments/{id}': {
    summary: "Delete a department (its offices stay)",
    description: "204 (its offices stay, outside any department); 409 department_has_children while it has sub-departments.",
    status: 204,
    errors: { 409: ["department_has_children"] },
  },
  'GET /branch-offices/': {
    summary: "Paged branch offices",
    description: "paged; ?company= filters.",
    query: OfficeListQuery,
    response: OfficePage,
  },
  'POST /branch-offices/create/': {
    summary: "Create a branch office",
    description: "{company, name, department?, description?, address?, phone?, email?, contact_person?, timezone?, user} -> 201 office; 400 unknown_company, unknown_department, department_other_company.",
    status: 201,
    body: OfficeCreateBody,
    response: Office,
    errors: { 400: ["unknown_company","unknown_department","department_other_company"] },
  },
  'GET /branch-offices/{id}': {
    summary: "One branch office",
    description: "one office.",
    response: Office,
  },
  'PUT /branch-offices/{id}': {
    summary: "Update a branch office",
    description: "any subset (a new company moves the office and its devices, leaving its department unless one of the new company's is given).",
    body: OfficeUpdateBody,
    response: Office,
  },
  'DELETE /branch-offices/{id}': {
    summary: "Delete a branch office",
    description: "204; 409 office_has_devices while any device stands in it.",
    status: 204,
    errors: { 409: ["office_has_devices"] },
  },
  'GET /media/files/': {
    summary: "Paged list, newest first",
    description: "paged list, newest first. Params: search (name, description, original file name; case-insensitive), status, ordering (uploaded, name, size, duration, status, each optionally prefixed with -), page, page_size.",
    query: MediaListQuery,
    response: MediaFilePage,
  },
  'POST /media/files/create/': {
    summary: "Upload media files",
    description: "multipart: user, files src_file[0], src_file[1], ... (or repeated src_file, taken in arrival order), and file_info: a JSON list with one {name, description?, screen_position, device_type} per file, in file order; parts may come in any order. Each file is streamed to disk and may be at most 262144000 bytes (250 MB): 413 file_too_large with fields: {\"src_file[n]\": \"too_large\"} as soon as it grows past that, and nothing is kept. 400 invalid_file_info (missing, not JSON, wrong count: fields.file_info = required / invalid_json / count_mismatch, or fields[\"file_info.N.field\"]), 400 invalid_content_format (\"Invalid content format!\", fields: {\"src_file[n]\": \"invalid_content_format\"}), 400 validation",
    status: 201,
    body: 'multipart',
    response: array(MediaFile),
    errors: { 400: ["invalid_file_info","invalid_content_format","validation_error"], 413: ["file_too_large","too_many_files"] },
  },
  'GET /media/files/{id}': {
    summary: "One media file",
    description: "one file; 404 not_found.",
    response: MediaFile,
    errors: { 404: ["not_found"] },
  },
  'PUT /media/files/{id}': {
    summary: "Update a media file",
    description: "any of {name, description, screen_position, device_type} -> the file. A changed screen position or device type queues the renders of the presets that now match.",
    body: MediaUpdateBody,
    response: MediaFile,
  },
  'DELETE /media/files/{id}': {
    summary: "Delete a media file",
    description: "204; removes the file, its preview and renders from disk. 409 media_in_use while a playlist, campaign or event uses it.",
    status: 204,
    errors: { 409: ["media_in_use"] },
  },
  'GET /media/file/{id}/details/': {
    summary: "Where the file is used",
    description: "where the file is used: {playlists: [{id, name}], campaigns: [...], events: [...]}.",
    response: MediaUsage,
  },
  'POST /media/files/{id}/retry/': {
    summary: "Queues the failed processing of the file again",
    description: "queues the failed processing of the file again -> 202 with the file; 409 nothing_to_retry when nothing failed.",
    status: 202,
    response: MediaFile,
    errors: { 409: ["nothing_to_retry"] },
  },
  'GET /media/files/{id}/source': {
    summary: "The uploaded file (Range supported)",
    description: "the uploaded file (Range supported). JWT, or a player's X-Device-Serial / X-Device-Key.",
    auth: 'playerOrUser',
    answer: 'file',
  },
  'GET /media/files/{id}/preview': {
    summary: "The JPEG preview",
    description: "the JPEG preview; 404 until made. JWT or player headers.",
    auth: 'playerOrUser',
    answer: 'file',
  },
  'GET /media/files/{id}/render/{queryId}': {
    summary: "The render in that Directory preset (MP4, Range supported)",
    description: "the render in that Directory preset (MP4, Range supported); 404 until ready. JWT or player headers.",
    auth: 'playerOrUser',
    answer: 'file',
  },
  'GET /media/files/{id}/fallback/{size}': {
    summary: "The fallback render at a size (H.264 MP4)",
    description: "the fallback render at size (WIDTHxHEIGHT, H.264 MP4, Range supported) that devices which decode neither the source nor a preset download (see \"Renditions\"); 404 until ready. JWT or player headers.",
    auth: 'playerOrUser',
    answer: 'file',
  },
  'GET /media/files/{id}/playback/': {
    summary: "What the screens report about the file",
    description: "what the screens report about the file (media view): {media, playing_devices, failures: [{device, device_name, kind, count, last_at, detail}]}; playing_devices reported playing it within 10 minutes, failures are the devices that had to skip it (newest first, at most 50; kind decode, download or checksum, count summed).",
    response: MediaPlayback,
  },
  'GET /media/play_lists/': {
    summary: "Paged playlists",
    description: "paged list. Params: search (name, case-insensitive), screen_position, committed (true/false), ordering (created, name, duration, each optionally prefixed with -; default -created), page, page_size.",
    query: PlaylistListQuery,
    response: PlaylistPage,
  },
  'POST /media/play_lists/create/': {
    summary: "Create a playlist",
    description: "{name, screen_position} -> 201 with the playlist (version 0, uncommitted).",
    status: 201,
    body: PlaylistCreateBody,
    response: Playlist,
  },
  'GET /media/play_lists/{id}': {
    summary: "One playlist",
    description: "one playlist; 404 not_found.",
    response: Playlist,
    errors: { 404: ["not_found"] },
  },
  'PUT /media/play_lists/{id}': {
    summary: "Update a playlist",
    description: "any of {name, screen_position} -> the playlist. 409 playlist_has_tracks (fields.screen_position) when the screen position would change while the playlist has tracks; nothing changes.",
    body: PlaylistUpdateBody,
    response: Playlist,
    errors: { 409: ["playlist_has_tracks"] },
  },
  'DELETE /media/play_lists/{id}': {
    summary: "Delete a playlist with its tracks and versions",
    description: "204 with its tracks and versions; 409 playlist_in_use while a campaign event uses it (once campaigns exist).",
    status: 204,
    errors: { 409: ["playlist_in_use"] },
  },
  'GET /media/play_lists/{id}/commit/': {
    summary: "Commit the playlist: snapshot its tracks as a new version",
    description: "snapshots the tracks into version + 1 -> {changed: true, version}; when they equal the last committed version, {changed: false, version} and no new version (the SPA says \"Playlist already up to date\"). Concurrent commits make one version. A new version raises the schedule version of the devices that play the playlist (campaigns plug in: playlistCommitListeners in server/domain/playlists.ts).",
    response: CommitResult,
  },
  'GET /media/play_lists/{id}/commit/preview/': {
    summary: "Before a commit: what the edited tracks would leave unplayable",
    description: "writes nothing -> {devices, warnings}: devices, the screens that play the playlist through a published event (its own, or a layout's with a zone playing it); warnings as publish's ([{media, name, devices, reason, screens}], reason rendering | cannot_play | decode_failed), for the tracks as edited now.",
    response: Preflight,
  },
  'GET /media/play_list_detail/{id}': {
    summary: "The playlist with its tracks",
    description: "the playlist with tracks: each track with media_detail: {id, name, kind, status, screen_position, duration, preview} (preview: the media's preview link or null), in play order.",
    response: PlaylistDetail,
  },
  'GET /media/play_list_with_tracks/': {
    summary: "Paged playlists with their tracks",
    description: "the list (same params) with each playlist's tracks as in the detail: the scheduler's playlist panel.",
    response: PlaylistDetailPage,
  },
  'GET /media/play_list_with_tracks/{id}/device_groups/': {
    summary: "Paged {campaign: {id, name}, events: [{id, title, start, end}], devices_count, devices: [{id, name}]}: the…",
    description: "paged {campaign: {id, name}, events: [{id, title, start, end}], devices_count, devices: [{id, name}]}: the campaigns that play this playlist with their events and devices. Empty until campaigns exist (they plug in through playlistDeviceGroupProviders).",
    response: DeviceGroupPage,
  },
  'GET /media/play_lists/{id}/tracks/': {
    summary: "The tracks in play order (a plain list, not paged)",
    description: "the tracks in play order (a plain list, not paged).",
    response: array(Track),
  },
  'POST /media/play_list_tracks/create/': {
    summary: "Add a track to a playlist",
    description: "{playlist, media, duration?} -> 201 with the track, appended last. 400 media_not_ready / screen_position_mismatch (fields.media), 400 validation_error with fields.playlist or fields.media = not_found.",
    status: 201,
    body: TrackCreateBody,
    response: Track,
    errors: { 400: ["media_not_ready","validation_error"] },
  },
  'PUT /media/play_list_tracks/{id}': {
    summary: "Change a track's duration",
    description: "{duration} (an image track's seconds) -> the track; 400 video_duration_fixed for a video track. (Not in the spec's table: the editor's per-image duration.)",
    body: TrackUpdateBody,
    response: Track,
    errors: { 400: ["video_duration_fixed"] },
  },
  'DELETE /media/play_list_tracks/{id}': {
    summary: "Remove a track",
    description: "204; the tracks behind it move up one position.",
    status: 204,
  },
  'PUT /media/play_lists/{id}/change_position_tracks/': {
    summary: "Reorder a playlist's tracks",
    description: "{positions: [trackId, ...]}: every track id of the playlist exactly once, in the new order, applied in one transaction -> {positions}. 400 positions_mismatch (fields.positions) for any other set (missing, extra, repeated or foreign ids); nothing changes.",
    body: TrackPositionsBody,
    errors: { 400: ["positions_mismatch"] },
  },
  'GET /media/play_list_tracks/': {
    summary: "Every track across playlists, paged",
    description: "every track across playlists, paged: {id, playlist, playlist_name, media, media_name, position, duration}, ordered by playlist name and position. Param search (playlist or media name). (Not in the spec's table: the /tracks screen.)",
    response: TrackRowPage,
  },
  'GET /layouts/': {
    summary: "Paged layouts",
    description: "paged list. Params: search (name, case-insensitive), screen_position, committed (true/false), ordering (created, name, each optionally prefixed with -; default -created), page, page_size.",
    query: LayoutListQuery,
    response: LayoutPage,
  },
  'POST /layouts/create/': {
    summary: "Create a layout",
    description: "{name, screen_position, width?, height?, background?, zones?, company?} -> 201 with the layout (version 0, uncommitted). 400 with code the first problem's and fields naming each: canvas_out_of_range, too_many_zones, zone_too_small, zone_outside_canvas, zone_z_out_of_range, zone_duplicate, content_not_found, media_not_ready, background_not_found, background_not_image, validation_error.",
    status: 201,
    body: LayoutCreateBody,
    response: Layout,
    errors: { 400: ["canvas_out_of_range","too_many_zones","zone_too_small","zone_outside_canvas","zone_z_out_of_range","zone_duplicate","content_not_found","media_not_ready","background_not_found","background_not_image","unknown_company"] },
  },
  'GET /layouts/{id}': {
    summary: "One layout",
    description: "one layout with its zones; 404 not_found (also for another company's).",
    response: Layout,
    errors: { 404: ["not_found"] },
  },
  'GET /layouts/{id}/detail/': {
    summary: "The layout with each zone's content described",
    description: "the layout with each zone's content as {kind, id, name, preview, duration, media_kind, status, committed, tracks_count}, and background.media_detail for the background image (or null).",
    response: LayoutDetail,
  },
  'PUT /layouts/{id}': {
    summary: "Update a layout",
    description: "any of {name, screen_position, width, height, background, zones} -> the layout; zones replaces the whole set (a zone with id is kept, one without is new, the others are removed). The 400s of create, and zone_not_found (fields zones.N.id) for an id that is not a zone of this layout; nothing changes.",
    body: LayoutUpdateBody,
    response: Layout,
    errors: { 400: ["canvas_out_of_range","too_many_zones","zone_too_small","zone_outside_canvas","zone_z_out_of_range","zone_duplicate","zone_not_found","content_not_found","media_not_ready","background_not_found","background_not_image"] },
  },
  'DELETE /layouts/{id}': {
    summary: "Delete a layout with its zones and versions",
    description: "204; 409 layout_in_use while an event (edited or published) plays it; an emergency override showing it ends with it.",
    status: 204,
    errors: { 409: ["layout_in_use"] },
  },
  'POST /layouts/{id}/commit/': {
    summary: "Commit the layout: snapshot it as a new version",
    description: "snapshots the draft into version + 1 -> {changed: true, version}; {changed: false, version} when it equals the last committed version. 409 uncommitted_playlists {detail, code, fields, playlists: [{id, name}]} when a zone's playlist is not committed, 409 zone_empty when a zone has no content; nothing is committed then.",
    response: LayoutCommitResult,
    errors: { 409: ["uncommitted_playlists","zone_empty"] },
  },
  'GET /layouts/{id}/commit/preview/': {
    summary: "Before a commit: what the layout as saved would leave unplayable",
    description: "writes nothing -> {devices, warnings}: devices, the screens that play the layout through a published event; warnings as publish's ([{media, name, devices, reason, screens}], reason rendering | cannot_play | decode_failed), for the zones' files (a playlist zone: its playlist's last committed tracks) and the background image as saved now.",
    response: Preflight,
  },
  'GET /layouts/{id}/versions/': {
    summary: "Paged committed versions, newest first",
    description: "paged {version, committed_at, committed_by, width, height, background, zones}, newest first.",
    response: LayoutVersionPage,
  },
  'GET /datasets/': {
    summary: "Paged datasets",
    description: "paged datasets without rows, newest first. Params: search (name, case-insensitive), page, page_size.",
    query: DatasetListQuery,
    response: DatasetPage,
  },
  'POST /datasets/create/': {
    summary: "Create a dataset from a spreadsheet",
    description: "multipart: the spreadsheet (.xlsx, .ods, .xls or .csv, at most 5 MB) in part file, fields name and company -> 201 with the dataset (version 1). Or JSON {name, url, format: csv | json | feed, refresh_minutes?, company?}: read from the URL at once (400 source_failed with fields.url the reason). 400 when it cannot be read or stored; 413 file_too_large.",
    status: 201,
    body: 'multipart',
    response: Dataset,
    errors: { 400: ["empty_file","unreadable_file","too_many_columns","too_many_rows","cell_too_long","unexpected_file_field","invalid_multipart","unknown_company","source_failed"], 413: ["file_too_large","too_many_parts"] },
  },
  'GET /datasets/{id}': {
    summary: "One dataset with its rows",
    description: "one dataset with its rows; 404 not_found (also for another company's).",
    response: Dataset,
    errors: { 404: ["not_found"] },
  },
  'PUT /datasets/{id}': {
    summary: "Rename a dataset or replace its table",
    description: "any of {name, columns, rows, url, format, refresh_minutes} (columns and rows together) -> the dataset; a changed table moves version and checksum; a new url or format is read at once.",
    body: DatasetUpdateBody,
    response: Dataset,
    errors: { 400: ["invalid_table","too_many_rows","too_many_columns","source_failed","dataset_from_url"] },
  },
  'POST /widgets/web-page-check/': {
    summary: "Whether a web page widget's address may be framed on a screen",
    description: "{url} -> {url, frameable, reason}: reason x_frame_options, frame_ancestors, a read failure (http_404, timeout, private_address, ...) or null.",
    body: WebPageCheckBody,
    response: WebPageCheck,
  },
  'GET /player/web-page-check/': {
    summary: "A screen's check of a web page widget's address",
    description: "?url= (a web page widget's address in the device's stored schedule) by the player's serial and key (or a user with the playlists area's view right) -> {url, frameable, reason, checked_at}: the server's last check, read again once older than five minutes; 404 for an address the device's schedule does not show.",
    auth: 'playerOrUser',
    query: WebPageCheckBody,
    response: PlayerWebPageCheck,
    errors: { 404: ["not_found"] },
  },
  'GET /player/datasets/{id}/': {
    summary: "A player's read of a dataset its widgets show",
    description: "by the player's serial and key (or a user with media view) -> {id, version, checksum, columns, rows}; ETag of the checksum (304 on If-None-Match); 404 for a dataset neither of the device's company nor named by its schedule.",
    auth: 'playerOrUser',
    errors: { 404: ["not_found"] },
  },
  'POST /datasets/{id}/refresh/': {
    summary: "Read a URL dataset now",
    description: "reads the dataset's URL now -> the dataset; a failure keeps the table and is noted in source.",
    response: Dataset,
    errors: { 400: ["source_failed","not_from_url"] },
  },
  'PUT /datasets/{id}/file/': {
    summary: "Replace a dataset's table with a spreadsheet",
    description: "multipart: the spreadsheet in part file (and optionally name) -> the dataset.",
    body: 'multipart',
    response: Dataset,
    errors: { 400: ["empty_file","unreadable_file","too_many_columns","too_many_rows","cell_too_long","unexpected_file_field","invalid_multipart"], 413: ["file_too_large","too_many_parts"] },
  },
  'DELETE /datasets/{id}': {
    summary: "Delete a dataset",
    description: "204; 409 dataset_in_use while a layout's data table shows it.",
    status: 204,
    errors: { 409: ["dataset_in_use"] },
  },
  'GET /directory/queries/': {
    summary: "Paged list of queries",
    description: "paged list of queries.",
    response: DirectoryQueryPage,
  },
  'POST /directory/queries/create/': {
    summary: "Create a directory query",
    description: "{name, value, type, device, screen, active?} -> 201 query.",
    status: 201,
    body: DirectoryQueryCreateBody,
    response: DirectoryQuery,
  },
  'GET /directory/queries/{id}': {
    summary: "One directory query",
    description: "one query; 404 not_found.",
    response: DirectoryQuery,
    errors: { 404: ["not_found"] },
  },
  'PUT /directory/queries/{id}': {
    summary: "Update a directory query",
    description: "any subset of the fields; {active: true|false} activates or deactivates -> the query.",
    body: DirectoryQueryUpdateBody,
    response: DirectoryQuery,
  },
  'DELETE /directory/queries/{id}': {
    summary: "Delete a directory query",
    description: "204.",
    status: 204,
  },
  'GET /campaigns/': {
    summary: "Paged campaigns, newest first",
    description: "paged campaigns, newest first. Params: search (name, case-insensitive substring), status (active: has events and not expired; expired; no_events; unpublished: some event unpublished), screen_position.",
    query: CampaignListQuery,
    response: CampaignPage,
  },
  'POST /campaigns/create/': {
    summary: "Create a campaign",
    description: "{name, screen_position?, user} -> 201 campaign.",
    status: 201,
    body: CampaignCreateBody,
    response: Campaign,
  },
  'GET /campaigns/{id}': {
    summary: "One campaign",
    description: "one campaign; 404 not_found.",
    response: Campaign,
    errors: { 404: ["not_found"] },
  },
  'PUT /campaigns/{id}': {
    summary: "Update a campaign",
    description: "{name?, screen_position?, user} -> the campaign. A campaign with devices cannot change its screen position: 409 campaign_has_devices (fields.screen_position).",
    body: CampaignUpdateBody,
    response: Campaign,
    errors: { 409: ["campaign_has_devices"] },
  },
  'DELETE /campaigns/{id}': {
    summary: "Delete a campaign",
    description: "204; its events go with it and its devices are freed (the devices stay).",
    status: 204,
  },
  'GET /campaigns/{id}/devices/': {
    summary: "The campaign's devices",
    description: "{participating, available}: two pages of devices (each device exactly as GET /tvpi/devices/{id} answers it, with status online / offline / disabled and office_name): the campaign's own, and those it could take (the campaign's screen position, not in it). Each side takes the device list's filters and paging (search, status, schedule, type, company, office, page, page_size): unprefixed they apply to both sides, prefixed with the side (available_search, participating_status, available_page, ...) to that side only; each side's next / previous move only its own page. side=participating|available answers only that side; with_ids=1 adds participating_ids, every participating device id in id order (",
    query: DeviceListQuery,
    response: CampaignDevices,
  },
  'PUT /campaigns/{id}/devices/': {
    summary: "Set the campaign's devices",
    description: "{devices: [id, ...], smart_groups?: [id, ...], user} (at most 100,000 devices) saves the whole hand-picked set in one transaction -> {campaign, devices, added, removed, smart_groups, screens}; with smart_groups the campaign targets those smart groups, whose members take part too, always current (400 unknown_smart_group, smart_group_status_rule). A device of another screen position: 400 position_mismatch with fields: {\"devices.<id>\": \"position_mismatch\"} (\"Device and campaing screen position mismatch\" in the SPA); an absent device: 400 unknown_device (fields: {\"devices.<id>\": \"not_found\"}); either way nothing changes. Devices that leave also leave the campaign's events. A device keeps its screen position while it takes part (PUT /tvpi/devices/{id} answers 409 device_in_campaign).",
    body: CampaignDevicesBody,
    response: CampaignDevicesSaved,
    errors: { 400: ["position_mismatch","unknown_device","unknown_smart_group","smart_group_status_rule"], 409: ["device_in_campaign"] },
  },
  'POST /campaigns/{id}/devices/match/': {
    summary: "Devices matching a rule for the campaign",
    description: "{values: [text, ...]} (1 to 100,000 spreadsheet cells) -> {devices, unmatched, mismatched}: the devices of the campaign's position the values name by serial number (trimmed) or MAC address (any usual notation), each {id, sn, mac, name, office_name, status, position} once; unmatched the indices of values that name no device; mismatched those that name a device of another position. Reads only; the SPA's XLS(X) import uses it.",
    body: CampaignMatchBody,
    response: CampaignMatchEnvelope,
  },
  'POST /campaigns/{id}/multiply/': {
    summary: "Copy a campaign",
    description: "{campaigns: [id, ...], user}: copies this campaign's participating devices into each target campaign (devices already there stay), in one transaction -> {results: [{campaign, name, added, devices}]} in the order given (added: how many it gained, devices: how many it has now). 400 same_campaign when a target is the campaign itself, position_mismatch when a target's screen position differs, unknown_campaign when a target does not exist (nothing changes).",
    body: MultiplyBody,
    response: MultiplyResult,
    errors: { 400: ["same_campaign"] },
  },
  'GET /campaigns/{id}/report/': {
    summary: "The campaign's proof-of-play report (xlsx)",
    description: "?from=YYYY-MM-DD&to=YYYY-MM-DD[&lang=en|ru]: an xlsx (campaign-{id}-{from}-{to}.xlsx) with one row per device and day of the period on which the campaign's events occur (an event's devices, its date range, and its weekdays when it repeats weekly): serial number, device, office, date, events (count), event titles, planned minutes (an all-day event counts 1440; an end time before the start time runs past midnight), plays and played minutes (from the statistics roll-ups, days in the statistics time zone; a device and day with plays but no planned event gets a row of its own). Headers in the language of lang (English by default). 400 invalid_period when from is after to, period_too_long over 366",
    query: CampaignReportQuery,
    answer: 'file',
    errors: { 400: ["invalid_period"] },
  },
  'GET /navigation/offices/': {
    summary: "Paged offices for the office picker, each {id, name, company, company_name, objects: [{id, name}]}",
    description: "paged offices for the office picker, each {id, name, company, company_name, objects: [{id, name}]}; ?company= filters.",
  },
  'GET /navigation/objects/': {
    summary: "Paged navigation objects of an office",
    description: "?office= (required): paged {id, office, name, layout, width, height, created_at} by name. layout is the URL of the display copy (WebP, at most 4096 px on its long side); width/height are the original's.",
    query: ObjectListQuery,
    response: Page(NavigationObject),
  },
  'POST /navigation/objects/create/': {
    summary: "Create a navigation object (a floor plan)",
    description: "multipart office, name (1-100 characters, unique within the office) and the file part layout: a PNG, JPEG or WebP image recognised by its first bytes, at most 26214400 bytes -> 201 object, once its display copy is made (ffmpeg). 409 object_name_taken (\"Object with this name already exists\", fields: {name: \"taken\"}); 413 file_too_large (cut off while it streams; nothing stays on disk); 400 not_an_image, invalid_image (ffmpeg cannot read it), unknown_office, validation_error.",
    status: 201,
    body: 'multipart',
    response: NavigationObject,
    errors: { 400: ["not_an_image","invalid_image"], 409: ["object_name_taken"], 413: ["file_too_large"] },
  },
  'GET /navigation/objects/{id}': {
    summary: "One navigation object",
    description: "one object.",
    response: NavigationObject,
  },
  'GET /navigation/objects/{id}/layout': {
    summary: "The display copy (image/webp)",
    description: "the display copy (image/webp).",
    answer: 'file',
  },
  'PUT /navigation/objects/{id}': {
    summary: "Rename a navigation object",
    description: "JSON {name} renames; multipart with name and/or layout renames and/or replaces the image (the old files go; markers keep their fractions). Same refusals as create.",
    body: ObjectRenameBody,
    response: NavigationObject,
  },
  'DELETE /navigation/objects/{id}': {
    summary: "Delete a navigation object",
    description: "204; its markers and files go, device maps on it lose their object.",
    status: 204,
  },
  'GET /navigation/markers/': {
    summary: "All the markers of a navigation object",
    description: "?object= (required): all the object's markers (at most 5000) as one page {count, next: null, previous: null, results}, each {id, object, kind, device, x, y, color, description, photo}; a device marker adds device_name and device_status (online / offline / disabled).",
    query: MarkerListQuery,
    response: Page(Marker),
  },
  'POST /navigation/markers/create/': {
    summary: "Create a marker",
    description: "{object, kind, device?, x, y, color?, description?, user} -> 201 marker. kind: device, none, toilet, atm, mother_care_room, disabled_room; x, y fractions of the layout (0..1, else 400 validation_error); color #rrggbb (default #0f6cbd). A device marker needs its device, of the object's office (400 device_not_in_office), once per object (409 device_marker_exists); other kinds take no device. 400 unknown_object, too_many_markers.",
    status: 201,
    body: MarkerCreateBody,
    response: Marker,
    errors: { 400: ["validation_error","device_not_in_office","unknown_object","too_many_markers"], 409: ["device_marker_exists"] },
  },
  'GET /navigation/markers/{id}': {
    summary: "One marker",
    description: "one marker.",
    response: Marker,
  },
  'PUT /navigation/markers/{id}': {
    summary: "Update a marker (JSON or multipart with a photo)",
    description: "JSON, any of {kind, device, x, y, color, description, photo: null} (photo: null clears the photo), or multipart with the file part photo (PNG, JPEG or WebP by first bytes, at most 5 MB: 400 not_an_image, 413).",
    body: MarkerUpdateBody,
    response: Marker,
    errors: { 400: ["not_an_image"] },
  },
  'GET /navigation/markers/{id}/photo': {
    summary: "The marker's photo",
    description: "the marker's photo.",
    answer: 'file',
  },
  'DELETE /navigation/markers/{id}': {
    summary: "Delete a marker",
    description: "204.",
    status: 204,
  },
  'GET /navigation/devices/{deviceId}/': {
    summary: "The device's navigation",
    description: "{device, object, x, y, comment, placeholder: {x, y, width, height}, markers, version, sent_version}: the device's object (null: none), where the screen stands on it (its device marker's position), a comment, the media placeholder (the part of the screen that keeps showing scheduled content, as fractions), the markers it shows (null: all of the object's), the saved version and the last sent one. A device without a map answers the defaults (version 0).",
    response: DeviceNavigation,
  },
  'PUT /navigation/devices/{deviceId}/': {
    summary: "Save the device's navigation",
    description: "any of {object, x, y, comment, placeholder, markers, user}: saves (Apply) and raises version. With an object, the device's own marker on it is created or moved to x, y (and its marker on another object goes). 400 object_not_in_office, unknown_object, unknown_marker (fields: {\"markers.<i>\": \"not_found\"}), validation_error.",
    body: DeviceNavigationBody,
    response: DeviceNavigation,
    errors: { 400: ["object_not_in_office","unknown_object","unknown_marker"] },
  },
  'POST /navigation/devices/{deviceId}/send/': {
    summary: "Publish the device's saved navigation to it",
    description: "publishes what is saved -> {device, sent_version} (at least version, and above the last sent one). The heartbeat answer carries navigation_version (the last sent version, 0 before any send; a send through another instance shows within 2 s) and the player reads the map when it changes.",
    response: SendAnswer,
  },
  'GET /player/navigation/': {
    summary: "Player: the navigation sent to it",
    description: "with the player's X-Device-Serial and X-Device-Key: {version, object: {id, name, layout, width, height} | null, position: {x, y}, comment, placeholder, markers: [{id, kind, device, x, y, color, description, photo}]} as last sent (version 0 and no object before any send). 401 / 403 as the other player routes; 400 without the headers.",
    auth: 'player',
    response: PlayerNavigation,
  },
  'GET /player/navigation/layout/': {
    summary: "Player: the layout image of its navigation",
    description: "with the player's headers: the display copy of the layout last sent to it; 404 when none.",
    auth: 'player',
    answer: 'file',
  },
  'GET /player/navigation/markers/{id}/photo': {
    summary: "Player: the photo of a marker in its map",
    description: "with the player's headers: the photo of a marker in its sent map; 404 otherwise.",
    auth: 'player',
    answer: 'file',
  },
  'GET /journal/': {
    summary: "Paged entries, newest first (created_at, then id), as {count, count_exact, next, previous, results}: count…",
    description: "paged entries, newest first (created_at, then id), as {count, count_exact, next, previous, results}: count is exact up to 10,000 matches; past that it is 10,000 with count_exact: false (counting a million entries would cost far more than the page), and next still says whether another page follows. Filters, combinable: user (id), entity (device, device_config, media_file, playlist, playlist_track, campaign, directory_query, company, office, user, session, ...), action, from (inclusive) and to (exclusive): a date YYYY-MM-DD (midnight UTC) or an ISO 8601 date-time with its offset (the SPA sends the reader's local midnights). 400 validation_error for a malformed filter, invalid_period when from ",
    query: JournalQuery,
    response: JournalPage,
    errors: { 400: ["validation_error"] },
  },
  'GET /journal/xlsx/': {
    summary: "The journal as an xlsx download",
    description: "the same filters plus lang (en, ru) and tz (IANA zone, default UTC): an xlsx (journal.xlsx) of the newest 100,000 matching entries: when (a date in tz), user, action, object, id, changes (\"Name: Lobby → Hall; ...\"), in the language of lang.",
    query: JournalSheetQuery,
    answer: 'file',
  },
  'POST /player/plays/': {
    summary: "Player key (X-Device-Serial / X-Device-Key, or serial / key in the body), no user token",
    description: "player key (X-Device-Serial / X-Device-Key, or serial / key in the body), no user token. {plays: [{id, event, media, playlist?, zone?, started_at, duration}]}, 1 to 1,000 plays (400 validation_error, fields.plays: \"out_of_range\" otherwise; 401/403 as the heartbeat). id: the player's own id of the play, 1 to 64 of A-Z a-z 0-9 . _ : -, unique per device; started_at: ISO instant; duration: seconds (0 < d <= 86,400). Answers 200 {accepted, duplicates, refused: [{id, reason}]}: accepted plays stored now, duplicates plays already stored (or repeated in the batch), which change nothing, and each refused play with its reason: invalid (shape), in_future (starts more than 5 minutes after the server's clock),",
    auth: 'player',
    errors: { 400: ["validation_error"] },
  },
  'GET /statistics/': {
    summary: "Proof-of-play statistics of a campaign",
    description: "?campaign=&date=YYYY-MM-DD&period= (period in hours, 1 to 744, default 24) -> {campaign: {id, name}, date, period, time_zone, total: {plays, seconds}, hours: [{hour, plays, seconds}] (every hour of the period, zeros included), devices: [{device, name, plays, seconds}], media: [{media, name, plays, seconds}]} (devices and media with plays, most plays first). Without campaign or date: 400 statistics_parameters_required (\"Statistics require a date and a campaign\", fields names each missing one); a bad period or date: 400 validation_error; an unknown campaign or another company's: 404.",
    query: StatisticsQuery,
    response: StatisticsAnswer,
    errors: { 400: ["statistics_parameters_required","validation_error"] },
  },
  'GET /statistics/compare/': {
    summary: "Compare up to 10 entities' plays",
    description: "?entities=campaign:1,device:7,media:3&date=&period=: 1 to 10 distinct entities (a repeated one counts once; 400 too_many_entities past 10, validation_error with fields.entities: \"invalid_format\" for a malformed one) -> {date, period, time_zone, series: [{entity, kind, id, name, total, hours}]} in the order given. An entity that does not exist (deleted since it was listed) or lies outside the caller's scope (another company's campaign or media, a device moved to another company's office): 404 compare_entity_not_found with fields naming every such one, {\"device:7\": \"not_found\", ...} (absent and out of scope alike), so a client can name it and drop it from its list; the other entities load with",
    query: CompareQuery,
    response: CompareAnswer,
    errors: { 400: ["too_many_entities"], 404: ["compare_entity_not_found"] },
  },
  'GET /statistics/unloads/': {
    summary: "Unload plays as xlsx (raw or hourly)",
    description: "?granularity=raw|hourly&from=YYYY-MM-DD&to=YYYY-MM-DD[&campaign=][&device=][&media=][&lang=en|ru]: an xlsx (statistics-{granularity}-{from}-{to}.xlsx) of every raw play (started at, serial number, device, campaign, event, media, duration, play id) or every hourly roll-up row (hour, campaign, serial number, device, media, event, plays, seconds) of the days from from to to (both included, days in the statistics time zone, at most 366), optionally limited to a campaign, device or media. No row cap: the file is written while it is sent (a zip writer of our own, server/domain/xlsxStream.ts, fed page by page by keyset queries), in constant server memory; past 1,048,575 rows the rows go on in a sec",
    query: UnloadQuery,
    answer: 'file',
    errors: { 400: ["invalid_period","period_too_long","validation_error"] },
  },
  'GET /statistics/entities/': {
    summary: "Search campaigns, devices or media for statistics",
    description: "?kind=campaign|device|media[&search=][&limit=] -> [{kind, id, name}]: the statistics pickers' search, the first limit (1 to 100, default 20) campaigns, devices or media of the caller's companies whose text holds search (at most 200 characters; a campaign's name, a device's name, serial, MAC, IP or description as the device list searches, a media file's name, description or original file name), in their list's order (campaigns and media newest first, devices as the device list); a device without a name is named by its serial. Needs statistics view only, so a user without the campaigns, devices or media screens can still pick what to count. 400 validation_error for an unknown kind, a limit out",
    query: EntitySearchQuery,
    response: EntitySearchAnswer,
    errors: { 400: ["validation_error"] },
  },
  'GET /statistics/live/': {
    summary: "Plays of the last 15 minutes",
    description: "plays that started in the last 15 minutes: {since, until, total: {plays, seconds}, minutes: [{minute, plays}], recent: [{device, device_name, media, media_name, campaign, campaign_name, started_at, duration}]} (the latest 20). Polled (the SPA asks every 5 seconds while the page is visible) rather than pushed with server-sent events: any instance answers from the database, so nothing per viewer lives in a server's memory and the load balancer needs no sticky or long-lived connections; a play reaches the server in the players' batches anyway, so a push would not be fresher.",
    response: LiveAnswer,
  },
  'GET /scheduler/events/': {
    summary: "Paged events by start date, then id",
    description: "paged events by start date, then id. campaign= filters; start= / end= (a date or an ISO instant as FullCalendar sends it; the date part counts) keep the events whose days overlap [start, end). page_size defaults to 500 here.",
    query: EventListQuery,
    response: EventPageEnvelope,
  },
  'POST /scheduler/events/create/': {
    summary: "Create a calendar event",
    description: "{campaign, title, media | playlist | layout, start_date, start_time?, end_date, end_time?, all_day?, color?, duration?, repeat?, weekdays?, devices, priority?, user?} -> 201 the event, unpublished.",
    status: 201,
    body: EventCreateBody,
    response: Event,
    errors: { 400: ["media_or_playlist_required", "unknown_media", "unknown_playlist", "unknown_layout"] },
  },
  'GET /scheduler/events/{id}': {
    summary: "One calendar event",
    description: "one event; 404 not_found.",
    response: Event,
    errors: { 404: ["not_found"] },
  },
  'PUT /scheduler/events/{id}': {
    summary: "Update a calendar event",
    description: "any subset of the create fields but campaign -> the event, now unpublished; the result must pass the same rules. Naming one of media, playlist and layout clears the other two.",
    body: EventUpdateBody,
    response: Event,
    errors: { 400: ["media_or_playlist_required", "unknown_media", "unknown_playlist", "unknown_layout"] },
  },
  'DELETE /scheduler/events/{id}': {
    summary: "Delete a calendar event",
    description: "204. Its published copy stays on the screens (and the campaign shows has_unpublished) until the campaign is published again.",
    status: 204,
  },
  'POST /scheduler/publish/{campaignId}/': {
    summary: "Publish a campaign's calendar to its devices",
    description: "409 {detail: \"Uncommited playlists found!\", code: \"uncommitted_playlists\", playlists: [{id, name}]} while an event uses a playlist whose tracks differ from its last committed version (or that was never committed), 409 uncommitted_layouts {detail, code, playlists: [], layouts: [{id, name}]} while one uses a layout whose draft is not committed; nothing changes then. Otherwise the campaign's events become what its screens play (a copy of each, published_events), are marked published, and the schedule of every device of the old and the new copies is compiled -> {campaign, events, devices, changed, published_at, warnings} (changed: devices whose schedule version moved). warnings: [{media, name, devices, reason}], one per file some of the campaign's screens cannot play yet (rendering: its fallback render is on its way) or at ",
    response: PublishResult,
    errors: { 409: ["uncommitted_playlists", "uncommitted_layouts"] },
  },
  'GET /scheduler/publish/{campaignId}/preview/': {
    summary: "Before a publish: what the campaign's screens could not play",
    description: "writes nothing -> {devices, warnings, uncommitted, uncommitted_layouts}: what publishing the campaign's events as they are now would leave unplayable; warnings [{media, name, devices, reason, screens}] (reason rendering: a conversion is needed first; cannot_play; decode_failed: every target screen reported failing to decode it within 7 days; screens: up to 10 of their names); uncommitted: the playlists that would make the publish refused, uncommitted_layouts: the layouts. 404 for an unknown campaign.",
    response: Preflight,
  },
  'POST /scheduler/options/{campaignId}/': {
    summary: "The event form's pickers, searched on the server",
    description: "the event form's pickers, searched on the server: {kind: devices | playlists | media | layouts, search?, chosen?: [ids], only_chosen?, match_ids?, page_size? (at most 100, default 100)} -> {count, results, ids?}. devices: the campaign's devices ({id, name, office_name}), searched in name, serial number, MAC, IP, description and office; playlists: the playlists of the campaign's screen position ({id, name, committed}); layouts: the same for layouts; media: its files that are not processing or failed ({id, name}). The chosen ids come first (then by name); only_chosen lists only them (an edited event's devices beyond the first page); match_ids (devices) adds every matching id, for \"select all\" of a search. Within the caller's companie",
    body: EventOptionsBody,
    response: EventOptionsPage,
  },
  'GET /scheduler/timeline/': {
    summary: "Compiled schedules of many devices for one day",
    description: "the compiled schedules of many devices for one day in one request (what /timeline shows): date=YYYY-MM-DD (required; the day in each device's office wall clock), office=, campaign= (its participating devices; a campaign outside the caller's scope is 404), status=online|offline|disabled, page=, page_size= (at most 500). Devices of the caller's scope (devices area, view), in the device list's order -> a page of {device: {id, name, sn, office_name, status}, version, timezone, items}, items being the stored items (as dev2 answers them) that touch the day. Read from storage: a device waiting in the compile queue shows its previous schedule until the compiler's next turn (about a second).",
    query: TimelineQuery,
    response: TimelinePage,
  },
  'GET /scheduler/dev2/{id}': {
    summary: "The device's compiled schedule",
    description: "the device's compiled schedule {device, version, timezone, generated_at, valid_until, power, items} (power: the screen's on spans, see docs/api.md \"Power schedules\"). For the panel (JWT) and for the device's own player (X-Device-Serial / X-Device-Key; another device's id: 403). items are the occurrences from the start of today in the device's zone until valid_until (8 local days: the next 7 days always covered), in play order (start, then higher priority, then event id), each {event, title, starts_at, ends_at (UTC, ISO 8601 with Z), local_start, local_end (the office's wall clock, without offset), priority, playlist, playlist_version, media: [{id, url, checksum, duration, rendition}], layout?, override?} (layout: a layout event's zones with their files, see docs/api.md \"Layouts on the screens\"; override: on an emergency override's item, see \"Overrides\"; a media",
    auth: 'playerOrUser',
    response: DeviceSchedule,
    errors: { 503: ["schedule_compiling"] },
  },
  'POST /overrides/create/': {
    summary: "Start an override",
    description: "{devices: [ids] | offices: [ids] | company: id, media | playlist | layout, ends_at?} -> 201 the override. 400 override_target_required (none or several of devices, offices, company), override_mixed_companies (targets of more than one company), media_or_playlist_required (none or more than one of media, playlist and layout), unknown_media / unknown_playlist / unknown_layout (absent or outside the scope), playlist_not_committed / layout_not_committed (never committed), override_end_in_past (ends_at not in the future), validation_error; 404 not_found for a target absent or outside the scope. A refused request changes nothing.",
    status: 201,
    body: OverrideCreateBody,
    response: Override,
    errors: { 400: ["override_target_required", "media_or_playlist_required", "unknown_layout", "layout_not_committed"], 404: ["not_found"] },
  },
  'GET /overrides/': {
    summary: "The running overrides of the caller's companies, newest first, paged",
    description: "the running overrides of the caller's companies, newest first, paged; device= keeps those that reach one device (404 for a device absent or outside the scope).",
    query: OverrideListQuery,
    response: Page(Override),
  },
  'GET /overrides/{id}': {
    summary: "One override, running or not",
    description: "one override, running or not; 404 not_found.",
    response: Override,
    errors: { 404: ["not_found"] },
  },
  'POST /overrides/{id}/clear/': {
    summary: "Clear an override",
    description: "clears it -> the override (active: false, cleared_at, cleared_by); the reached devices' schedules are compiled at once. 409 override_not_active when it was already cleared or has ended.",
    response: Override,
    errors: { 409: ["override_not_active"] },
  },
  'GET /webhooks/': {
    summary: "Paged webhook endpoints of the caller's companies",
    response: Page(WebhookEndpoint),
  },
  'POST /webhooks/create/': {
    summary: 'Register a webhook endpoint',
    description: 'secret: 16 to 200 printable characters, else the server makes one -> 201 the endpoint with its secret. Only http(s) URLs; private, loopback and link-local addresses are refused unless configured.',
    status: 201,
    body: WebhookCreateBody,
    response: WebhookEndpoint,
    errors: { 400: ['webhook_url_refused', 'unknown_company'] },
  },
  'GET /webhooks/{id}': {
    summary: 'One webhook endpoint (no secret)',
    response: WebhookEndpoint,
  },
  'PUT /webhooks/{id}': {
    summary: 'Update a webhook endpoint',
    description: 'The endpoint, with the new secret when regenerate_secret was asked.',
    body: WebhookUpdateBody,
    response: WebhookEndpoint,
    errors: { 400: ['webhook_url_refused'] },
  },
  'DELETE /webhooks/{id}': {
    summary: 'Delete a webhook endpoint, with its deliveries',
    status: 204,
  },
  'GET /webhooks/{id}/deliveries/': {
    summary: 'Paged deliveries of the endpoint, newest first, each with its attempts',
    response: Page(WebhookDelivery),
  },
  'POST /webhooks/{id}/test/': {
    summary: 'Send a webhook.test event at once and answer what the receiver said',
    response: WebhookTestResult,
  },
  'GET /alerts/settings/': {
    summary: "Offline alert settings of the caller's companies and their offices",
    response: type({ results: array(AlertSettings) }),
  },
  'PUT /alerts/settings/': {
    summary: 'Create or replace the offline alert settings of a company or one of its offices',
    body: AlertSettingsBody,
    response: AlertSettings,
    errors: { 400: ['unknown_company', 'unknown_office'] },
  },
  'DELETE /alerts/settings/{id}': {
    summary: "Remove settings: the company's defaults (or the office's company's settings) apply again",
    status: 204,
  },
};
