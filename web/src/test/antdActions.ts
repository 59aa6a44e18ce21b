/** Driving antd widgets in jsdom as a person would: a click inside `act`, and an option chosen from a Select. */
import { act, fireEvent, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

export async function click(element: Element): Promise<void> {
  await act(async () => {
    fireEvent.click(element);
  });
}

/** Chooses the option labelled `label` of the antd Select whose input has `id`. */
export async function choose(id: string, label: string): Promise<void> {
  await act(async () => {
    fireEvent.mouseDown(document.getElementById(id) as HTMLElement);
  });
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find((o) => o.textContent === label);
    expect(found).toBeTruthy();
    return found as HTMLElement;
  });
  await click(option);
}
