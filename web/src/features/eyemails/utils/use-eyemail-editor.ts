// The state behind the create and edit pages: the form, the uploads still being sent, the
// encoding that runs in the background as soon as the video is known, and saving
// (encode-then-save, with the blocking 'Please wait!' modal while the encode finishes).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { SnippetTier } from '@shared/snippet-rules';
import type { SnippetView } from '@shared/api-types';
import { useCreateSnippet } from '@/features/eyemails/api/create-snippet';
import { useUpdateSnippet } from '@/features/eyemails/api/update-snippet';
import { notifyPayload, useNotifySaved, useNotifySetting, type NotifyChoice } from '@/features/eyemails/api/notify-setting';
import { toast } from '@/components/toasts';
import {
  encodeKey,
  encodeTargetOf,
  fieldErrorsFromServer,
  formErrors,
  hasEssentials,
  needsReencode,
  toPayload,
  type FormErrors,
  type SnippetFormValues,
} from './snippet-form';
import { encodingLabel } from './encoding-progress';
import { notifyChanged } from './notify-choice';
import { sameForm } from './create-draft';
import { useVideoEncoding } from './use-video-encoding';

export const ENCODE_FAILED = {
  create: 'Unable to process video and Create EyeMail, please try again',
  edit: 'Unable to process video and update EyeMail, please try again',
} as const;
export const FILE_PROCESSING_HINT = 'Please wait while we finish processing your file';
export const VIDEO_PROCESSING_HINT = 'Please wait while we finish processing your video';
// Typing a width or flipping the mute icon settles before a new encode is asked for.
const ENCODE_DEBOUNCE_MS = 600;

export interface EditorOptions {
  mode: 'create' | 'edit';
  tier: SnippetTier;
  initial: SnippetFormValues;
  // Edit: the EyeMail as saved, to tell whether the video needs encoding again.
  saved?: SnippetView | null;
  // After a successful save, before going to the EyeMail (create: the draft is forgotten).
  onSaved?: (view: SnippetView) => void;
}

export function useEyeMailEditor({ mode, tier, initial, saved = null, onSaved }: EditorOptions) {
  const navigate = useNavigate();
  const { mutateAsync: create } = useCreateSnippet();
  const { mutateAsync: update } = useUpdateSnippet();
  const [values, setValues] = useState<SnippetFormValues>(initial);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FormErrors>({});
  const [busyFields, setBusyFields] = useState<Record<string, boolean>>({});
  const [waiting, setWaiting] = useState<null | 'encoding' | 'saving'>(null);
  // The 'Please wait!' modal shows only when saving has to wait for the encoding.
  const [blocking, setBlocking] = useState(false);
  // The button form's input not yet added or updated (the submit bar says so).
  const [buttonPending, setButtonPending] = useState<'add' | 'update' | null>(null);
  // Set once saved, just before going to the EyeMail: leaving then asks nothing.
  const saved$ = useRef(false);
  const { status: encoding, ensure, clear } = useVideoEncoding();
  // The notification choice: sent with the EyeMail when changed, and saved in its transaction.
  const notifySetting = useNotifySetting(saved?.snippet ?? null);
  const notifySaved = useNotifySaved();
  const [notifyEdit, setNotify] = useState<NotifyChoice | null>(null);
  const notify = notifyEdit ?? notifySetting.data ?? null;

  const target = encodeTargetOf(values);
  const key = target ? encodeKey(target) : null;
  // Edit: the saved encoding still fits unless the video, its mute icon or its width changed.
  const wantsEncode = target !== null && (mode === 'create' || (saved !== null && needsReencode(saved, values)));
  const targetRef = useRef(target);
  targetRef.current = target;

  useEffect(() => {
    if (!wantsEncode || !key) {
      clear();
      return;
    }
    const id = window.setTimeout(() => {
      if (targetRef.current) void ensure(targetRef.current);
    }, ENCODE_DEBOUNCE_MS);
    return () => window.clearTimeout(id);
  }, [wantsEncode, key, ensure, clear]);

  const onChange = useCallback((next: SnippetFormValues) => {
    setValues(next);
    setServerErrors({});
  }, []);

  const onBusyChange = useCallback((field: string, busy: boolean) => {
    setBusyFields((b) => (b[field] === busy ? b : { ...b, [field]: busy }));
  }, []);

  const retryEncoding = useCallback(() => {
    if (targetRef.current) void ensure(targetRef.current);
  }, [ensure]);

  const uploading = Object.values(busyFields).some(Boolean);
  const errors: FormErrors = useMemo(() => ({ ...formErrors(values, tier, submitted), ...serverErrors }), [values, tier, submitted, serverErrors]);
  const encodedNow = encoding.key === key && encoding.phase === 'completed' ? encoding.encoding : null;
  const encodingNow = wantsEncode && !encodedNow;
  const canSubmit = hasEssentials(values) && !uploading && waiting === null;

  const submit = useCallback(async () => {
    setSubmitted(true);
    const problems = formErrors(values, tier, true);
    if (Object.keys(problems).length || !target || uploading) return;
    if (wantsEncode) {
      setWaiting('encoding');
      if (!encodedNow) setBlocking(true);
      const outcome = await ensure(target);
      if (!outcome.ok) {
        setWaiting(null);
        setBlocking(false);
        toast.error(ENCODE_FAILED[mode]);
        return;
      }
    }
    setWaiting('saving');
    const sendNotify = notifyEdit !== null && notifyChanged(notifySetting.data ?? null, notifyEdit);
    const payload = { ...toPayload(values, tier), ...(sendNotify ? { notify: notifyPayload(notifyEdit) } : {}) };
    const res = mode === 'create' ? await create(payload) : await update({ ...payload, snippetId: saved!.snippet });
    if (res.result && res.body) {
      toast.success(res.message || (mode === 'create' ? 'EyeMail created' : 'EyeMail updated'));
      if (sendNotify) await notifySaved(res.body.snippet);
      saved$.current = true;
      onSaved?.(res.body);
      navigate(`/eyemails/${res.body.snippet}`);
      return;
    }
    setWaiting(null);
    setBlocking(false);
    setServerErrors(fieldErrorsFromServer(res.errors));
    toast.error(res.message || (mode === 'create' ? 'Unable to create EyeMail' : 'Unable to update EyeMail'));
  }, [values, tier, target, uploading, wantsEncode, encodedNow, ensure, mode, saved, navigate, create, update, notifyEdit, notifySetting.data, notifySaved, onSaved]);

  // Unsaved: the form differs from where it started, the notification choice was changed, or the
  // button form holds input.
  const dirty = !sameForm(values, initial) || (notifyEdit !== null && notifyChanged(notifySetting.data ?? null, notifyEdit)) || buttonPending !== null;
  const isSaved = useCallback(() => saved$.current, []);

  const waitProgress = waiting === 'saving' ? 100 : encoding.key === key ? encoding.progress : 0;
  const waitLabel = waiting === 'saving' ? (mode === 'create' ? 'Creating your EyeMail…' : 'Saving your changes…') : encodingLabel(encoding.key === key ? encoding : null);

  return {
    values,
    onChange,
    errors,
    encoding: encoding.key === key ? encoding : { ...encoding, phase: wantsEncode ? ('running' as const) : ('idle' as const), progress: 0, state: null, encoding: null, error: null },
    // The encoded video for the current video, mute icon and width, once ready.
    encoded: encodedNow?.videoUrl ? { url: encodedNow.videoUrl, poster: encodedNow.thumbnailUrl } : null,
    // What the preview can play: that, or on edit the saved video while it still fits.
    playable: encodedNow?.videoUrl
      ? { url: encodedNow.videoUrl, poster: encodedNow.thumbnailUrl }
      : saved && !wantsEncode && values.video && (saved.video?.url ?? saved.videoUrl)
        ? { url: (saved.video?.url ?? saved.videoUrl)!, poster: saved.video?.thumbnailUrl ?? saved.thumbnailUrl }
        : null,
    encodingNow,
    uploading,
    canSubmit,
    onBusyChange,
    notify,
    accountEvents: notifySetting.data?.accountEvents ?? [],
    notifyLoading: notifySetting.isPending,
    notifyFailed: notifySetting.isError,
    onNotifyChange: setNotify,
    retryEncoding,
    submit,
    dirty,
    isSaved,
    buttonPending,
    onButtonPending: setButtonPending,
    waiting,
    blocking,
    waitProgress,
    waitLabel,
  };
}
