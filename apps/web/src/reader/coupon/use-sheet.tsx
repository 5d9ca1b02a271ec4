/** @jsxImportSource preact */
import { useEffect, useRef, useState } from 'preact/hooks';
import { useTranslation } from '../shared/i18n';

/**
 * Asks before a coupon is used, as coupon apps in Japan do: a stray tap only opens this sheet,
 * which tells the visitor to show the screen to staff and press 「使用する」 there. A native modal
 * dialog: focus moves in (to 「キャンセル」, so a second stray tap uses nothing), Escape or a tap
 * beside it closes it, and focus returns to the button that opened it.
 */
export function CouponUseSheet({
  open,
  once,
  onUse,
  onClose,
}: {
  open: boolean;
  /** A once-only coupon: the sheet says a use cannot be undone. */
  once: boolean;
  /** Uses the coupon; the sheet closes when it settles. */
  onUse: () => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation('reader');
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      d.showModal();
      d.querySelector<HTMLElement>('[data-testid="coupon-sheet-cancel"]')?.focus();
    } else if (!open && d.open) d.close();
  }, [open]);

  const closed = () => {
    onClose();
    if (opener.current?.isConnected) opener.current.focus();
    opener.current = null;
  };
  const use = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await onUse();
    } finally {
      setBusy(false);
      dialog.current?.close();
    }
  };

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a tap beside the sheet closes it; Escape is the keyboard's way (the dialog's cancel)
    <dialog
      ref={dialog}
      class="sheet"
      aria-labelledby="coupon-sheet-title"
      aria-describedby="coupon-sheet-text"
      data-testid="coupon-sheet"
      onClose={closed}
      onCancel={(e) => busy && e.preventDefault()}
      onClick={(e) => e.target === dialog.current && !busy && dialog.current?.close()}
    >
      <div class="sheet-body">
        <h2 id="coupon-sheet-title">{t('sheet.title')}</h2>
        <div id="coupon-sheet-text">
          <p>{t('sheet.staff')}</p>
          {once && <p class="note">{t('sheet.once')}</p>}
        </div>
        <button
          type="button"
          class="btn btn-primary btn-block"
          onClick={() => void use()}
          disabled={busy}
          data-testid="coupon-sheet-use"
        >
          {t('sheet.use')}
        </button>
        <button
          type="button"
          class="btn btn-secondary btn-block"
          onClick={() => dialog.current?.close()}
          disabled={busy}
          data-testid="coupon-sheet-cancel"
        >
          {t('sheet.cancel')}
        </button>
      </div>
    </dialog>
  );
}
