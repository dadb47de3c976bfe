import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from './after-next-paint';

describe('afterNextPaint', () => {
  afterEach(() => vi.restoreAllMocks());

  /** Frames by hand: each callback waits for `paint()`. */
  function frames() {
    const callbacks: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => callbacks.push(callback));
    vi.spyOn(window, 'cancelAnimationFrame').mockImplementation((id) => void (callbacks[id - 1] = () => {}));
    return { paint: () => callbacks.splice(0).forEach((callback) => callback(performance.now())) };
  }

  it('runs the task in a task after the next frame, not before it', async () => {
    const { paint } = frames();
    const task = vi.fn();
    afterNextPaint(task);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(task).not.toHaveBeenCalled();
    paint();
    expect(task).not.toHaveBeenCalled();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(task).toHaveBeenCalledOnce();
  });

  it('runs nothing once cancelled, before the frame or after it', async () => {
    const { paint } = frames();
    const beforeFrame = vi.fn();
    afterNextPaint(beforeFrame)();
    const afterFrame = vi.fn();
    const cancelAfterFrame = afterNextPaint(afterFrame);
    paint();
    cancelAfterFrame();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(beforeFrame).not.toHaveBeenCalled();
    expect(afterFrame).not.toHaveBeenCalled();
  });

  it('runs the task at once on a hidden page, which paints no frames', () => {
    frames();
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const task = vi.fn();
    afterNextPaint(task);
    expect(task).toHaveBeenCalledOnce();
  });
});
