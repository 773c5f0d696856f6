import type { AppContext } from './context.ts';
import { hashPassword } from './auth/passwords.ts';
import { insertUser } from './db/users.ts';

/** Demo data: each feature adds its part here (operators now; fleet, media and campaigns as they land). */
export async function loadDemo(ctx: AppContext): Promise<void> {
  for (const name of ['operator', 'manager']) {
    await insertUser(ctx.db, name, await hashPassword(`${name}-demo-password`, ctx.config.passwordScryptCost));
  }
  console.log('  Demo data loaded: users operator / manager (password: <name>-demo-password).');
  await (await import('./demo/devices.ts')).loadDemoDevices(ctx);
  await (await import('./demo/media.ts')).loadDemoMedia(ctx);
}
