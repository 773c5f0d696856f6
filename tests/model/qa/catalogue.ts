import type { AnyStateMachine, EventFrom, EventObject, SnapshotFrom } from 'xstate';

/** An event the machine gets from XState itself: an invoked actor's answer or failure, a delay running out. */
export type SystemEvent = EventObject & { type: `xstate.${string}` };

/** What a step expects, written from the spec rather than read from the machine. */
export interface StepExpectation {
  /** The state reached: a dotted state path ('signedIn.ready'); a parent means any of its children. */
  to?: string;
  /** A subset of the machine's `view` that must hold after the step. */
  see?: Record<string, unknown>;
  /** The calls this step makes, exactly, in words (`notify: error login.error`, `obtainTokens: admin/secret`). */
  calls?: string[];
  /**
   * What the screen shows after the step, in the user's words, for the pages a person follows (docs/qa): write the
   * texts with `text('ns:key')` (tests/model/qa/screen.ts) so they come from locales/en and a changed text is seen.
   */
  screen?: string[];
  /** Ids of the spec requirements this step checks (tests/model/requirements.ts). */
  req?: string[];
  /**
   * What the step does to the timers of the watched delays (a debounce, a throttle: `watch` in `delays`), by delay key:
   * `start` (a timer set, none cancelled), `restart` (the waiting one cancelled and a new one set: the wait begins
   * again), `cancel` (the waiting one dropped), `none` (untouched: what a step that lists nothing expects).
   */
  timers?: Record<string, TimerOperation>;
}

/** What a step does to a watched delay's timer (see `StepExpectation.timers`). */
export type TimerOperation = 'start' | 'restart' | 'cancel' | 'none';

/** What a tester prepares before a start: where to go, as whom, with what data. */
export interface Preconditions {
  /** The route to open ('/devices/3'). */
  route: string;
  /** Who is signed in, with which rights ('admin', 'a user with devices edit rights', 'nobody'). */
  user: string;
  /** The data to prepare ('a company with 2 devices'). */
  data?: string;
}

/** A delay's expected duration and where the rule comes from ('spec 9', 'docs/api.md player heartbeat'). */
export interface ExpectedDelay {
  ms: number;
  from: string;
  /**
   * A debounce or a throttle: besides its duration, every step's effect on its timer is checked (`timers` of the
   * step's expectation; `none` when it says nothing), so typing that no longer restarts the wait, or a wait that is
   * not dropped, fails.
   */
  watch?: 'debounce' | 'throttle';
}

/**
 * The oracle of a machine: for a state (dotted path; looked up from the active leaf upwards) and a sample
 * event's name, what the step must do. A sample event not listed for any active state must leave it unchanged.
 */
export type Expectations = Record<string, Record<string, string | StepExpectation | ((context: any) => string | StepExpectation)>>;

/**
 * The QA catalogue of one machine: the sample events (valid and invalid payloads) the paths are made of, how a
 * real actor of it is run, and the expectations each step is checked against.
 */
export interface QaCatalogue<TMachine extends AnyStateMachine = AnyStateMachine> {
  /** The production machine (the gate matches catalogues to machines by this object). */
  machine: TMachine;
  /** The file the machine lives in, relative to the repository root. */
  file: string;
  /** Short words for what the machine is, for the readable paths. */
  title: string;
  /** Ids of the invoked promise actors: paths settle them with `done(...)` / `error(...)` samples. */
  actors?: readonly string[];
  /** Actions whose calls are recorded (and stubbed): navigation, toasts, downloads. */
  recorded?: readonly string[];
  /** How a recorded call or an actor's input reads in words; default: JSON. */
  describeCall?: (name: string, argument: unknown) => string;
  input?: unknown;
  /**
   * Named starting situations (stored tokens, ...), each prepared before the actor starts; default one 'start'.
   * A start that returns a value starts the machine with it as input instead of `input`.
   */
  starts?: Record<string, () => unknown>;
  /** Named sample events. The name is what a QA engineer does or sees happen, in words. */
  events: Record<string, EventFrom<TMachine> | SystemEvent>;
  /** Samples that only make sense in some situations (a save answer names the file being saved): sent only when true. */
  when?: Record<string, (snapshot: SnapshotFrom<TMachine>) => boolean>;
  /** Per start, the state the machine must settle in (after eventless transitions). */
  initial?: Record<string, string | StepExpectation>;
  expect: Expectations;
  /** What the view would show, from the machine's selectors: compared with `see` and printed in the paths. */
  view?: (snapshot: SnapshotFrom<TMachine>) => Record<string, unknown>;
  /** Checks that hold after every step whatever the path (stored values, tags); throw to fail. */
  invariant?: (snapshot: SnapshotFrom<TMachine>) => void;
  /**
   * The expected duration of every delay the machine sets, written from the spec or the product's rules (never read
   * from the machine): by the delay's name (`heartbeat`), or for an inline number by `<state id>#<n>` (the n-th entry,
   * from 1, of that state's `after`). The replay checks each timer the actor really sets against it.
   */
  delays?: Record<string, ExpectedDelay>;
  /** Per start, what a tester prepares (route, user rights, data); the pages print it before the path. */
  preconditions?: Record<string, Preconditions>;
  /** The locale namespace of the machine's screen (locales/en/<namespace>.json): toast keys resolve there first, then in common. */
  namespace?: string;
  /** Per sample, how a tester causes it (a server outcome: which request to refuse, what data to prepare). */
  howTo?: Record<string, string>;
  /**
   * Samples the screen cannot produce, each with the reason (or, by state, the reasons in the states where it cannot:
   * `{ signingIn: 'the login form is gone while...' }`, looked up from the active leaf upwards; or, where it depends on
   * what is shown, a function of the view before the step answering the reason or undefined): the pages mark those
   * steps "not possible on screen".
   */
  offScreen?: Record<string, string | Record<string, string> | ((view: Record<string, unknown>) => string | undefined)>;
  /**
   * Spec requirement ids (tests/model/requirements.ts) by sample or start name: a step sending the sample checks them
   * where the catalogue expects something of it in the state it is sent in (an expectation's own `req` is finer).
   */
  req?: Record<string, readonly string[]>;
  /** Per recorded action, what the screen shows when it is called (`goToLogin: 'the login screen'`). */
  onScreen?: Record<string, string>;
  /**
   * Per state (dotted path), user samples the state ignores: the pages show them as "nothing happens" steps right
   * after a path reaches the state, and the replay checks that they change nothing.
   */
  refused?: Record<string, readonly string[]>;
  /** Transitions no path can take, by id (`<state id> <event> #<n>`), each with the reason. */
  unreachable?: Record<string, string>;
  /** Exploration depth from a start (default 8). */
  depth?: number;
  /** Longest path the cover generator builds before it starts a new one (default 14). */
  maxPathLength?: number;
  /** The equivalence used while exploring (default: value and context). */
  key?: (snapshot: SnapshotFrom<TMachine>) => string;
}

/** Declares a machine's QA catalogue (typed by the machine). */
export function defineQa<TMachine extends AnyStateMachine>(catalogue: QaCatalogue<TMachine>): QaCatalogue<TMachine> {
  return catalogue;
}

/** The sample event of an invoked actor finishing with `output`. */
export function done(actorId: string, output: unknown): SystemEvent {
  return { type: `xstate.done.actor.${actorId}`, output } as SystemEvent;
}

/** The sample event of an invoked actor failing with `error`. */
export function error(actorId: string, failure: unknown): SystemEvent {
  return { type: `xstate.error.actor.${actorId}`, error: failure } as SystemEvent;
}

/** The sample event of a delayed (`after`) transition firing: `delay` is its name or ms, `stateId` the state's id. */
export function after(delay: string | number, stateId: string): SystemEvent {
  return { type: `xstate.after.${delay}.${stateId}` };
}
