import type { AnyStateMachine } from 'xstate';
import { guardLabel, type MachineGuard } from './guardLabel.ts';
import type { MachineFile } from './machineFiles.ts';

/**
 * A machine as a Mermaid `stateDiagram-v2`, drawn from the machine object (`machine.root`), never by hand:
 * states (nested ones inside their parent, parallel regions split by `--`), initial and final states, and
 * every transition labelled by its event and guard.
 */

interface DiagramTransition {
  eventType: string;
  guard?: MachineGuard;
  target?: readonly DiagramNode[];
}

interface DiagramNode {
  id: string;
  key: string;
  path: string[];
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  description?: string;
  tags: string[];
  parent?: DiagramNode;
  initial?: { target: readonly DiagramNode[] };
  transitions: Map<string, readonly DiagramTransition[]>;
  always?: readonly DiagramTransition[];
  states: Record<string, DiagramNode>;
  invoke: readonly { id: string; src: unknown }[];
}

/** A Mermaid id for a state: its path, prefixed so no state name clashes with a Mermaid keyword. */
const mermaidId = (node: DiagramNode) => `s_${node.path.join('__')}`;

/** An event as a reviewer reads it: delays, actor completions and eventless transitions in words. */
export function eventLabel(eventType: string): string {
  if (eventType === '') return 'always';
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (after) return `after ${after[1]}`;
  const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  if (done) return `${done[1]} done`;
  const error = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
  if (error) return `${error[1]} error`;
  if (eventType.startsWith('xstate.done.state.')) return 'done';
  return eventType;
}

/** A guard with the fixed params it is given in the config (`selects(step=gresb)`), so candidates differ. */
function guardWithParams(guard: MachineGuard): string | null {
  const label = guardLabel(guard);
  const params = typeof guard === 'object' ? (guard as { params?: unknown }).params : undefined;
  if (!label || params === null || typeof params !== 'object') return label;
  const fixed = Object.entries(params).filter(([, value]) => ['string', 'number', 'boolean'].includes(typeof value));
  return fixed.length > 0 ? `${label}(${fixed.map(([key, value]) => `${key}=${String(value)}`).join(', ')})` : label;
}

/** Mermaid reads `;`, `#` and a few others in labels as syntax: write them as entity codes. */
const escapeLabel = (text: string) => text.replace(/[#;:{}]/g, (char) => `#${char.charCodeAt(0)};`);

function isAncestorOrSelf(ancestor: DiagramNode, node: DiagramNode): boolean {
  for (let current: DiagramNode | undefined = node; current; current = current.parent) if (current === ancestor) return true;
  return false;
}

/** The innermost compound or parallel node holding both ends: where Mermaid wants the edge declared. */
function edgeScope(source: DiagramNode, target: DiagramNode): DiagramNode {
  for (let scope = source.parent; scope; scope = scope.parent) if (isAncestorOrSelf(scope, target)) return scope;
  return source;
}

export function mermaidStateDiagram(machine: AnyStateMachine): string {
  const root = machine.root as unknown as DiagramNode;
  const edges = new Map<DiagramNode, string[]>();
  const addEdge = (scope: DiagramNode, line: string) => {
    // Mermaid splits a parallel state's body into regions at `--` and refuses an edge written after them.
    let at = scope;
    while (at.type === 'parallel' && at.parent) at = at.parent;
    edges.set(at, [...(edges.get(at) ?? []), line]);
  };

  const staying = new Map<DiagramNode, string[]>();
  // The machine's own transitions (root `on`) apply in every state: drawn from one "any state" box.
  const anyState = 's_any_state';
  const collect = (node: DiagramNode) => {
    const candidates: DiagramTransition[] = [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
    for (const transition of candidates) {
      const guard = guardWithParams(transition.guard);
      const label = escapeLabel(`${eventLabel(transition.eventType)}${guard ? ` [${guard}]` : ''}`);
      if (!transition.target?.length) {
        // Actions only: the state stays (no exit, no entry). Written in its box, or as a loop on a box that
        // holds other states.
        if (node === root) addEdge(root, `${anyState} : ${label}`);
        else if (Object.keys(node.states).length === 0) addEdge(node.parent ?? root, `${mermaidId(node)} : ${label}`);
        else staying.set(node, [...(staying.get(node) ?? []), label]);
        continue;
      }
      for (const target of transition.target) {
        if (node === root) {
          addEdge(root, `${anyState} --> ${mermaidId(target)}: ${label}`);
        } else if (isAncestorOrSelf(node, target) && node !== target) {
          // Into its own child: drawn from the parent's initial marker would mislead; from the box itself.
          addEdge(node.parent ?? root, `${mermaidId(node)} --> ${mermaidId(target)}: ${label}`);
        } else {
          addEdge(edgeScope(node, target), `${mermaidId(node)} --> ${mermaidId(target)}: ${label}`);
        }
      }
    }
    for (const child of Object.values(node.states)) collect(child);
  };
  collect(root);
  // A box holding other states cannot hold text: its actions-only transitions go in a note beside it.
  for (const [node, labels] of staying) {
    addEdge(
      node.parent ?? root,
      [`note right of ${mermaidId(node)}`, `  stays in ${node.key} on`, ...labels.map((l) => `  ${l}`), 'end note'].join('\n'),
    );
  }

  const lines: string[] = ['stateDiagram-v2'];
  const body = (node: DiagramNode, indent: string) => {
    const children = Object.values(node.states);
    if (node.type === 'parallel') {
      children.forEach((region, index) => {
        if (index > 0) lines.push(`${indent}--`);
        declare(region, indent);
      });
    } else {
      const initial = node.initial?.target[0];
      if (initial) lines.push(`${indent}[*] --> ${mermaidId(initial)}`);
      for (const child of children) declare(child, indent);
    }
    for (const child of children) if (child.type === 'final') lines.push(`${indent}${mermaidId(child)} --> [*]`);
    for (const edge of edges.get(node) ?? []) lines.push(...edge.split('\n').map((line) => `${indent}${line}`));
  };
  const declare = (node: DiagramNode, indent: string) => {
    const name = node.type === 'history' ? `${node.key} (history)` : node.key;
    lines.push(`${indent}state "${escapeLabel(name)}" as ${mermaidId(node)}`);
    if (Object.keys(node.states).length > 0) {
      lines.push(`${indent}state ${mermaidId(node)} {`);
      body(node, `${indent}  `);
      lines.push(`${indent}}`);
    }
  };
  if (root.transitions.size > 0) lines.push(`  state "(any state)" as ${anyState}`);
  body(root, '  ');
  return lines.join('\n');
}

function describeStates(root: DiagramNode): string[] {
  const rows: string[] = [];
  const visit = (node: DiagramNode) => {
    for (const child of Object.values(node.states)) {
      const kind = child.type === 'atomic' ? '' : child.type;
      const invoked = child.invoke.map((invocation) => `invokes \`${invocation.id}\``);
      const notes = [kind, ...child.tags.map((tag) => `tag \`${tag}\``), ...invoked].filter(Boolean).join(', ');
      const description = (child.description ?? '').replace(/\|/g, '\\|').replace(/\s+/g, ' ');
      rows.push(`| \`${child.path.join('.')}\` | ${notes} | ${description} |`);
      visit(child);
    }
  };
  visit(root);
  return rows;
}

/** The events a machine accepts from outside (not XState's own done, error and delay events). */
export function machineEvents(machine: AnyStateMachine): string[] {
  return eventsOf(machine.root as unknown as DiagramNode);
}

function eventsOf(root: DiagramNode): string[] {
  const events = new Set<string>();
  const visit = (node: DiagramNode) => {
    for (const eventType of node.transitions.keys()) if (!eventType.startsWith('xstate.')) events.add(eventType);
    for (const child of Object.values(node.states)) visit(child);
  };
  visit(root);
  return [...events].sort();
}

/** The Markdown file of one machine: where it comes from, its diagram, its states and the events it accepts. */
export function machineDiagramMarkdown(machine: AnyStateMachine, file: MachineFile): string {
  const root = machine.root as unknown as DiagramNode;
  const fromFolder = (path: string) => `../../${path}`;
  return [
    `# ${machine.id}`,
    '',
    `<!-- Generated by \`npm run machines:diagrams\` from ${file.path}: do not edit by hand. -->`,
    '',
    `Machine: [\`${file.path}\`](${fromFolder(file.path)}) · path tests: [\`${file.pathTest}\`](${fromFolder(file.pathTest)}) · ` +
      `[catalogue](../README.md)`,
    '',
    ...(root.description ? [root.description, ''] : []),
    'Transitions read `event [guard]`; `x done` / `x error` is the invoked actor `x` finishing or failing, ' +
      '`after d` the delay `d`, `always` an eventless transition; `(any state)` stands for transitions the machine ' +
      'takes from wherever it is. Inside a state box (or in a note beside a box of states), `event [guard]` is a ' +
      'transition that only runs actions and stays in the state.',
    '',
    '```mermaid',
    mermaidStateDiagram(machine),
    '```',
    '',
    '## States',
    '',
    '| state | kind | what it means |',
    '|---|---|---|',
    ...describeStates(root),
    '',
    '## Events',
    '',
    ...eventsOf(root).map((event) => `- \`${event}\``),
    '',
  ].join('\n');
}
