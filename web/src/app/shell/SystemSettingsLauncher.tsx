import { lazy, Suspense, useState, type ReactNode } from 'react';

/** Loaded on first opening (its texts are the shell's). */
const SystemSettingsDialog = lazy(() => import('@/features/system/settings/SystemSettingsDialog'));

/**
 * The system settings dialog for the header's user menu and the compact drawer: the element to render (nothing
 * until first opened, so its code is not loaded before) and the function that opens it.
 */
export function useSystemSettingsDialog(): [ReactNode, () => void] {
  const [open, setOpen] = useState<boolean | null>(null);
  const element =
    open === null ? null : (
      <Suspense fallback={null}>
        <SystemSettingsDialog open={open} onClose={() => setOpen(false)} />
      </Suspense>
    );
  return [element, () => setOpen(true)];
}
