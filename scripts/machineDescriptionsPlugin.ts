import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/** A state machine's definition: machines/<name>/<name>.machine.ts. */
const MACHINE_FILE = /\/machines\/[^/]+\/[^/]+\.machine\.ts$/;

interface Node {
  type: string;
  start: number;
  end: number;
}

interface PropertyNode extends Node {
  type: 'Property';
  computed: boolean;
  key: Node & { name?: string; value?: unknown };
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';

const isDescription = (node: Node): node is PropertyNode => {
  if (node.type !== 'Property') return false;
  const { computed, key } = node as PropertyNode;
  return !computed && (key.name === 'description' || key.value === 'description');
};

/** Every node of the tree, depth first. */
function* nodesOf(node: Node): Generator<Node> {
  yield node;
  for (const value of Object.values(node)) {
    for (const child of Array.isArray(value) ? value : [value]) if (isNode(child)) yield* nodesOf(child);
  }
}

/**
 * The machines' `description`s — the English sentences that say what each state and transition is for — are written
 * for the people who read the machines: in the Stately visualiser, in the generated diagrams (machines/diagrams) and
 * in the source. The portal never reads them at run time, so the browser's copy of the machines leaves them out:
 * about 1.2 KB of gzip in the first load of every signed-in page (/calls ≤ 150 KB). Only the build does this; the
 * tests, the diagrams and the visualiser work on the source.
 */
export function stripMachineDescriptions(): Plugin {
  return {
    name: 'portal:strip-machine-descriptions',
    apply: 'build',
    // After TypeScript has been compiled away: the tree is plain JavaScript's.
    enforce: 'post',
    transform(code, id) {
      if (!MACHINE_FILE.test(id.split('?')[0]!)) return null;
      const text = new MagicString(code);
      for (const node of nodesOf(this.parse(code) as unknown as Node)) {
        if (!isDescription(node)) continue;
        // The property and the comma after it; a trailing comma left before `}` is still valid JavaScript.
        const after = /^\s*,/.exec(code.slice(node.end));
        text.remove(node.start, node.end + (after?.[0].length ?? 0));
      }
      return text.hasChanged() ? { code: text.toString(), map: text.generateMap({ hires: true, source: id }) } : null;
    },
  };
}
