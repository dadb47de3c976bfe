/**
 * The fair photo queue on its own (issue 54): which member's photo starts when a slot frees, with work that finishes
 * when the test says so.
 */
import { describe, expect, it } from 'vitest';
import { FairPhotoQueue, processSlots } from '../src/images/photo-queue.ts';

const FLOOD_PIXELS = 6_000_000;
const SMALL_PIXELS = 120_000;

/** A queue on `slots` slots whose photos finish one by one, in the order they started, when `finishNext` is called. */
function harness(slots: number) {
  let clock = 1_000_000;
  const queue = new FairPhotoQueue(processSlots(slots), () => clock);
  const started: string[] = [];
  const running: Array<() => void> = [];
  const send = (uid: string, pixels: number) =>
    queue.run(
      uid,
      pixels,
      () =>
        new Promise<void>((resolve) => {
          started.push(uid);
          running.push(resolve);
        }),
    );
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  const finishNext = async () => {
    clock += 1_000;
    running.shift()!();
    await settle();
  };
  return { send, started, finishNext, settle };
}

describe('the fair photo queue', () => {
  it('lets a member with a small photo go right after the photo in progress, before six flooding accounts', async () => {
    const { send, started, finishNext, settle } = harness(1);
    const flooders = Array.from({ length: 6 }, (_, index) => `flood-${index}`);
    for (const flooder of flooders)
      for (let photo = 0; photo < 3; photo += 1) void send(flooder, FLOOD_PIXELS);
    await settle();
    // A round of the flood: each account once.
    for (let turn = 0; turn < 6; turn += 1) await finishNext();
    expect(started).toEqual([...flooders, 'flood-0']);

    // Each of the victim's photos, sent one after the other, goes right after the photo in progress.
    for (let photo = 0; photo < 3; photo += 1) {
      void send('victim', SMALL_PIXELS);
      await settle();
      await finishNext();
      expect(started.at(-1)).toBe('victim');
      await finishNext();
      expect(started.at(-1)).toMatch(/^flood-/);
    }
  });

  it('goes round the members: one photo each per turn, a member’s photos in the order they were sent', async () => {
    const { send, started, finishNext, settle } = harness(1);
    for (const uid of ['a', 'a', 'a', 'b', 'c']) void send(uid, FLOOD_PIXELS);
    await settle();
    for (let turn = 0; turn < 4; turn += 1) await finishNext();
    expect(started).toEqual(['a', 'b', 'c', 'a', 'a']);
  });

  it('among members not served yet, the smallest photo goes first', async () => {
    const { send, started, finishNext, settle } = harness(1);
    void send('first', FLOOD_PIXELS);
    await settle();
    void send('big', FLOOD_PIXELS);
    void send('small', SMALL_PIXELS);
    await settle();
    await finishNext();
    expect(started).toEqual(['first', 'small']);
  });

  it('runs one photo per member at a time, however many slots are free', async () => {
    const { send, started, settle } = harness(4);
    for (const uid of ['a', 'a', 'b']) void send(uid, FLOOD_PIXELS);
    await settle();
    expect(started).toEqual(['a', 'b']);
  });

  it('answers each photo what its work answered, a refusal included', async () => {
    const queue = new FairPhotoQueue(processSlots(1));
    await expect(queue.run('a', 1, async () => 'done')).resolves.toBe('done');
    await expect(queue.run('a', 1, () => Promise.reject(new Error('damaged')))).rejects.toThrow('damaged');
    await expect(queue.run('a', 1, async () => 'again')).resolves.toBe('again');
  });
});
