import { describe, expect, it } from 'vitest';
import type { AnyStateMachine, EventObject, Snapshot } from 'xstate';
import type { StatePath } from 'xstate/graph';
import { declaredTransitions, type pathsCoveringEveryEdge } from './machineGraph.ts';

type Walk = ReturnType<typeof pathsCoveringEveryEdge>;

/** One walk of a machine's graph (`pathsCoveringEveryEdge`), named when a machine is walked with several inputs. */
export interface MachineWalk {
  name?: string;
  paths: readonly StatePath<Snapshot<unknown>, EventObject>[];
  edges: Walk['edges'];
  unwalkedEdges: Walk['unwalkedEdges'];
  taken: Walk['taken'];
}

type PathOf<W extends MachineWalk> = W['paths'][number];

export interface MachinePaths<W extends MachineWalk> {
  /** Names the two blocks: `<title> paths` and `<title> coverage`. */
  title: string;
  machine: AnyStateMachine;
  walks: readonly W[];
  /** A path's test name: where it ends and the events that lead there. */
  name: (path: PathOf<W>) => string;
  /** Replays one path on a running actor and checks it; the walk it came from is there for its input. */
  replay: (path: PathOf<W>, walk: W) => void | Promise<void>;
  /** Fewer paths than this in each walk, so a reader can still go through them: checked when given. */
  maxPaths?: number;
  /**
   * The declared transitions the replays took, when they record them (`recordTakenTransitions`); otherwise the
   * transitions the walks' events take through the machine's own transition function.
   */
  taken?: () => ReadonlySet<string>;
  /** More tests of the walk, in the coverage block. */
  coverage?: () => void;
  /** Options of each path's test (a timeout for a slow replay). */
  pathTest?: { timeout?: number };
  /** Options of the coverage tests (a timeout for a large graph). */
  coverageTest?: { timeout?: number };
}

/**
 * The path tests of a machine, the same for every machine: one test per walked path, replayed by the test's own
 * function, then the coverage block — no transition of the graph unwalked, every transition declared in the
 * machine's config taken, a readable number of paths.
 */
export function describeMachinePaths<W extends MachineWalk>(spec: MachinePaths<W>): void {
  const { title, machine, walks, name, replay, maxPaths } = spec;

  describe(`${title} paths`, () => {
    for (const walk of walks) {
      const prefix = walk.name ? `${walk.name}: ` : '';
      it.each(walk.paths.map((path) => [`${prefix}${name(path)}`, path as PathOf<W>] as const))(
        '%s',
        spec.pathTest ?? {},
        async (_name, path) => {
          await replay(path, walk);
        },
      );
    }
  });

  describe(`${title} coverage`, () => {
    const options = spec.coverageTest ?? {};
    it.each(walks.map((walk) => [walk.name ?? machine.id, walk] as const))(
      'walks every transition of the graph: %s',
      options,
      (_name, walk) => {
        expect(walk.edges.length).toBeGreaterThan(0);
        expect(walk.unwalkedEdges()).toEqual([]);
      },
    );

    if (maxPaths !== undefined) {
      it('keeps the number of paths small enough to read', options, () => {
        for (const walk of walks) expect(walk.paths.length).toBeLessThan(maxPaths);
      });
    }

    it('takes every transition declared in the machine config', options, () => {
      const taken = spec.taken?.() ?? new Set(walks.flatMap((walk) => [...walk.taken]));
      const declared = [...new Set(declaredTransitions(machine.root))];
      expect(declared.length).toBeGreaterThan(0);
      expect(declared.filter((key) => !taken.has(key))).toEqual([]);
    });

    spec.coverage?.();
  });
}
