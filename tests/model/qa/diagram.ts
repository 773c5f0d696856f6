import type { AnyStateMachine } from 'xstate';
import { transitionsOf, type TransitionInfo } from './graph.ts';

type StateNode = AnyStateMachine['root'];

const idOf = (node: StateNode) => (node.path.length ? node.path.join('__') : 'machine_root');
const clean = (text: string) => text.replace(/[:;{}#"<>\n]/g, ' ').replace(/\s+/g, ' ').trim();

function actionNames(info: TransitionInfo): string[] {
  return (info.definition.actions ?? []).map((action: unknown) => {
    if (typeof action === 'string') return action;
    if (typeof action === 'function') return (action as { type?: string }).type ?? (action.name || 'inline');
    return ((action as { type?: unknown }).type as string) ?? 'action';
  });
}

function eventLabel(event: string): string {
  const done = /^xstate\.done\.actor\.(.+)$/.exec(event);
  if (done) return `done ${done[1]}`;
  const failed = /^xstate\.error\.actor\.(.+)$/.exec(event);
  if (failed) return `error ${failed[1]}`;
  const delayed = /^xstate\.after\.([^.]+)\./.exec(event);
  if (delayed) return `after ${delayed[1]}`;
  return event;
}

function label(info: TransitionInfo): string {
  const guard = info.guard ? ` [${info.guard}]` : '';
  const actions = actionNames(info).filter((name) => !name.startsWith('xstate.'));
  return clean(`${eventLabel(info.event)}${guard}${actions.length ? ` / ${actions.join(', ')}` : ''}`);
}

function nodeLabel(node: StateNode): string {
  const invoked = (node.invoke ?? []).map((invoke: { src: unknown; id: string }) => (typeof invoke.src === 'string' ? invoke.src : invoke.id));
  const tags = [...(node.tags ?? [])];
  const extras = [invoked.length ? `invokes ${invoked.join(', ')}` : '', tags.length ? `tags ${tags.join(', ')}` : ''].filter(Boolean);
  return clean(`${node.key}${extras.length ? ` (${extras.join('; ')})` : ''}`);
}

function block(node: StateNode, byNode: Map<StateNode, TransitionInfo[]>, indent: string): string[] {
  const lines: string[] = [];
  const children = Object.values(node.states) as StateNode[];
  children.forEach((child, index) => {
    if (node.type === 'parallel' && index > 0) lines.push(`${indent}--`);
    lines.push(`${indent}state "${nodeLabel(child)}" as ${idOf(child)}`);
    if (Object.keys(child.states).length) {
      lines.push(`${indent}state ${idOf(child)} {`);
      lines.push(...block(child, byNode, `${indent}  `));
      lines.push(`${indent}}`);
    }
  });
  if (node.type !== 'parallel' && node.initial?.target?.length) {
    lines.push(`${indent}[*] --> ${idOf(node.initial.target[0] as StateNode)}`);
  }
  for (const child of children) {
    if (child.type === 'final') lines.push(`${indent}${idOf(child)} --> [*]`);
  }
  return lines;
}

/** A Mermaid stateDiagram-v2 of a machine: states (with invoked actors and tags), events, guards and actions. */
export function mermaidOf(machine: AnyStateMachine): string {
  const infos = [...transitionsOf(machine).values()];
  const lines = ['stateDiagram-v2'];
  const root = machine.root as StateNode;
  const hasRootTransitions = infos.some((info) => info.source === '(root)');
  if (hasRootTransitions || !Object.keys(root.states).length) {
    lines.push(`  state "${clean(`${machine.id} (every state)`)}" as machine_root`);
    lines.push(`  [*] --> machine_root`);
    if (Object.keys(root.states).length) {
      lines.push('  state machine_root {');
      lines.push(...block(root, new Map(), '    '));
      lines.push('  }');
    }
  } else {
    lines.push(...block(root, new Map(), '  '));
  }
  for (const info of infos) {
    const source = info.definition.source as StateNode;
    const targets = (info.definition.target ?? [source]) as StateNode[];
    for (const target of targets) lines.push(`  ${idOf(source)} --> ${idOf(target)} : ${label(info)}`);
  }
  return lines.join('\n');
}

/** The Markdown file of a machine's diagram. */
export function diagramDocument(name: string, file: string, machine: AnyStateMachine): string {
  return [
    `# ${name}`,
    '',
    `The \`${machine.id}\` machine of \`${file}\`, drawn from its config by \`npm run qa:diagrams\` (a test fails when`,
    'this file is out of date). Labels read `event [guard] / actions`; a state names the actors it invokes and its tags.',
    '',
    '```mermaid',
    mermaidOf(machine),
    '```',
    '',
  ].join('\n');
}
