// Helpers for the devices catalogues' pages (docs/qa): what the screen shows, merged into the expectations.
import type { Expectations, StepExpectation } from '../qa/catalogue.ts';

/**
 * The expectations with `screen` lines added by state and sample (a function expectation keeps its own answer and
 * gets the lines too). A state or sample the expectations do not have is an error: the lines would go nowhere.
 */
export function withScreen(expect: Expectations, screens: Record<string, Record<string, string[]>>): Expectations {
  const merged: Expectations = { ...expect };
  for (const [state, samples] of Object.entries(screens)) {
    const rules = { ...merged[state] };
    if (!merged[state]) throw new Error(`withScreen: no expectations for the state ${state}`);
    for (const [sample, lines] of Object.entries(samples)) {
      const rule = rules[sample];
      if (rule === undefined) throw new Error(`withScreen: no expectation of "${sample}" in ${state}`);
      const add = (found: string | StepExpectation): StepExpectation => (typeof found === 'string' ? { to: found, screen: lines } : { ...found, screen: [...(found.screen ?? []), ...lines] });
      rules[sample] = typeof rule === 'function' ? (context: unknown) => add(rule(context)) : add(rule);
    }
    merged[state] = rules;
  }
  return merged;
}

/** The devices screens' who: a user whose groups give Devices "Edit" (the admin has every right). */
export const DEVICES_EDITOR = 'admin (or a user whose group gives Devices "Edit")';

/** How to make any request fail: the devtools' network switched off before the action. */
export const offlineBefore = (action: string) => `in the devtools Network tab, choose "Offline" before ${action}`;
