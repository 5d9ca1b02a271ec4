import { Link } from '../../lib/router';
import { useTranslation } from '../../lib/use-translation';
import classes from './site-header.module.css';

/** "QRQR" word mark with a small code glyph; always leads to the top page. */
export function Logo() {
  const { t } = useTranslation('common');
  return (
    <Link to="/" className={classes.logo} aria-label={t('header.home_label')}>
      <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
        <rect width="24" height="24" rx="5" fill="currentColor" />
        <g fill="#fff">
          <rect x="4" y="4" width="6" height="6" rx="1" />
          <rect x="14" y="4" width="6" height="6" rx="1" />
          <rect x="4" y="14" width="6" height="6" rx="1" />
          <rect x="14" y="14" width="2.5" height="2.5" />
          <rect x="17.5" y="17.5" width="2.5" height="2.5" />
        </g>
      </svg>
      <span>{t('app_name')}</span>
    </Link>
  );
}
