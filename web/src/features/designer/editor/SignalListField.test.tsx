import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, loadTexts } from '@/lib/i18n';
import type { Binding } from '@/runtime/document';
import { ProjectMvarsContext } from './projectMvars';
import { SignalListField } from './SignalListField';

const SIGNALS = [
  { id: 11, equipId: 1, title: '出口压力', equipTitle: '1# 泵' },
  { id: 22, equipId: 2, title: '电机电流', equipTitle: '2# 泵' },
];
const EQUIPMENT = [
  { id: 1, title: '1# 泵' },
  { id: 2, title: '2# 泵' },
];

async function openAdd(): Promise<HTMLElement[]> {
  const selector = document.getElementById('field-list-add')?.closest('.ant-select')?.querySelector('.ant-select-selector');
  await act(async () => {
    fireEvent.mouseDown(selector as Element);
  });
  return waitFor(() => {
    const options = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')];
    expect(options.length).toBeGreaterThan(0);
    return options;
  });
}

beforeEach(async () => {
  await changeLanguage('zh-CN');
  await loadTexts(['designer']);
});

describe("a chart's list on a project's page", () => {
  it("offers the project's statistics before the equipment's signals, each once, and names a listed one", async () => {
    const onChange = vi.fn<(bindings: Binding[]) => void>();
    const online: Binding = { type: 'system', equipId: null, signalId: null, title: '在线设备数', subTitle: '', systemKey: 'online_count' };
    render(<SignalListField id="field-list" value={[online]} signals={SIGNALS} equipment={EQUIPMENT} statistics onChange={onChange} />);
    expect(screen.getByTestId('field-list-row').textContent).toContain('项目统计 · 在线设备数');
    const options = await openAdd();
    expect(options.map((o) => o.textContent)).toEqual(['设备总数', '离线设备数', '报警设备数', '未恢复报警数', '出口压力', '电机电流']);
    await act(async () => {
      fireEvent.click(options[3] as HTMLElement);
    });
    expect(onChange).toHaveBeenCalledWith([online, { type: 'system', equipId: null, signalId: null, title: '未恢复报警数', subTitle: '', systemKey: 'alarm_count' }]);
  });

  it('offers no statistics where the list is not a chart of a project page', async () => {
    render(<SignalListField id="field-list" value={[]} signals={SIGNALS} equipment={EQUIPMENT} onChange={vi.fn()} />);
    expect((await openAdd()).map((o) => o.textContent)).toEqual(['出口压力', '电机电流']);
  });

  it("offers the project's intermediate variables after its statistics, each once, and names a listed one by its name", async () => {
    const onChange = vi.fn<(bindings: Binding[]) => void>();
    const mvar = (id: number, name: string) => ({ id, projectId: 5, name, calc: 'sum', formula: '', signalIds: [11], unit: '', decimals: 2, updated: 1 });
    const listed: Binding = { type: 'mvar', equipId: null, signalId: null, title: '旧名', subTitle: '', mvarId: 3 };
    render(
      <ProjectMvarsContext.Provider value={{ projectId: 5, mvars: [mvar(3, '合计'), mvar(4, '压差')] }}>
        <SignalListField id="field-list" value={[listed]} signals={SIGNALS} equipment={EQUIPMENT} statistics onChange={onChange} />
      </ProjectMvarsContext.Provider>,
    );
    expect(screen.getByTestId('field-list-row').textContent).toContain('中间变量 · 合计');
    const options = await openAdd();
    // (The list is virtual: its first rows are drawn, the equipment's signals follow.)
    expect(options.map((o) => o.textContent).slice(0, 7)).toEqual(['设备总数', '在线设备数', '离线设备数', '报警设备数', '未恢复报警数', '压差', '出口压力']);
    await act(async () => {
      fireEvent.click(options[5] as HTMLElement);
    });
    expect(onChange).toHaveBeenCalledWith([listed, { type: 'mvar', equipId: null, signalId: null, title: '压差', subTitle: '', mvarId: 4 }]);
  });
});
