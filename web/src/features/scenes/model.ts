/**
 * Scenes and projects: the shapes the server answers (crates/store/src/scenes.rs, projects.rs) and the pure rules
 * the screens apply — the name rules as the server checks them, value display (times: lib/chinaTime.ts), and other
 * screens' addresses.
 */
import type { ApiError } from '@/lib/api/errors';
import { refusedFormField } from '@/lib/api/fieldErrors';
import { Code } from '@/lib/api/codes';
import { Limits } from '@/lib/api/limits';

/** Rows per page (spec section 9). */
export const PAGE_SIZE = 10;
/** The scene preview reads its cards again this often. */
export const SCENE_POLL_MS = 5_000;

/** The server's limits of a scene and a project (crates/domain/src/limits.rs). */
export const SCENE_NAME_MAX = Limits.SceneNameChars;
export const SCENE_EQUIPMENT_MAX = Limits.SceneEquipment;
export const PROJECT_NAME_MAX = Limits.ProjectNameChars;
export const PROJECT_REMARK_MAX = Limits.RemarkChars;

/** A scene of /lfscada/scene/query. */
export type { SceneSummary } from '@/generated/answers';

/**
 * /lfscada/scene/info: the scene's cards (`MapCard`: the monitor's card plus its key values) in the chosen order.
 */
export type { KeyValue, MapCard, Scene } from '@/generated/answers';

/** A project of /lfscada/project/query, a page of them, and one project with its equipment by name. */
export type { Project, ProjectSummary } from '@/generated/answers';
import type { Listed, ProjectSummary } from '@/generated/answers';
export type ProjectPage = Listed<ProjectSummary>;

/** Length in characters as the server counts them (code points, not UTF-16 units). */
export function charLength(text: string): number {
  return [...text].length;
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Why a name would be refused ('required', 'tooLong', 'control'), or null; the server's rule, trimmed. */
export function nameProblem(raw: string | undefined, max: number): 'required' | 'tooLong' | 'control' | null {
  const name = (raw ?? '').trim();
  if (name === '') return 'required';
  if (charLength(name) > max) return 'tooLong';
  if (CONTROL.test(name)) return 'control';
  return null;
}

/** A live value with at most 3 decimals and no trailing zeros ("12.35"); '—' without a value. */
export function formatValue(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  const text = String(Number(value.toFixed(3)));
  return text === '-0' ? '0' : text;
}

/** Server codes that belong on a form's field rather than in a toast, by field. */
export const NAME_EXISTS_CODES = [Code.SceneNameExists, Code.ProjectNameExists];
export const EQUIPMENT_NOT_FOUND = Code.EquipmentNotFound;
export const SCENE_NOT_FOUND = Code.SceneNotFound;

/** The field a refusal concerns (`name`, `remark`, `equipmentIds`), or null for a toast. */
export function refusedField(error: Pick<ApiError, 'code' | 'data'>): 'name' | 'remark' | 'equipmentIds' | null {
  if (NAME_EXISTS_CODES.includes(error.code)) return 'name';
  if (error.code === EQUIPMENT_NOT_FOUND) return 'equipmentIds';
  return refusedFormField(error, ['equipmentIds', 'remark', 'name'] as const) ?? null;
}

// Addresses of other screens (the paths are the route table's).

export function previewPath(sceneId: number): string {
  return `/manage/scene/preview/${sceneId}`;
}

export const SCENES_PATH = '/manage/eg/scene';
