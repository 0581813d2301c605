// The in-page recorder (features/recorder), handed to the pages that open it by the app shell:
// features never import each other, and the recorder's code loads only when first opened.
import { createContext, lazy, Suspense, useContext, type ComponentType } from 'react';
import type { FileView } from '@shared/api-types';

export interface RecorderModalProps {
  opened: boolean;
  onClose: () => void;
  // the recording is stored (and its email encoding asked for)
  onSaved: (file: FileView) => void;
}

type Loader = () => Promise<{ default: ComponentType<RecorderModalProps> }>;

export const RecorderSlot = createContext<Loader | null>(null);

const cache = new WeakMap<Loader, ComponentType<RecorderModalProps>>();

// The recorder dialog, or nothing where no recorder is provided.
export function RecorderDialog(props: RecorderModalProps) {
  const load = useContext(RecorderSlot);
  if (!load || !props.opened) return null;
  let Lazy = cache.get(load);
  if (!Lazy) {
    Lazy = lazy(load);
    cache.set(load, Lazy);
  }
  return (
    <Suspense fallback={null}>
      <Lazy {...props} />
    </Suspense>
  );
}

export const useRecorderAvailable = () => useContext(RecorderSlot) !== null;
