/**
 * What the gateway and GM source list tests do to the screen: find a row by a cell's text, type into a field, click
 * (inside act), and confirm an open confirmation popover.
 */
import { act, fireEvent, waitFor, within, screen } from '@testing-library/react';
import { expect } from 'vitest';

/** The table row holding a cell with `text`. */
export function row(text: string): HTMLElement {
  const cell = screen.getAllByText(text).find((node) => node.closest('tr[data-row-key]'));
  return cell?.closest('tr') as HTMLElement;
}

export function fill(id: string, value: string) {
  fireEvent.change(document.getElementById(id) as HTMLInputElement, { target: { value } });
}

export async function click(element: Element) {
  await act(async () => {
    fireEvent.click(element);
  });
}

/** The open confirmation popover's button `okText`. */
export async function confirmPopover(okText: string) {
  const popover = await waitFor(() => {
    const found = document.querySelector('.ant-popover:not(.ant-popover-hidden) .ant-popconfirm-buttons');
    expect(found).not.toBeNull();
    return found as HTMLElement;
  });
  await click(within(popover).getByRole('button', { name: okText }));
}
