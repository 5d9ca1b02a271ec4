/** @jsxImportSource preact */
import { useEffect, useState } from 'preact/hooks';
import { useTranslation } from '../shared/i18n';
import { currentPushState, type PushState, turnPushOff, turnPushOn } from './push-client';
import { currentEnvironment, pushSupport } from './push-support';

type View = PushState | 'loading' | 'install' | 'unsupported';

/**
 * Under the follow button once following: notifications on this device, turned on only by a tap
 * (never a prompt on load), off again, or why not (blocked, not supported, install first on iOS).
 */
export function NotificationsOffer() {
  const { t } = useTranslation('reader');
  const [view, setView] = useState<View>('loading');
  const [busy, setBusy] = useState(false);
  // Why the last tap did not change it: refused, or no answer in time (push-client's deadlines).
  const [failed, setFailed] = useState<'failed' | 'timeout' | null>(null);

  useEffect(() => {
    const support = pushSupport(currentEnvironment());
    if (support !== 'supported') return setView(support);
    let live = true;
    void currentPushState()
      .catch((): PushState => 'off')
      .then((state) => live && setView(state));
    return () => {
      live = false;
    };
  }, []);

  const toggle = async () => {
    setBusy(true);
    setFailed(null);
    const next = await (view === 'on' ? turnPushOff() : turnPushOn());
    setBusy(false);
    if (next === 'failed' || next === 'timeout') setFailed(next);
    else setView(next);
  };

  if (view === 'loading') return null;
  return (
    <div class="push-offer" data-testid="push-offer" data-state={view}>
      {view === 'install' && (
        <>
          <p class="push-title">{t('push.installTitle')}</p>
          <ol class="push-steps">
            <li>{t('push.installShare')}</li>
            <li>{t('push.installAdd')}</li>
            <li>{t('push.installOpen')}</li>
          </ol>
        </>
      )}
      {view === 'unsupported' && <p class="note">{t('push.unsupported')}</p>}
      {view === 'blocked' && <p class="note">{t('push.blocked')}</p>}
      {(view === 'on' || view === 'off') && (
        <>
          <p class={view === 'on' ? 'push-on' : 'note'} data-testid="push-state">
            {view === 'on' ? t('push.on') : t('push.offNote')}
          </p>
          <button
            type="button"
            class={view === 'on' ? 'btn btn-link btn-block' : 'btn btn-secondary btn-block'}
            onClick={toggle}
            disabled={busy}
            data-testid="push-toggle"
          >
            {view === 'on' ? t('push.turnOff') : t('push.turnOn')}
          </button>
        </>
      )}
      {failed && (
        <p class="result-warn" role="alert">
          {failed === 'timeout' && view === 'off' ? t('push.timeout') : t('push.failed')}
        </p>
      )}
    </div>
  );
}
