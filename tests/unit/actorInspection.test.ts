import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// `npm run dev` with ?inspect shows every actor the page starts in Stately's inspector only if each one is
// created with the `inspect` option of src/devtools/inspect.ts: an actor started without it would be invisible.

const srcDir = join(process.cwd(), 'src');
const sources = (readdirSync(srcDir, { recursive: true }) as string[])
  .filter((name) => /\.tsx?$/.test(name) && !name.endsWith('.gen.ts') && name !== join('devtools', 'inspect.ts'))
  .map((name) => ({ name, text: readFileSync(join(srcDir, name), 'utf8') }));

const actorStarts = (text: string) => text.match(/\b(useActorRef|createActor)\(/g)?.length ?? 0;
const inspectOptions = (text: string) => text.match(/[{,]\s*inspect\b/g)?.length ?? 0;

describe('every actor the client starts can be inspected', () => {
  const starting = sources.filter((source) => actorStarts(source.text) > 0);

  it('finds the places that start actors', () => {
    expect(starting.length).toBeGreaterThanOrEqual(10);
  });

  it.each(starting.map((source) => [source.name, source] as const))('%s passes the inspect option', (_name, source) => {
    expect(source.text).toMatch(/import \{ inspect \} from '[./]*devtools\/inspect\.ts';/);
    expect(inspectOptions(source.text)).toBeGreaterThanOrEqual(actorStarts(source.text));
  });
});
