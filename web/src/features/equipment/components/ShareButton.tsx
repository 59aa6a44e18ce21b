/**
 * The edit page's "Share" action. The share drawer (its form, the QR code) is a chunk of its own, fetched on the
 * first click: the button spins while it arrives, and a failed or timed-out fetch says so and can be clicked again.
 */
import { useState, type ComponentType } from 'react';
import { Button, message } from 'antd';
import { ShareAltOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { lazyWithTimeout } from '@/lib/lazyWithTimeout';
import type { ShareDrawerProps } from './ShareDrawer';

type DrawerLoad =
  | { kind: 'idle' | 'loading' | 'failed' }
  | { kind: 'ready'; Drawer: ComponentType<ShareDrawerProps> };

const loadDrawer = lazyWithTimeout(() => import('./ShareDrawer'));

export function ShareButton({ equipment, canManage }: Pick<ShareDrawerProps, 'equipment' | 'canManage'>) {
  const { t } = useTranslation();
  const [messageApi, holder] = message.useMessage();
  const [open, setOpen] = useState(false);
  const [load, setLoad] = useState<DrawerLoad>({ kind: 'idle' });

  const click = () => {
    setOpen(true);
    if (load.kind === 'idle' || load.kind === 'failed') {
      setLoad({ kind: 'loading' });
      loadDrawer().then(
        (module) => setLoad({ kind: 'ready', Drawer: module.default }),
        () => {
          setLoad({ kind: 'failed' });
          setOpen(false);
          void messageApi.error(t('equipment.share.chunkFailed'));
        },
      );
    }
  };

  return (
    <>
      {holder}
      <Button id="equipment-share" icon={<ShareAltOutlined />} loading={load.kind === 'loading'} onClick={click}>
        {t('equipment.share.open')}
      </Button>
      {load.kind === 'ready' && <load.Drawer equipment={equipment} canManage={canManage} open={open} onClose={() => setOpen(false)} />}
    </>
  );
}
