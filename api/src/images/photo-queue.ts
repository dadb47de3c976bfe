/**
 * Photo processing shared fairly between people: decoding is CPU- and memory-bound, so photos wait for a slot, and
 * who goes next is decided by member, not by arrival. Each member has one photo in progress at a time; when a slot
 * frees, the member served least recently goes next (round-robin: a member's next photo goes to the back of the
 * round), members not served in the last minute first and, among them, the smallest photo (its pixels) first. So a
 * member with one small photo goes right after the photos in progress, however many photos and accounts a flood
 * brings. The slots are this process's (`processSlots`) and, with REDIS_URL, also a number shared by every API
 * process (redis-photo-slots.ts), which grants them in the same order.
 */

/** A held slot: `release` gives it back (once). */
export type Release = () => void;

export interface PhotoSlots {
  /**
   * Waits for a slot. `priority` says how the photo ranks against other processes' waiting ones (lower first: when
   * its member was last served, 0 for never); one process's own order is the queue's.
   */
  acquire(priority: number): Promise<Release>;
}

/** `limit` slots in this process, given in the order they were asked for. */
export function processSlots(limit: number): PhotoSlots {
  let held = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else held -= 1;
  };
  return {
    acquire() {
      return new Promise((resolve) => {
        const grant = () => resolve(once(release));
        if (held < limit) {
          held += 1;
          grant();
        } else waiting.push(grant);
      });
    },
  };
}

/** This process's slots first, then the shared ones: released in the reverse order. */
export function bothSlots(own: PhotoSlots, shared: PhotoSlots): PhotoSlots {
  return {
    async acquire(priority) {
      const releaseOwn = await own.acquire(priority);
      try {
        const releaseShared = await shared.acquire(priority);
        return once(() => {
          releaseShared();
          releaseOwn();
        });
      } catch (error) {
        releaseOwn();
        throw error;
      }
    },
  };
}

function once(release: Release): Release {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    release();
  };
}

/** How long a member's last turn counts against them: one who waited this long is as new. */
const REMEMBERED_MS = 60_000;
/**
 * A photo's rank is when its member was last served (0: not in the last minute), plus its pixels over this: at most
 * 0.06 for 60 megapixels, which orders photos of members never served without reordering turns a millisecond apart.
 */
const PIXELS_PER_RANK = 1e9;

interface Job {
  pixels: number;
  work: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

export class FairPhotoQueue {
  /** Photos waiting, per member, in the order each member sent them. */
  private readonly waiting = new Map<string, Job[]>();
  /** Members with a photo in progress (one each). */
  private readonly busy = new Set<string>();
  /** When each member's last photo started, for REMEMBERED_MS. */
  private readonly lastServed = new Map<string, number>();
  /** Slots asked for and not yet granted. */
  private asking = 0;

  constructor(
    private readonly slots: PhotoSlots,
    private readonly now: () => number = Date.now,
  ) {}

  /** Runs `work` (a photo of `pixels`) for member `uid` when its turn comes, and answers what it answers. */
  run<T>(uid: string, pixels: number, work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const jobs = this.waiting.get(uid) ?? [];
      jobs.push({ pixels, work, resolve: resolve as (value: unknown) => void, reject });
      this.waiting.set(uid, jobs);
      this.askForSlots();
    });
  }

  /** The member whose photo goes next: the lowest rank among those with none in progress (ties: by arrival). */
  private next(): { uid: string; priority: number } | null {
    const forgetBefore = this.now() - REMEMBERED_MS;
    let best: { uid: string; priority: number } | null = null;
    for (const [uid, jobs] of this.waiting) {
      if (this.busy.has(uid)) continue;
      const served = this.lastServed.get(uid) ?? 0;
      const priority = (served < forgetBefore ? 0 : served) + jobs[0]!.pixels / PIXELS_PER_RANK;
      if (!best || priority < best.priority) best = { uid, priority };
    }
    return best;
  }

  /** Members that could start a photo now: one slot is asked for each, beyond those already asked for. */
  private ready(): number {
    let count = 0;
    for (const uid of this.waiting.keys()) if (!this.busy.has(uid)) count += 1;
    return count;
  }

  private askForSlots(): void {
    while (this.asking < this.ready()) {
      const candidate = this.next()!;
      this.asking += 1;
      this.slots.acquire(candidate.priority).then(
        (release) => {
          this.asking -= 1;
          this.start(release);
        },
        (error: unknown) => {
          this.asking -= 1;
          // The slots could not be had (a shared store's fault): the member whose photo it was for hears it.
          this.waiting.get(candidate.uid)?.shift()?.reject(error);
          this.forgetIfIdle(candidate.uid);
          this.askForSlots();
        },
      );
    }
  }

  /** A slot was granted: the member whose turn it is now (not necessarily the one it was asked for) starts. */
  private start(release: Release): void {
    const turn = this.next();
    if (!turn) {
      release();
      return;
    }
    const { uid } = turn;
    const jobs = this.waiting.get(uid)!;
    const job = jobs.shift()!;
    if (jobs.length === 0) this.waiting.delete(uid);
    this.busy.add(uid);
    // Deleted first, so the map stays in the order of turns (forgetIfIdle reads it oldest first).
    this.lastServed.delete(uid);
    this.lastServed.set(uid, this.now());
    job
      .work()
      .then(job.resolve, job.reject)
      .finally(() => {
        release();
        this.busy.delete(uid);
        this.forgetIfIdle(uid);
        this.askForSlots();
      });
  }

  private forgetIfIdle(uid: string): void {
    if (this.waiting.get(uid)?.length === 0) this.waiting.delete(uid);
    const forgetBefore = this.now() - REMEMBERED_MS;
    for (const [member, served] of this.lastServed) {
      if (served >= forgetBefore) break; // in order of insertion, re-set on each turn: oldest first
      if (!this.busy.has(member) && !this.waiting.has(member)) this.lastServed.delete(member);
    }
  }
}
