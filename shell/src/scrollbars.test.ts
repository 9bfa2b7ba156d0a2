import { autoHideScrollbars, SCROLLBAR_HIDE_MS, SCROLLING_CLASS } from './scrollbars';

describe('scrollbars that hide when scrolling stops', () => {
  let stop: () => void;
  beforeEach(() => {
    jest.useFakeTimers();
    stop = autoHideScrollbars();
  });
  afterEach(() => {
    stop();
    jest.useRealTimers();
  });

  it('shows a box its scrollbar while it scrolls and hides it 1 s after the last scroll', () => {
    const box = document.createElement('div');
    document.body.append(box);
    box.dispatchEvent(new Event('scroll'));
    expect(box).toHaveClass(SCROLLING_CLASS);
    jest.advanceTimersByTime(SCROLLBAR_HIDE_MS - 100);
    box.dispatchEvent(new Event('scroll')); // still scrolling: the second counts from here
    jest.advanceTimersByTime(SCROLLBAR_HIDE_MS - 1);
    expect(box).toHaveClass(SCROLLING_CLASS);
    jest.advanceTimersByTime(1);
    expect(box).not.toHaveClass(SCROLLING_CLASS);
    expect(SCROLLBAR_HIDE_MS).toBe(1000);
  });

  it("marks the page's own scroller when the document scrolls, and only the element that scrolled", () => {
    const other = document.createElement('div');
    document.body.append(other);
    document.dispatchEvent(new Event('scroll'));
    expect(document.documentElement).toHaveClass(SCROLLING_CLASS);
    expect(other).not.toHaveClass(SCROLLING_CLASS);
    jest.advanceTimersByTime(SCROLLBAR_HIDE_MS);
    expect(document.documentElement).not.toHaveClass(SCROLLING_CLASS);
  });

  it('stops listening when stopped', () => {
    stop();
    const box = document.createElement('div');
    document.body.append(box);
    box.dispatchEvent(new Event('scroll'));
    expect(box).not.toHaveClass(SCROLLING_CLASS);
  });
});
