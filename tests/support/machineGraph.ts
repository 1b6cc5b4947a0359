import {
  createActor,
  type ActorLogic,
  type ActorSystem,
  type AnyStateMachine,
  type EventObject,
  type InspectionEvent,
  type Snapshot,
} from 'xstate';
import { recordMachineCoverage } from './machineCoverage.ts';
import {
  adjacencyMapToArray,
  getAdjacencyMap,
  getShortestPaths,
  serializeSnapshot,
  type StatePath,
  type TraversalOptions,
} from 'xstate/graph';

/**
 * The paths a machine's path tests replay: the shortest path to every reachable snapshot, plus, for each
 * transition those miss, the path to its source followed by that transition — so every edge is walked.
 */
export function pathsCoveringEveryEdge<TSnapshot extends Snapshot<unknown>, TEvent extends EventObject, TInput>(
  logic: ActorLogic<TSnapshot, TEvent, TInput, ActorSystem<any>>, // eslint-disable-line @typescript-eslint/no-explicit-any -- xstate's own default
  traversal: TraversalOptions<TSnapshot, TEvent, TInput>,
) {
  type Path = StatePath<TSnapshot, TEvent>;
  // The traversal's own notion of "the same state" (a test may leave out context no transition reads).
  const serialize = (snapshot: TSnapshot): string => traversal.serializeState?.(snapshot, undefined) ?? serializeSnapshot(snapshot);
  const edgeKey = (from: TSnapshot, event: TEvent, to: TSnapshot) => `${serialize(from)} --${JSON.stringify(event)}--> ${serialize(to)}`;
  const edgesOf = (path: Path): string[] =>
    path.steps.slice(1).map((step, index) => edgeKey(path.steps[index]!.state, step.event, step.state));

  const edges = adjacencyMapToArray(getAdjacencyMap(logic, traversal));
  const shortestPaths = getShortestPaths(logic, traversal) as Path[];

  const covered = new Set(shortestPaths.flatMap(edgesOf));
  const pathTo = new Map(shortestPaths.map((path) => [serialize(path.state), path]));
  const extra: Path[] = [];
  for (const edge of edges) {
    if (covered.has(edgeKey(edge.state, edge.event, edge.nextState))) continue;
    const head = pathTo.get(serialize(edge.state));
    if (!head) throw new Error(`no path reaches ${serialize(edge.state)}`);
    const path: Path = {
      state: edge.nextState,
      steps: [...head.steps, { state: edge.nextState, event: edge.event }],
      weight: head.weight + 1,
    };
    extra.push(path);
    for (const walked of edgesOf(path)) covered.add(walked);
  }
  const paths = [...shortestPaths, ...extra];

  /** Transitions of the graph that none of `paths` walks: what a coverage test expects to be empty. */
  const unwalkedEdges = (): string[] => {
    const walked = new Set(paths.flatMap(edgesOf));
    return edges.map((edge) => edgeKey(edge.state, edge.event, edge.nextState)).filter((key) => !walked.has(key));
  };

  /** The declared transitions the paths take (transitionKey names), through the machine's own transition function. */
  const taken: ReadonlySet<string> = isStateMachine(logic) ? transitionsTakenBy(logic, paths, traversal.input) : new Set();
  if (isStateMachine(logic)) {
    recordMachineCoverage({
      machine: logic.id,
      states: countStates(logic.root),
      declared: [...new Set(declaredTransitions(logic.root))],
      taken: [...taken],
      paths: paths.length,
    });
  }

  return { paths, edges, unwalkedEdges, taken };
}

function isStateMachine(logic: unknown): logic is AnyStateMachine {
  return typeof logic === 'object' && logic !== null && 'root' in logic && 'id' in logic;
}

function countStates(node: { states: Record<string, unknown> }): number {
  return Object.values(node.states).reduce<number>(
    (count, child) => count + 1 + countStates(child as { states: Record<string, unknown> }),
    0,
  );
}

/**
 * The declared transitions the paths take, found by running each path's events through the machine's pure
 * transition function (as the graph traversal does), watching its microsteps: the same for every path test,
 * whatever actors its replays supply.
 */
function transitionsTakenBy<TSnapshot extends Snapshot<unknown>, TEvent extends EventObject>(
  machine: AnyStateMachine,
  paths: readonly StatePath<TSnapshot, TEvent>[],
  input: unknown,
): Set<string> {
  const taken = new Set<string>();
  const watcher = createActor(machine, { input, inspect: recordTakenTransitions(taken) });
  const scope = {
    self: watcher,
    id: '',
    sessionId: '',
    logger: () => {},
    defer: () => {},
    system: watcher.system,
    stopChild: () => {},
    emit: () => {},
    actionExecutor: () => {},
  } as unknown as Parameters<AnyStateMachine['transition']>[2];
  for (const path of paths) {
    let snapshot = machine.getInitialSnapshot(scope, input);
    for (const step of path.steps.slice(1)) snapshot = machine.transition(snapshot, step.event, scope);
  }
  return taken;
}

/** A transition as the path tests name it: 'machine.state --event--> machine.target' ('(stay)' without a target). */
export function transitionKey(sourceId: string, eventType: string, targetIds: readonly string[]): string {
  return `${sourceId} --${eventType}--> ${targetIds.join(',') || '(stay)'}`;
}

interface TransitionNode {
  id: string;
  transitions: Map<string, readonly { target?: readonly { id: string }[] }[]>;
  always?: readonly { target?: readonly { id: string }[] }[];
  states: Record<string, TransitionNode>;
}

/** Every transition declared in a machine's config (raised and eventless ones included), as transitionKey names it. */
export function declaredTransitions(root: TransitionNode): string[] {
  const declared: string[] = [];
  const targetsOf = (transition: { target?: readonly { id: string }[] }) => (transition.target ?? []).map((target) => target.id);
  const visit = (node: TransitionNode) => {
    for (const [eventType, transitions] of node.transitions) {
      for (const transition of transitions) declared.push(transitionKey(node.id, eventType, targetsOf(transition)));
    }
    for (const transition of node.always ?? []) declared.push(transitionKey(node.id, '', targetsOf(transition)));
    for (const child of Object.values(node.states)) visit(child);
  };
  visit(root);
  return declared;
}

/**
 * An `inspect` callback for createActor that adds every transition the actor takes to `taken`, named as
 * declaredTransitions names them: replaying the paths with it shows which declared transitions were taken.
 */
export function recordTakenTransitions(taken: Set<string>) {
  return (inspection: InspectionEvent) => {
    if (inspection.type !== '@xstate.microstep') return;
    for (const transition of inspection._transitions) {
      taken.add(
        transitionKey(
          transition.source.id,
          transition.eventType,
          (transition.target ?? []).map((node) => node.id),
        ),
      );
    }
  };
}
