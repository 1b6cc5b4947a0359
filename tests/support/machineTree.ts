import type { AnyStateMachine } from 'xstate';
import { guardLabel, type MachineGuard } from '../../scripts/machine-diagrams/guardLabel.ts';

/**
 * A machine's structure in one comparable shape: what the Stately visualiser draws (states, their kind and
 * initial child, entry and exit actions, invoked actors, transitions with their event, guard, actions and
 * targets) and nothing it cannot see.
 * Built from the running machine (`machine.root`) and from the config Stately's parser extracts from the file,
 * so a test can say the two are equal.
 */
export interface MachineTreeNode {
  id: string;
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  initial: string | null;
  invoke: string[];
  entry: string[];
  exit: string[];
  /** `event [guard] -> target,target` ('(stay)' without a target): grouped by event, in priority order within one. */
  transitions: string[];
  states: Record<string, MachineTreeNode>;
}

/** Groups by event (a stable sort keeps the order of the candidates of one event: their priority). */
function byEvent(labels: string[]): string[] {
  const eventOf = (label: string) => label.slice(0, label.search(/ \[| \/ | -> /));
  return labels.sort((a, b) => (eventOf(a) < eventOf(b) ? -1 : eventOf(a) > eventOf(b) ? 1 : 0));
}

function transitionLabel(event: string, guard: string | null, actions: readonly string[], targets: readonly string[]): string {
  const does = actions.length > 0 ? ` / ${actions.join(', ')}` : '';
  return `${event || '(always)'}${guard ? ` [${guard}]` : ''}${does} -> ${targets.join(',') || '(stay)'}`;
}

// ---------------------------------------------------------------------------------------------
// The running machine
// ---------------------------------------------------------------------------------------------

type RunningAction = string | { type: string } | ((...args: never[]) => unknown);

/** An action by its name, or `inline` for a function (an assign, a sendTo…) written in the config. */
export function actionLabel(action: RunningAction): string {
  if (typeof action === 'string') return action;
  if (typeof action === 'function') return 'inline';
  return action.type;
}

/** The raise on entry and cancel on exit XState adds to a state for each of its `after` delays. */
function isDelayBookkeeping(action: RunningAction): boolean {
  const scheduled = action as { id?: unknown; sendId?: unknown };
  return typeof action === 'function' && [scheduled.id, scheduled.sendId].some((id) => String(id).startsWith('xstate.after.'));
}

interface RunningTransition {
  guard?: MachineGuard;
  actions: readonly RunningAction[];
  target?: readonly { id: string }[];
}

interface RunningNode {
  id: string;
  type: MachineTreeNode['type'];
  initial?: { target: readonly { key: string }[] };
  invoke: readonly { id: string; src: unknown }[];
  entry: readonly RunningAction[];
  exit: readonly RunningAction[];
  transitions: Map<string, readonly RunningTransition[]>;
  always?: readonly RunningTransition[];
  states: Record<string, RunningNode>;
}

export function runningMachineTree(machine: AnyStateMachine): MachineTreeNode {
  const visit = (node: RunningNode): MachineTreeNode => {
    const transitions: string[] = [];
    const add = (event: string, candidate: RunningTransition) =>
      transitions.push(
        transitionLabel(
          event,
          guardLabel(candidate.guard),
          candidate.actions.map(actionLabel),
          (candidate.target ?? []).map((target) => target.id),
        ),
      );
    for (const [event, candidates] of node.transitions) for (const candidate of candidates) add(event, candidate);
    for (const candidate of node.always ?? []) add('', candidate);
    return {
      id: node.id,
      type: node.type,
      initial: node.initial?.target[0]?.key ?? null,
      invoke: node.invoke.map((invocation) => `${invocation.id}: ${typeof invocation.src === 'string' ? invocation.src : 'inline'}`),
      entry: node.entry.filter((action) => !isDelayBookkeeping(action)).map(actionLabel),
      exit: node.exit.filter((action) => !isDelayBookkeeping(action)).map(actionLabel),
      transitions: byEvent(transitions),
      states: Object.fromEntries(Object.entries(node.states).map(([key, child]) => [key, visit(child)])),
    };
  };
  return visit(machine.root as unknown as RunningNode);
}

// ---------------------------------------------------------------------------------------------
// The config Stately's parser extracts from the source (XState 4 vocabulary: `cond` for guards)
// ---------------------------------------------------------------------------------------------

type MaybeArray<T> = T | T[];
const arrayOf = <T>(value: MaybeArray<T> | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

interface ExtractedCond {
  kind?: string;
  type?: string;
}
interface ExtractedAction {
  kind?: string;
  action?: { type?: string };
}
interface ExtractedTransition {
  target?: MaybeArray<string>;
  cond?: ExtractedCond;
  actions?: MaybeArray<ExtractedAction>;
}
interface ExtractedInvoke {
  id?: string;
  src: string;
  kind: 'inline' | 'named';
  onDone?: MaybeArray<ExtractedTransition>;
  onError?: MaybeArray<ExtractedTransition>;
}
export interface ExtractedStateConfig {
  id?: string;
  initial?: string;
  type?: 'parallel' | 'history' | 'final';
  entry?: MaybeArray<ExtractedAction>;
  exit?: MaybeArray<ExtractedAction>;
  on?: Record<string, MaybeArray<ExtractedTransition>>;
  after?: Record<string, MaybeArray<ExtractedTransition>>;
  always?: MaybeArray<ExtractedTransition>;
  onDone?: MaybeArray<ExtractedTransition>;
  invoke?: MaybeArray<ExtractedInvoke>;
  states?: Record<string, ExtractedStateConfig>;
}

function extractedGuardLabel(cond: ExtractedCond | undefined): string | null {
  if (!cond) return null;
  return cond.kind === 'named' && cond.type ? cond.type : 'inline';
}

function extractedActionLabels(actions: MaybeArray<ExtractedAction> | undefined): string[] {
  return arrayOf(actions).map((action) => (action.kind === 'named' && action.action?.type ? action.action.type : 'inline'));
}

export function extractedMachineTree(config: ExtractedStateConfig): MachineTreeNode {
  const machineId = config.id ?? '(machine)';
  // Every node's id, as XState gives it: its own `id`, or the machine id and its path joined by dots.
  const paths = new Map<string, string[]>();
  const idOfPath = new Map<string, string>();
  const index = (node: ExtractedStateConfig, path: string[]) => {
    const id = node.id ?? [machineId, ...path].join('.');
    paths.set(id, path);
    idOfPath.set(path.join('.'), id);
    for (const [key, child] of Object.entries(node.states ?? {})) index(child, [...path, key]);
  };
  index(config, []);

  const resolve = (target: string, source: string[]): string => {
    let path: string[];
    if (target.startsWith('#')) {
      const [id = '', ...rest] = target.slice(1).split('.');
      path = [...(paths.get(id) ?? [`#${id}`]), ...rest];
    } else if (target.startsWith('.')) {
      path = [...source, ...target.slice(1).split('.')];
    } else {
      path = [...source.slice(0, -1), ...target.split('.')];
    }
    return idOfPath.get(path.join('.')) ?? `unresolved(${target})`;
  };

  const visit = (node: ExtractedStateConfig, path: string[]): MachineTreeNode => {
    const id = idOfPath.get(path.join('.'))!;
    const transitions: string[] = [];
    const add = (event: string, candidates: MaybeArray<ExtractedTransition> | undefined) => {
      for (const candidate of arrayOf(candidates)) {
        const targets = arrayOf(candidate.target).map((target) => resolve(target, path));
        transitions.push(transitionLabel(event, extractedGuardLabel(candidate.cond), extractedActionLabels(candidate.actions), targets));
      }
    };
    for (const [event, candidates] of Object.entries(node.on ?? {})) add(event, candidates);
    for (const [delay, candidates] of Object.entries(node.after ?? {})) add(`xstate.after.${delay}.${id}`, candidates);
    const invocations = arrayOf(node.invoke);
    invocations.forEach((invocation, position) => {
      const invokeId = invocation.id ?? `${id}:invocation[${position}]`;
      add(`xstate.done.actor.${invokeId}`, invocation.onDone);
      add(`xstate.error.actor.${invokeId}`, invocation.onError);
    });
    add(`xstate.done.state.${id}`, node.onDone);
    add('', node.always);

    const children = Object.entries(node.states ?? {});
    return {
      id,
      type: node.type ?? (children.length > 0 ? 'compound' : 'atomic'),
      initial: node.initial ?? null,
      invoke: invocations.map(
        (invocation, position) =>
          `${invocation.id ?? `${id}:invocation[${position}]`}: ${invocation.kind === 'named' ? invocation.src : 'inline'}`,
      ),
      entry: extractedActionLabels(node.entry),
      exit: extractedActionLabels(node.exit),
      transitions: byEvent(transitions),
      states: Object.fromEntries(children.map(([key, child]) => [key, visit(child, [...path, key])])),
    };
  };
  return visit(config, []);
}

/** Where a tree holds logic written inline in the config (a guard, an action or an actor the visualiser cannot name). */
export function inlineLogic(node: MachineTreeNode): string[] {
  const here = [...node.invoke, ...node.entry.map((a) => `entry ${a}`), ...node.exit.map((a) => `exit ${a}`), ...node.transitions]
    .filter((label) => /\binline\b/.test(label))
    .map((label) => `${node.id}: ${label}`);
  return [...here, ...Object.values(node.states).flatMap(inlineLogic)];
}
