/**
 * Adds a scene or edits one: a name and 1 to SCENE_EQUIPMENT_MAX equipment in board order, in the modal shared
 * with projects ({@link EquipmentSetModal}). The server's refusals that concern a field — "scene name already exists" (1250),
 * equipment not found (1214), a named parameter — are shown on that field in the server's words, the rest as a toast.
 */
import { useEffect } from 'react';
import { Form } from 'antd';
import { useSaveScene } from '../api/saveScene';
import { useScene } from '../api/sceneInfo';
import { SCENE_EQUIPMENT_MAX, SCENE_NAME_MAX } from '../model';
import { EquipmentSetModal, type EquipmentSetValues } from './EquipmentSetModal';

type Values = EquipmentSetValues;

interface SceneModalProps {
  open: boolean;
  /** The scene to edit; absent to add one. */
  sceneId?: number | null;
  onClose: () => void;
}

export function SceneModal({ open, sceneId, onClose }: SceneModalProps) {
  const [form] = Form.useForm<Values>();
  const save = useSaveScene();
  const editing = typeof sceneId === 'number';
  const scene = useScene(sceneId ?? 0, { enabled: open && editing });

  useEffect(() => {
    if (!open) return;
    if (!editing) form.setFieldsValue({ name: '', equipmentIds: [] });
    else if (scene.data) form.setFieldsValue({ name: scene.data.name, equipmentIds: scene.data.equipment.map((e) => e.id) });
  }, [open, editing, scene.data, form]);

  return (
    <EquipmentSetModal<Values>
      kind="scenes"
      open={open}
      editing={editing}
      form={form}
      loading={editing && scene.isLoading}
      loadError={editing && scene.isError ? scene.error : null}
      known={scene.data?.equipment ?? []}
      nameMax={SCENE_NAME_MAX}
      equipmentMax={SCENE_EQUIPMENT_MAX}
      refusalFields={['name', 'equipmentIds']}
      saving={save.isPending}
      save={(values, outcome) =>
        save.mutate({ ...(editing ? { id: sceneId } : {}), name: values.name, equipmentIds: values.equipmentIds }, outcome)
      }
      resetSave={save.reset}
      onClose={onClose}
    />
  );
}
