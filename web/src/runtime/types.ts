/**
 * What the viewer is given by the screen that shows it: the signal catalogue of the page's equipment (an
 * equipment's page: its one equipment; a project's page: the project's equipment), live values, the user's write
 * permission and the two ways out of a page (a write, another page).
 */
import type { PageOwner } from '@/entities/pages/configPages';
import type { StateText } from '@/entities/signals/states';
import type { RecordCalls } from './recordCalls';

/** A signal of one of the page's equipment, as the catalogue describes it. */
export interface RuntimeSignal {
  id: number;
  equipId: number;
  title: string;
  /** Modbus data type (one of the generated `DataType`'s names): a bit takes only 0 or 1. */
  dataType: string;
  unit: string;
  decimals: number;
  writable: boolean;
  min: number | null;
  max: number | null;
  /** State texts (entities/signals/states.ts): a write picks a state, a data text may show the state's text. */
  valueMap: readonly StateText[];
}

/** A live value: `good` false is bad quality; `stale` means no fresh reading for a while. */
export interface RuntimeValue {
  value: number | null;
  time: number;
  good: boolean;
  stale: boolean;
  /**
   * An intermediate variable shown as 0 in place of a result it does not have (spec section 5, runtime/mvars.ts):
   * no good reading to compute from, or a result that is not a finite number (a division by zero). The widget says
   * which in its tooltip.
   */
  zero?: ZeroReason;
}

/** Why an intermediate variable reads 0 (RuntimeValue.zero). */
export type ZeroReason = 'noInput' | 'notFinite';

export interface RuntimeContext {
  /** Live values by signal id (string key). */
  values: Readonly<Record<string, RuntimeValue>>;
  /** The signal catalogue of the page's equipment. */
  signals: ReadonlyMap<number, RuntimeSignal>;
  /**
   * A project page's intermediate variables (runtime/mvars.ts) described as signals, by variable id; their values
   * sit in `values` under `mvar:<id>`.
   */
  mvars?: ReadonlyMap<number, RuntimeSignal>;
  /** The user holds the write permission. */
  canWrite: boolean;
  /** Writes a value; rejects with the app's ApiError (lib/api/errors) on failure. */
  write(signalId: number, value: number): Promise<void>;
  openPage(pageId: number): void;
  /**
   * The equipment the page is shown live for (an equipment's page: its one equipment; a project's page: the
   * project's equipment); left out for still drawings (a version's preview, tests of the drawing), whose tables
   * then make no server call (widgets/common.tsx, `RenderEnv.live`).
   */
  live?: {
    equipmentIds: readonly number[];
    /** The page itself; absent where a page runs without one (tests of the drawing). */
    page?: LivePage;
    /**
     * Where the page's widgets ask the server (runtime/recordCalls.ts): the console's when left out, the share
     * view's `share/…` calls there. Kept the same object while the screen shows the page.
     */
    calls?: RecordCalls;
  };
}

/**
 * The page shown live, for the renderers that ask the server about one of its widgets (an EZVIZ video asks its
 * camera's address by page and widget). `draft`: the designer's unsaved document is shown, whose widgets the
 * stored page may not have, so those renderers name what they need for the page's owner instead.
 */
export interface LivePage {
  id: number;
  owner: PageOwner;
  draft: boolean;
}
