import { paths } from '@qrqr/shared/paths';
import { useEffect, useState } from 'react';
import { useNavigate } from '../../../lib/router';
import type { ChangeGuards } from './change-guards';
import { emitChannelChanged } from './channel-events';
import { type ChannelQuery, channelLink } from './channel-query';
import { rememberChannel } from './remembered-channel';

export type SwitchStep = 'unsaved' | 'confirm';
export interface PendingSwitch {
  channelId: number;
  step: SwitchStep;
}

/** The first question a switch asks, or null to switch at once: unsaved text first, then the flag. */
export function firstQuestion(guards: ChangeGuards): SwitchStep | null {
  if (guards.hasUnsaved()) return 'unsaved';
  if (guards.wantsConfirm()) return 'confirm';
  return null;
}

/** After OK on one question: the confirm-before-change question may still follow. */
export function nextQuestion(step: SwitchStep, guards: ChangeGuards): SwitchStep | null {
  return step === 'unsaved' && guards.wantsConfirm() ? 'confirm' : null;
}

/**
 * A channel switch: unsaved text is confirmed first, then the confirm-before-change flag; OK
 * completes (the message list reloads with the new channel_id and `channel_changed` is emitted),
 * cancel reverts. Without either the switch is immediate.
 */
export function useChannelSwitch(guards: ChangeGuards, current: number | null, query: ChannelQuery) {
  const navigate = useNavigate();
  const [pending, setPending] = useState<PendingSwitch | null>(null);
  // The channel being moved to until the address names it, so the select never shows the old one.
  const [arriving, setArriving] = useState<number | null>(null);
  useEffect(() => {
    if (arriving !== null && arriving === current) setArriving(null);
  }, [arriving, current]);

  const complete = (channelId: number) => {
    setPending(null);
    setArriving(channelId);
    // Any unsaved text was confirmed away already: the leave guard lets this navigation pass.
    guards.discardUnsaved();
    rememberChannel(channelId);
    navigate(channelLink(paths.channelHome, { channelId, viewModePc: query.viewModePc }));
    emitChannelChanged({ channelId, previousChannelId: current });
  };

  const request = (channelId: number) => {
    if (channelId === current) return;
    const step = firstQuestion(guards);
    if (step) setPending({ channelId, step });
    else complete(channelId);
  };

  const confirm = () => {
    if (!pending) return;
    const step = nextQuestion(pending.step, guards);
    if (step) setPending({ ...pending, step });
    else complete(pending.channelId);
  };

  const cancel = () => setPending(null);

  /** What the switcher shows: the channel asked for or being moved to, else null (the current). */
  const shownChannelId = pending?.channelId ?? arriving;

  return { pending, shownChannelId, request, confirm, cancel };
}
