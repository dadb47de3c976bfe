import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterLoad } from './after-load';

describe('afterLoad', () => {
  afterEach(() => vi.restoreAllMocks());

  it('runs the task at once on a page whose load event has fired (the shell awaits its routes first)', () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete');
    const task = vi.fn();
    afterLoad(task);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs the task once, on the load event, on a page still loading', () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    const task = vi.fn();
    afterLoad(task);
    expect(task).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('load'));
    window.dispatchEvent(new Event('load'));
    expect(task).toHaveBeenCalledTimes(1);
  });
});
