import type { Rect } from '../services/player/navigation.ts';
import { clockText, dateText, t } from './i18n.ts';
import { place } from './map.ts';

/*
 * The screens around playback: pairing (serial and server address in large type), refusals, the idle screen with
 * the time, a status line while starting, and the discreet offline badge. Plain DOM: the player bundle stays small
 * and a television's browser has little memory.
 */

export type PanelName = 'status' | 'pairing' | 'disabled' | 'keyLost' | 'idle' | null;

function element<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

export class Screen {
  private readonly panels: Record<Exclude<PanelName, null>, HTMLElement>;
  private readonly statusText = element('h1');
  private readonly pairingProblem = element('p', { className: 'problem' });
  private readonly keyLostProblem = element('p', { className: 'problem' });
  private readonly clock = element('div', { className: 'clock' });
  private readonly date = element('p');
  private readonly idleNote = element('p');
  private readonly badge = element('div', { className: 'badge', hidden: true });

  constructor(host: HTMLElement, serial: string, onRepair: () => void) {
    const repair = element('button', { type: 'button', textContent: t('refused.repair') });
    repair.addEventListener('click', onRepair);
    this.panels = {
      status: element('section', { className: 'panel', hidden: true }, this.statusText),
      pairing: element(
        'section',
        { className: 'panel', hidden: true },
        element('h1', { textContent: t('pairing.heading') }),
        element('p', { textContent: t('pairing.instructions') }),
        element(
          'dl',
          {},
          element('dt', { textContent: t('pairing.serial') }),
          element('dd', { textContent: serial, id: 'serial' }),
          element('dt', { textContent: t('pairing.server') }),
          element('dd', { textContent: location.host, id: 'address' }),
        ),
        this.pairingProblem,
      ),
      disabled: element('section', { className: 'panel', hidden: true }, element('h1', { textContent: t('refused.disabled') }), element('p', { textContent: t('refused.disabledHint') })),
      keyLost: element('section', { className: 'panel', hidden: true }, element('h1', { textContent: t('refused.keyLost') }), element('p', { textContent: t('refused.keyLostHint') }), this.keyLostProblem, repair),
      idle: element('section', { className: 'panel', hidden: true }, this.clock, this.date, this.idleNote),
    };
    host.append(...Object.values(this.panels), this.badge);
    this.tick(new Date());
  }

  /** The idle screen goes where the content plays: the whole screen, or the map's placeholder. */
  placeContent(rect: Rect): void {
    place(this.panels.idle, rect);
  }

  show(name: PanelName): void {
    for (const [key, panel] of Object.entries(this.panels)) panel.hidden = key !== name;
  }

  status(key: string): void {
    this.statusText.textContent = t(key);
    this.show('status');
  }

  pairingProblemIs(code: string | null): void {
    const key = code === 'device_key_required' ? 'pairing.keyRequired' : code === 'rate_limited' ? 'pairing.rateLimited' : code === 'offline' ? 'pairing.offline' : null;
    this.pairingProblem.textContent = key ? t(key) : '';
  }

  keyLostBecause(code: string | null): void {
    this.keyLostProblem.textContent = code ?? '';
  }

  idle(next: { title: string; at: Date } | null): void {
    this.idleNote.textContent = next ? t('idle.nextAt', { title: next.title, time: clockText(next.at) }) : t('idle.nothingScheduled');
    this.show('idle');
  }

  tick(now: Date): void {
    this.clock.textContent = clockText(now);
    this.date.textContent = dateText(now);
  }

  /** The discreet corner note: offline, downloads under way; null hides it. */
  note(text: string | null): void {
    this.badge.hidden = text === null;
    this.badge.textContent = text ?? '';
  }
}
