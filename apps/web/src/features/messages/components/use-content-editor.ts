import { layoutHas } from '@qrqr/shared/message-constants';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { errorText, ruleText } from '../../../lib/error-text';
import { fieldErrorText } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useTranslation } from '../../../lib/use-translation';
import { useUnsavedText } from '../../channels';
import { useCoupons } from '../../coupons';
import { useChannelTags } from '../../sendlists';
import {
  chars,
  type DetailLimits,
  firstIssueByField,
  liveLimitErrors,
  type SaveAction,
  usePictureField,
} from './message-editor-parts';
import type { EditorContent } from './message-form-values';

type DraftIssues = ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>;
type DraftCheck = { success: true } | { success: false; error: { issues: DraftIssues } };

interface DraftSchema {
  safeParse(body: unknown): DraftCheck;
}

interface ContentEditorOptions<V extends EditorContent, B> {
  channelId: number;
  /** The saved values, and the saved message's id (none yet for a new one). */
  start: V;
  savedId?: number;
  /** The values the form opens with when they differ from the saved ones (a change not saved yet). */
  opening?: V;
  readOnly: boolean;
  limits: DetailLimits;
  /** The draft rule (push text given, no field over its limit): the shared schema, loaded at first use. */
  loadSchema: () => Promise<DraftSchema>;
  toBody: (values: V, id: number | undefined) => B;
  save: { mutateAsync: (body: B) => Promise<{ message_id: number }> };
}

/**
 * The state and saving of both editors (message and welcome message): the values and what is
 * saved, field errors (the server's and the live limit checks), the picture, the channel's tags
 * and coupons, the draft rule's dialog and the save itself. Each editor adds its own sending.
 */
export function useContentEditor<V extends EditorContent, B>(options: ContentEditorOptions<V, B>) {
  const { channelId, start, readOnly } = options;
  const { t } = useTranslation('channel-messages');
  const [saved, setSaved] = useState<{ id?: number; values: V }>({ id: options.savedId, values: start });
  // Saves run one after another, each with the id the one before it got: two quick presses of
  // save, or a save and a reserve, would otherwise each create a message of the same text.
  const lastSaved = useRef(saved);
  const saving = useRef<Promise<unknown>>(Promise.resolve());
  const [v, setV] = useState<V>(options.opening ?? start);
  // The values on screen now, for a save's answer that lands after the operator typed on.
  const shown = useRef(v);
  useEffect(() => {
    shown.current = v;
  });
  const [errors, setErrors] = useState<Partial<Record<keyof V, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [draftDialog, setDraftDialog] = useState<SaveAction | null>(null);
  const tags = useChannelTags(channelId);
  const coupons = useCoupons(channelId);
  const dirty = JSON.stringify(v) !== JSON.stringify(saved.values);
  useUnsavedText(dirty && !readOnly);

  const set = <K extends keyof V>(key: K, value: V[K]) => {
    setV((old) => ({ ...old, [key]: value }));
    setErrors((old) => ({ ...old, [key]: undefined }));
  };
  const has = (part: 'text' | 'coupon' | 'image') => layoutHas(v.layout, part);
  // Live limit checks: each field's own message while it is over its limit.
  const live = liveLimitErrors(v, options.limits);
  const picture = usePictureField({
    channelId,
    value: v.background_image_url,
    onChange: (url) => set('background_image_url', url),
    clearAlert: () => setAlert(null),
    readOnly,
  });
  const errorOf = (key: keyof V) => fieldErrorText(t, errors[key] ?? live[key as string]);
  /** The draft rule's or the server's message for a nested field (`ab_test.…`), not translated yet. */
  const errorAt = (path: string): string | undefined => (errors as Record<string, string | undefined>)[path];
  const clearErrorAt = (path: string) => setErrors((old) => ({ ...old, [path]: undefined }));
  const counter = (value: string, max: number) => t('common_counter', { count: chars(value), max });
  const tagData = (tags.data ?? []).map((tag) => ({ value: String(tag.tag_id), label: tag.tag_name }));
  const couponList = coupons.data?.coupons ?? [];
  const chosenCoupon = couponList.find((c) => c.coupon_img_id === v.coupon_id) ?? null;

  /** The draft rule: the shared schema decides; a failure opens the dialog naming `action`. */
  const check = async (action: SaveAction): Promise<boolean> => {
    const result = (await options.loadSchema()).safeParse(options.toBody(v, lastSaved.current.id));
    if (result.success) return true;
    setErrors(firstIssueByField<Extract<keyof V, string>>(result.error.issues) as typeof errors);
    setDraftDialog(action);
    return false;
  };

  /** Saves `values` once the saves before it are done, with the id they got. */
  const saveAfterOthers = async (values: V, action: SaveAction): Promise<number | null> => {
    setAlert(null);
    // A refused or still uploading picture blocks saving (the field says why).
    const blocked = picture.blocksSave(has('image'));
    if (blocked) {
      setAlert(t(blocked));
      return null;
    }
    if (!(await check(action))) return null;
    try {
      const message = await options.save.mutateAsync(options.toBody(values, lastSaved.current.id));
      lastSaved.current = { id: message.message_id, values };
      setSaved(lastSaved.current);
      return message.message_id;
    } catch (error) {
      // The A/B test's refusals (a group under its minimum, with its size) go under their fields,
      // unless the operator changed the form while the server was answering: a refusal of the
      // values sent would then stand under values it never saw (the live checks speak for those).
      const onTest = isApiError(error) ? error.fieldErrors.filter((f) => f.field.startsWith('ab_test.')) : [];
      const unchanged = JSON.stringify(shown.current) === JSON.stringify(values);
      if (onTest.length > 0 && unchanged) {
        setErrors((old) => ({
          ...old,
          ...Object.fromEntries(
            onTest.map((f) => [f.field, f.values?.length ? ruleText(t, f.rule, f.values) : f.rule]),
          ),
        }));
      }
      if (!isApiError(error) || onTest.length < error.fieldErrors.length) setAlert(errorText(error, t));
      return null;
    }
  };

  /** Saves the values as they stand; the saved message's id, or null (the alert or the fields say why). */
  const doSave = (action: SaveAction = 'save'): Promise<number | null> => {
    const run = saving.current.then(() => saveAfterOthers(v, action));
    saving.current = run.catch(() => undefined);
    return run;
  };

  /** A short notice that something went well. */
  const tell = (message: string) =>
    void notify({ message, color: 'teal', closeButtonProps: { 'aria-label': t('common:close') } });

  const onSave = async () => {
    if ((await doSave()) !== null) tell(t('edit.saved'));
  };

  /** What a tags picker of the values (push_tag, push_coupon_use_tags) takes but its label. */
  const tagsProps = (key: 'push_tag' | 'push_coupon_use_tags') => ({
    data: tagData,
    value: v[key],
    onChange: (ids: number[]) => set(key, ids as V[typeof key]),
    error: errorOf(key),
    disabled: readOnly,
  });
  const couponProps = {
    coupons: couponList,
    value: v.coupon_id,
    onChange: (id: number | null) => set('coupon_id', id as V['coupon_id']),
    error: errorOf('coupon_id'),
    disabled: readOnly,
  };

  /** The saved message's id, saving first when there are changes or nothing is saved yet. */
  const savedId = async (action: SaveAction): Promise<number | null> => {
    await saving.current;
    const last = lastSaved.current;
    return JSON.stringify(v) !== JSON.stringify(last.values) || last.id === undefined
      ? doSave(action)
      : last.id;
  };

  return {
    v,
    set,
    has,
    errorOf,
    errorAt,
    clearErrorAt,
    counter,
    alert,
    setAlert,
    savedMessageId: saved.id,
    dirty,
    picture,
    tagsProps,
    couponProps,
    chosenCoupon,
    draftDialog: { action: draftDialog, onClose: () => setDraftDialog(null) },
    check,
    doSave,
    onSave,
    savedId,
    tell,
  };
}

/** What `useContentEditor` gives an editor's parts. */
export type ContentEditor<V extends EditorContent, B> = ReturnType<typeof useContentEditor<V, B>>;
