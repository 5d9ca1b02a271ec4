import { paths } from '@qrqr/shared/paths';
import { Link } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import { useChannelArea } from './channel-area';
import classes from './channel-layout.module.css';

/** The logo names the service of the screen (1 channel, 2 Wi-Fi) and leads to its home. */
export function ServiceLogo() {
  const { t } = useTranslation('channels');
  const { logoType, href } = useChannelArea();
  const wifi = logoType === 2;
  const label = wifi ? t('logo.wifi') : t('logo.channel');
  return (
    <Link
      to={href(wifi ? paths.wifiHome : paths.channelHome)}
      className={classes.logo}
      aria-label={t('logo.home_label', { service: label })}
      data-testid="service-logo"
      data-logo-type={logoType}
    >
      <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
        <rect width="24" height="24" rx="5" fill="currentColor" />
        {wifi ? (
          <g fill="none" stroke="#fff" strokeWidth="2" strokeLinecap="round">
            <path d="M5 10.5a10 10 0 0 1 14 0M8 13.5a6 6 0 0 1 8 0" />
            <circle cx="12" cy="17" r="1.2" fill="#fff" stroke="none" />
          </g>
        ) : (
          <path
            d="M6 7h12a1.5 1.5 0 0 1 1.5 1.5v6A1.5 1.5 0 0 1 18 16h-7l-4 3v-3H6a1.5 1.5 0 0 1-1.5-1.5v-6A1.5 1.5 0 0 1 6 7z"
            fill="#fff"
          />
        )}
      </svg>
      <span className={classes.logoText}>
        <span className={classes.logoBrand}>{t('common:app_name')}</span>
        <span className={classes.logoService}>{label}</span>
      </span>
    </Link>
  );
}
