import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ZoomPan } from './ZoomPan';

/** A child with state of its own, like a page with a write's confirmation open. */
function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" data-testid="counter" onClick={() => setCount((c) => c + 1)}>
      {count}
    </button>
  );
}

describe('zoom and pan around a drawn page', () => {
  it('switched on and off (the layout crossing its breakpoint), the page inside keeps its state', () => {
    const { rerender } = render(
      <ZoomPan enabled={false}>
        <Counter />
      </ZoomPan>,
    );
    fireEvent.click(screen.getByTestId('counter'));
    fireEvent.click(screen.getByTestId('counter'));
    expect(screen.queryByTestId('zoom-pan')).toBeNull();
    expect(screen.queryByTestId('zoom-in')).toBeNull();

    rerender(
      <ZoomPan enabled>
        <Counter />
      </ZoomPan>,
    );
    expect(screen.getByTestId('zoom-pan')).toBeTruthy();
    expect(screen.getByTestId('zoom-in')).toBeTruthy();
    expect(screen.getByTestId('counter').textContent).toBe('2');

    rerender(
      <ZoomPan enabled={false}>
        <Counter />
      </ZoomPan>,
    );
    expect(screen.getByTestId('counter').textContent).toBe('2');
  });

  it('off, draws the children without a transform or zoom buttons; on again, starts fitted', () => {
    const { rerender } = render(
      <ZoomPan enabled>
        <Counter />
      </ZoomPan>,
    );
    fireEvent.click(screen.getByTestId('zoom-in'));
    expect(screen.getByTestId('zoom-pan').getAttribute('data-scale')).not.toBe('1.00');
    rerender(
      <ZoomPan enabled={false}>
        <Counter />
      </ZoomPan>,
    );
    const inner = screen.getByTestId('counter').parentElement as HTMLElement;
    expect(inner.style.transform).toBe('');
    expect(inner.style.display).toBe('contents');
    rerender(
      <ZoomPan enabled>
        <Counter />
      </ZoomPan>,
    );
    expect(screen.getByTestId('zoom-pan').getAttribute('data-scale')).toBe('1.00');
  });
});
