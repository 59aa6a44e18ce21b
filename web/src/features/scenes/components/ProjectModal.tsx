/**
 * Adds a project or edits one: name, remark and member equipment (none allowed; the server refuses more than
 * `Limits.ProjectEquipment`, shown on the field), each within the server's limits (crates/domain/src/limits.rs), in
 * the modal shared with scenes ({@link EquipmentSetModal}) with the remark as the project's own field. Refusals
 * that concern a field are shown on it in the server's words ("project name already exists", 1252); the rest toast.
 */
import { useEffect } from 'react';
import { Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { useProject } from '@/entities/projects/api';
import { useSaveProject } from '../api/saveProject';
import { PROJECT_NAME_MAX, PROJECT_REMARK_MAX, charLength } from '../model';
import { EquipmentSetModal, type EquipmentSetValues } from './EquipmentSetModal';

interface Values extends EquipmentSetValues {
  remark: string;
}

interface ProjectModalProps {
  open: boolean;
  /** The project to edit; absent to add one. */
  projectId?: number | null;
  onClose: () => void;
}

export function ProjectModal({ open, projectId, onClose }: ProjectModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useSaveProject();
  const editing = typeof projectId === 'number';
  const project = useProject(open && editing ? projectId : undefined);

  useEffect(() => {
    if (!open) return;
    if (!editing) form.setFieldsValue({ name: '', remark: '', equipmentIds: [] });
    else if (project.data)
      form.setFieldsValue({
        name: project.data.name,
        remark: project.data.remark,
        equipmentIds: project.data.equipment.map((e) => e.id),
      });
  }, [open, editing, project.data, form]);

  const remarkRules: Rule[] = [
    {
      validator: async (_rule, value: string | undefined) => {
        if (charLength((value ?? '').trim()) > PROJECT_REMARK_MAX)
          throw new Error(t('projects.remark.tooLong', { max: PROJECT_REMARK_MAX }));
      },
    },
  ];

  return (
    <EquipmentSetModal<Values>
      kind="projects"
      open={open}
      editing={editing}
      form={form}
      loading={editing && project.isLoading}
      loadError={editing && project.isError ? project.error : null}
      known={project.data?.equipment ?? []}
      nameMax={PROJECT_NAME_MAX}
      refusalFields={['name', 'remark', 'equipmentIds']}
      saving={save.isPending}
      save={(values, outcome) =>
        save.mutate(
          {
            ...(editing ? { id: projectId } : {}),
            name: values.name,
            remark: values.remark ?? '',
            equipmentIds: values.equipmentIds ?? [],
          },
          outcome,
        )
      }
      resetSave={save.reset}
      onClose={onClose}
    >
      <Form.Item name="remark" htmlFor="projects-remark" label={t('projects.remark.label')} rules={remarkRules}>
        <Input.TextArea
          id="projects-remark"
          rows={3}
          showCount={{ formatter: ({ value }) => `${charLength(value)} / ${PROJECT_REMARK_MAX}` }}
        />
      </Form.Item>
    </EquipmentSetModal>
  );
}
