import { describe, expect, it } from 'vitest';
import { createActor, setup, toPromise } from 'xstate';
import { hostAction, hostCallback, hostPromise, hostPromises } from '../../machines/host.ts';
import { draftSyncMachine } from '../../machines/draft-sync/draftSync.machine.ts';
import { statusChangeMachine } from '../../machines/status-change/statusChange.machine.ts';

// The stand-ins every machine declares for what its host supplies (machines/host.ts), and assertEvent in the
// actions and guards that read an event.

describe('host stand-ins', () => {
  it('a promise actor the host did not supply rejects, naming the machine and the actor', async () => {
    const actor = createActor(hostPromise<string, void>('example', 'loadThing')).start();
    await expect(toPromise(actor)).rejects.toThrow('example machine: actor "loadThing" must be supplied with machine.provide({ actors })');
  });

  it('hostPromises names each actor of a machine by its key', async () => {
    const fromHost = hostPromises<{ save: number }, { save: string }>('example');
    const actor = createActor(fromHost('save'), { input: 'x' }).start();
    await expect(toPromise(actor)).rejects.toThrow('actor "save"');
  });

  it('a callback actor the host did not supply fails as it starts', () => {
    const errors: unknown[] = [];
    const actor = createActor(hostCallback('example', 'uploadFile'), { input: undefined });
    actor.subscribe({ error: (error) => errors.push(error) });
    actor.start();
    expect(actor.getSnapshot().status).toBe('error');
    expect(String(errors[0])).toContain('actor "uploadFile" must be supplied');
  });

  it('a host action does nothing until supplied, and runs what the host supplies', () => {
    const calls: string[] = [];
    const machine = setup({ actions: { notify: hostAction() } }).createMachine({ entry: 'notify' });
    createActor(machine).start().stop();
    expect(calls).toEqual([]);
    createActor(machine.provide({ actions: { notify: () => void calls.push('notified') } }))
      .start()
      .stop();
    expect(calls).toEqual(['notified']);
  });

  it('a machine without its actors fails loudly: the draft sync treats the missing save as one that got no answer', async () => {
    const actor = createActor(draftSyncMachine, { input: { version: 1 } }).start();
    actor.send({ type: 'draft.changed', values: { a: 1 } });
    actor.send({ type: 'draft.save' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe('retrying');
    actor.stop();
  });
});

describe('assertEvent in what reads an event', () => {
  const guards = statusChangeMachine.implementations.guards as Record<string, (args: unknown, params?: unknown) => boolean>;

  it('a guard given the event it is written for reads it', () => {
    const event = { type: 'note.change', note: 'Documenti mancanti' };
    expect(guards.isNoteAcceptable!({ context: statusChangeMachine.config.context, event })).toBe(true);
  });

  it('a guard given another event throws instead of answering false', () => {
    const event = { type: 'dialog.cancel' };
    expect(() => guards.isNoteAcceptable!({ context: statusChangeMachine.config.context, event })).toThrow(/note\.change/);
  });
});
