import { Paper, Tabs } from '@mantine/core';
import type { QrCodeDto } from '@qrqr/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../../lib/session';
import { useIsMobile } from '../../../../lib/use-is-mobile';
import { BookmarkletTab } from './bookmarklet-tab';
import { ChannelTab } from './channel-tab';
import classes from './create.module.css';
import { ResultCard } from './result-card';
import { TextForm } from './text-form';
import { UrlForm } from './url-form';
import { WifiForm } from './wifi-form';

/** Tab order of §9 (URL 0, text 1, Wi-Fi 2, channel 3, bookmarklet 4). */
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
        <ResultCard code={created} isGuest={params.isGuest} onContinue={onContinue} />
      ) : (
        // Panels stay mounted, so switching tabs keeps what was typed.
        <Tabs
          value={tab}
          onChange={(value) => setTab((value as TabName | null) ?? 'url')}
          variant={isMobile ? 'pills' : 'default'}
        >
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
            <TextForm key={round} onCreated={setCreated} />
          </Tabs.Panel>
          <Tabs.Panel value="wifi">
            <WifiForm key={round} onCreated={setCreated} />
          </Tabs.Panel>
          <Tabs.Panel value="channel">
            <ChannelTab />
          </Tabs.Panel>
          <Tabs.Panel value="bookmarklet">
            <BookmarkletTab />
          </Tabs.Panel>
        </Tabs>
      )}
    </Paper>
  );
}
