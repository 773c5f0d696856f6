import session from '../../model/session.qa.ts';
import { signIn } from '../../helpers/server.ts';
import { dropNext, failNext, type Adapter, type ReplayContext } from './replay.ts';

const login = (ctx: ReplayContext) => ctx.page.getByRole('heading', { name: 'Sign in to Vitrine' });
const signedInAs = (ctx: ReplayContext, name: string) => ctx.page.getByTitle(`Signed in as ${name}`);

/** Stores a session in the browser before the app starts, once (a reload keeps what the app made of it since). */
async function storeOnce(ctx: ReplayContext, items: Record<string, string>): Promise<void> {
  await ctx.context.addInitScript((stored) => {
    if (sessionStorage.getItem('qa-started')) return;
    sessionStorage.setItem('qa-started', '1');
    for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
  }, items);
}

function signInAs(remember: boolean) {
  return async (ctx: ReplayContext) => {
    await ctx.page.getByLabel('Username').fill('admin');
    // A refusal that follows is the real server's answer to a wrong password.
    const password = ctx.data.wrongPassword ? 'not-the-password' : ctx.e2e.server.adminPassword;
    ctx.data.wrongPassword = false;
    await ctx.page.getByLabel('Password', { exact: true }).fill(password);
    const box = ctx.page.getByRole('checkbox', { name: 'Remember me' });
    if ((await box.isChecked()) !== remember) await box.click();
    await ctx.page.getByRole('button', { name: 'Sign in' }).click();
  };
}

/** The session through the login screen, the top bar and the user menu; stored sessions are put in the browser's storage. */
export const sessionAdapter: Adapter = {
  qa: session,
  // Each path starts from what the browser keeps (stored tokens): a fresh context each.
  onePage: false,
  signedIn: false,
  unsupported: {
    'sign in with an empty username and password': 'the login form refuses empty fields itself: the machine never hears of it',
    'press "Retry" on the profile': 'no screen offers to load the profile again (the top bar shows "unknown name")',
    // The generated paths also send them where no screen calls the API (signed out); the rights change mid-session is
    // played in the browser by access.test.ts and access-screens.test.ts (the toast, then the screens follow the profile).
    'a save is refused with 403 (the rights changed meanwhile)': 'needs another user to change the rights mid-path; played by tests/e2e/access*.test.ts',
    'a list load is refused with 403 (the rights changed meanwhile)': 'needs another user to change the rights mid-path; played by tests/e2e/access*.test.ts',
    // The paths sign in as admin, who has no two-factor codes: the code step is played by tests/e2e/journal.test.ts
    // (a user enrolled through the API signs in with password and code) and src/views/login/LoginScreen.test.tsx.
    'the server asks for a two-factor code (the user has them on)': 'admin has no two-factor codes; a user with them is played by tests/e2e/journal.test.ts',
    'type the code 123456 and press "Verify"': 'needs a user with two-factor codes and a code of the moment; played by tests/e2e/journal.test.ts',
    'press "Back" on the code step': 'needs a user with two-factor codes; played by src/views/login/LoginScreen.test.tsx',
  },
  async start(ctx, start) {
    if (start === 'an access token stored') {
      const tokens = await signIn(ctx.e2e.server);
      await storeOnce(ctx, { access: tokens.access, refresh: tokens.refresh });
      await ctx.page.goto('/devices');
    } else if (start === 'a broken access token and a refresh token stored') {
      await storeOnce(ctx, { access: 'not-a-jwt', refresh: (await signIn(ctx.e2e.server)).refresh });
      await ctx.page.goto('/devices');
    } else if (start === 'only a refresh token stored') {
      // A refused refresh that follows is the real server's answer to a token it never issued.
      const refresh = ctx.data.refreshRefused ? 'a-refresh-token-the-server-never-issued' : (await signIn(ctx.e2e.server)).refresh;
      await storeOnce(ctx, { refresh });
      await ctx.page.goto('/devices');
    } else {
      await ctx.page.goto('/login');
    }
  },
  act: {
    'sign in as admin with the right password, remember me': signInAs(true),
    'sign in as admin, do not remember me': signInAs(false),
    'sign out': async (ctx) => {
      await ctx.page.getByRole('button', { name: 'User menu' }).click();
      await ctx.page.getByRole('menuitem', { name: 'Sign out' }).click();
    },
    // The session ends on the server (its refresh token revoked, the access token no longer accepted): the next
    // call of the app answers 401, the refresh is refused, and the app signs out.
    'the session expires (a call answers 401 after refresh)': async (ctx) => {
      const refresh = await ctx.page.evaluate(() => sessionStorage.getItem('refresh') ?? localStorage.getItem('refresh'));
      await ctx.admin.client.post('/auth/logout/', { refresh });
      await ctx.page.evaluate(() => {
        const storage = sessionStorage.getItem('access') ? sessionStorage : localStorage;
        storage.setItem('access', 'expired.access.token');
      });
      // Signed in, the app shows the devices page: its "Refresh" makes the call.
      await ctx.page.getByRole('button', { name: 'Refresh' }).click();
    },
    // The access token is no longer accepted: the next call answers 401, the http client refreshes and stores a new pair.
    "a call's 401 refresh stores a new token pair of admin": async (ctx) => {
      await ctx.page.evaluate(() => {
        const storage = sessionStorage.getItem('access') ? sessionStorage : localStorage;
        storage.setItem('access', 'expired.access.token');
      });
      const refreshed = ctx.page.waitForResponse((response) => response.url().includes('/auth/token/token-refresh/'));
      await ctx.page.getByRole('button', { name: 'Refresh' }).click();
      await refreshed;
    },
  },
  arrange: {
    'the server refuses the password': async (ctx) => void (ctx.data.wrongPassword = true),
    'the network is down during sign-in': (ctx) => dropNext(ctx.page, 'POST', /\/auth\/token-obtain\//),
    'the server refuses the stored refresh token': async (ctx) => void (ctx.data.refreshRefused = true),
    'the profile fails to load (500)': (ctx) => failNext(ctx.page, 'GET', /\/users\/profile\//, 500, { detail: 'Server error.', code: 'server_error' }),
    'the network is down during sign-out': (ctx) => dropNext(ctx.page, 'POST', /\/auth\/logout\//),
  },
  shows: {
    'signedOut.idle': (ctx) => login(ctx).waitFor(),
    'signedOut.logoutFailed': (ctx) => login(ctx).waitFor(),
    'signedIn.loadingProfile': (ctx) => ctx.page.getByRole('button', { name: 'User menu' }).waitFor(),
    'signedIn.ready': (ctx) => signedInAs(ctx, 'admin').waitFor(),
    'signedIn.profileError': (ctx) => signedInAs(ctx, 'unknown name').waitFor(),
  },
};
