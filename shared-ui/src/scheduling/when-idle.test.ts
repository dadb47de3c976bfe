import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './when-idle';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('whenIdle', () => {
  it('asks the browser for its next idle moment, within the time given, and can be cancelled', () => {
    const requestIdleCallback = vi.fn((_task: () => void, _options?: { timeout: number }) => 7);
    const cancelIdleCallback = vi.fn();
    vi.stubGlobal('requestIdleCallback', requestIdleCallback);
    vi.stubGlobal('cancelIdleCallback', cancelIdleCallback);
    const task = vi.fn();
    const cancel = whenIdle(task, 500);
    expect(requestIdleCallback).toHaveBeenCalledWith(task, { timeout: 500 });
    requestIdleCallback.mock.calls[0]![0]();
    expect(task).toHaveBeenCalledOnce();
    cancel();
    expect(cancelIdleCallback).toHaveBeenCalledWith(7);
  });

  it('falls back to a short timer where the browser has no idle callbacks', () => {
    vi.useFakeTimers();
    // `'requestIdleCallback' in window` must be false, not merely undefined.
    const original = Object.getOwnPropertyDescriptor(window, 'requestIdleCallback');
    delete (window as { requestIdleCallback?: unknown }).requestIdleCallback;
    try {
      const task = vi.fn();
      whenIdle(task);
      vi.advanceTimersByTime(199);
      expect(task).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(task).toHaveBeenCalledOnce();
      const cancelled = vi.fn();
      whenIdle(cancelled)();
      vi.advanceTimersByTime(1000);
      expect(cancelled).not.toHaveBeenCalled();
    } finally {
      if (original) Object.defineProperty(window, 'requestIdleCallback', original);
    }
  });
});
