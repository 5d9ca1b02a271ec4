import { Paper, Tabs } from '@mantine/core';
import type { QrCodeDto } from '@qrqr/shared/qrcode-schemas';
import { type ReactNode, Suspense, useState } from 'react';
import { PageLoader } from '../../../../components/feedback/page-loader';
import { lazyWithTimeout } from '../../../../lib/lazy-with-timeout';
import { useSession } from '../../../../lib/session';
import { useIsMobile } from '../../../../lib/use-is-mobile';
import { useTranslation } from '../../../../lib/use-translation';
import classes from './create.module.css';
import { UrlForm } from './url-form';

// The URL tab is what a visitor sees first; the other tabs load when first chosen, and the
// result (preview, QR renderer, download dialog) when the first code is made.
const TextForm = lazyWithTimeout(() => import('./text-form').then((m) => ({ default: m.TextForm })));
const WifiForm = lazyWithTimeout(() => import('./wifi-form').then((m) => ({ default: m.WifiForm })));
const ChannelTab = lazyWithTimeout(() => import('./channel-tab').then((m) => ({ default: m.ChannelTab })));
const BookmarkletTab = lazyWithTimeout(() =>
  import('./bookmarklet-tab').then((m) => ({ default: m.BookmarkletTab })),
);
const ResultCard = lazyWithTimeout(() => import('./result-card').then((m) => ({ default: m.ResultCard })));

/** Tab order by tab number (URL 0, text 1, Wi-Fi 2, channel 3, bookmarklet 4). */
const TABS = ['url', 'text', 'wifi', 'channel', 'bookmarklet'] as const;
type TabName = (typeof TABS)[number];

interface CreatePanelProps {
  /** `?url=` from the bookmarklet fills the URL tab. */
  initialUrl?: string;
}

/** The create form of the top page; after a code is made its result card takes the panel's place. */
export function CreatePanel({ initialUrl = '' }: CreatePanelProps) {
  const { t } = useTranslation('qrcode');
  const { params } = useSession();
  const isMobile = useIsMobile();
  const [tab, setTab] = useState<TabName>('url');
  // Tabs opened so far: their panels stay mounted, so switching keeps what was typed.
  const [opened, setOpened] = useState<ReadonlySet<TabName>>(() => new Set(['url']));
  const choose = (value: string | null) => {
    const next = (value as TabName | null) ?? 'url';
    setTab(next);
    setOpened((seen) => (seen.has(next) ? seen : new Set([...seen, next])));
  };
  const whenOpened = (name: TabName, panel: ReactNode) =>
    opened.has(name) ? <Suspense fallback={<PageLoader />}>{panel}</Suspense> : null;
  const [created, setCreated] = useState<QrCodeDto | null>(null);
  // A new key gives the next code a fresh, empty form.
  const [round, setRound] = useState(0);

  const onContinue = () => {
    setCreated(null);
    setRound((n) => n + 1);
  };

  return (
    <Paper withBorder radius="md" shadow="sm" p={{ base: 'md', sm: 'xl' }} data-testid="create-panel">
      {created ? (
        <Suspense fallback={<PageLoader />}>
          <ResultCard code={created} isGuest={params.isGuest} onContinue={onContinue} />
        </Suspense>
      ) : (
        // Panels stay mounted, so switching tabs keeps what was typed.
        <Tabs value={tab} onChange={choose} variant={isMobile ? 'pills' : 'default'}>
          <Tabs.List className={isMobile ? classes.pills : undefined} mb="lg" aria-label={t('tabs.label')}>
            {TABS.map((name) => (
              <Tabs.Tab key={name} value={name} className={classes.tab} data-testid={`tab-${name}`}>
                {t(`tabs.${name}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="url">
            <UrlForm key={round} initialUrl={round === 0 ? initialUrl : ''} onCreated={setCreated} />
          </Tabs.Panel>
          <Tabs.Panel value="text">
            {whenOpened('text', <TextForm key={round} onCreated={setCreated} />)}
          </Tabs.Panel>
          <Tabs.Panel value="wifi">
            {whenOpened('wifi', <WifiForm key={round} onCreated={setCreated} />)}
          </Tabs.Panel>
          <Tabs.Panel value="channel">{whenOpened('channel', <ChannelTab />)}</Tabs.Panel>
          <Tabs.Panel value="bookmarklet">{whenOpened('bookmarklet', <BookmarkletTab />)}</Tabs.Panel>
        </Tabs>
      )}
    </Paper>
  );
}
