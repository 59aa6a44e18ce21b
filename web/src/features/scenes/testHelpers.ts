/** Shared steps of the scene and project screen tests. */
import { act, fireEvent, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { RecordedRequest } from '@/test/fakeServer';

export const EQUIPMENT_OPTIONS = '/lfscada/monitor/group/equipment/queryAllByGroup';

/** queryAllByGroup's answer: a group and the ungrouped entry. */
export const OPTION_GROUPS = [
  { id: 4, name: 'Hall A', equipment: [{ id: 3, equipName: 'Pump' }] },
  { id: 0, name: '', equipment: [{ id: 1, equipName: 'Fan' }, { id: 2, equipName: 'Valve' }] },
];

export function body(request: RecordedRequest | undefined): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(request?.body ?? ''));
}

export async function click(element: Element) {
  await act(async () => {
    fireEvent.click(element);
  });
}

/** Opens the antd multiple select with this id and picks the options named, in this order. */
export async function choose(selectId: string, names: string[]) {
  const input = document.getElementById(selectId) as HTMLElement;
  const selector = input.closest('.ant-select')?.querySelector('.ant-select-selector') as HTMLElement;
  await act(async () => {
    fireEvent.mouseDown(selector);
  });
  for (const name of names) {
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll('.ant-select-item-option')].find((o) => o.getAttribute('title') === name);
      expect(found).toBeTruthy();
      return found as HTMLElement;
    });
    await click(option);
  }
}

export async function confirmPopover(): Promise<HTMLElement> {
  return waitFor(() => {
    const found = document.querySelector('.ant-popover:not(.ant-popover-hidden)');
    expect(found).not.toBeNull();
    return found as HTMLElement;
  });
}
