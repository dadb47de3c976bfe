/**
 * Photo processing shared fairly between people: decoding is CPU- and memory-bound, so photos wait for a slot, and
 * who goes next is decided by member, not by arrival. Each member has one photo in progress at a time; when a slot
 * frees, the photo whose member has had the fewest pixels decoded lately, counting this photo's own, goes next (the
 * count halves every 30 s). Members with the same photos take turns (round-robin), and a member with one small photo
 * goes right after the photos in progress, however many photos and accounts a flood brings. The slots are this
 * process's (`processSlots`) and, with REDIS_URL, also a number shared by every API process
 * (redis-photo-slots.ts), which grants them by the same rank.
 */

/** A held slot: `release` gives it back (once). */
export type Release = () => void;

export interface PhotoSlots {
  /**
   * Waits for a slot. `priority` says how the photo ranks against other processes' waiting ones (lower first: the
   * pixels decoded for its member lately, its own included); one process's own order is the queue's.
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

/** The pixels decoded for a member count half as much after this long. */
const HALF_LIFE_MS = 30_000;
/** A count below this (a few minutes idle) is forgotten. */
const FORGOTTEN_PIXELS = 1_000;

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
  /** Pixels decoded for each member lately: the count when it last grew, and when. */
  private readonly served = new Map<string, { pixels: number; at: number }>();
  /** Slots asked for and not yet granted. */
  private asking = 0;

  constructor(
    private readonly slots: PhotoSlots,
    private readonly now: () => number = Date.now,
  ) {}

  /** Photos waiting for a slot, of every member (the metrics: http/metrics.ts). */
  get waitingPhotos(): number {
    let count = 0;
    for (const jobs of this.waiting.values()) count += jobs.length;
    return count;
  }

  /** Photos being decoded (one per member at most). */
  get photosInProgress(): number {
    return this.busy.size;
  }

  /** Runs `work` (a photo of `pixels`) for member `uid` when its turn comes, and answers what it answers. */
  run<T>(uid: string, pixels: number, work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const jobs = this.waiting.get(uid) ?? [];
      jobs.push({ pixels, work, resolve: resolve as (value: unknown) => void, reject });
      this.waiting.set(uid, jobs);
      this.askForSlots();
    });
  }

  /** The pixels decoded for `uid` lately, as they count now. */
  private servedNow(uid: string, now: number): number {
    const served = this.served.get(uid);
    return served ? served.pixels * 2 ** (-(now - served.at) / HALF_LIFE_MS) : 0;
  }

  /** The member whose photo goes next: the lowest rank among those with none in progress (ties: by arrival). */
  private next(): { uid: string; priority: number } | null {
    const now = this.now();
    let best: { uid: string; priority: number } | null = null;
    for (const [uid, jobs] of this.waiting) {
      if (this.busy.has(uid)) continue;
      const priority = this.servedNow(uid, now) + jobs[0]!.pixels;
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
    const now = this.now();
    this.served.set(uid, { pixels: this.servedNow(uid, now) + job.pixels, at: now });
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
    const now = this.now();
    for (const member of this.served.keys()) {
      const idle = !this.busy.has(member) && !this.waiting.has(member);
      if (idle && this.servedNow(member, now) < FORGOTTEN_PIXELS) this.served.delete(member);
    }
  }
}
