/** @jsxImportSource preact */
import type { ReaderResult } from '@qrqr/shared/reader-schemas';
import { useEffect, useRef, useState } from 'preact/hooks';
import { resolveText } from '../shared/api';
import { useTranslation } from '../shared/i18n';
import { usePageTitle } from '../shared/page-title';
import { navigateTo } from '../shared/use-path';
import { handOverPage, readerWelcomeAddress } from '../welcome/handover';
import { addToHistory, clearHistory, type HistoryEntry, loadHistory, stillValid } from './history';
import { HistoryList } from './history-list';
import { currentPosition, regionConsent, setRegionConsent } from './position';
import { ResultView } from './result-view';
import { ScanActions } from './scan-actions';

type Scanner = typeof import('./scanner');
let scannerModule: Promise<Scanner> | undefined;
/** The decoder (JS and wasm) loads on the first scan, not with the page. */
const loadScanner = () => {
  scannerModule ??= import('./scanner');
  return scannerModule;
};

type Status = 'idle' | 'starting' | 'camera' | 'reading' | 'resolving';
interface Shown {
  text: string;
  result: ReaderResult | null;
  error?: string;
}

/** /reader: scan with the camera or a photo, see what the code holds, and the last scans. */
export function ReaderScreen() {
  const { t } = useTranslation('reader');
  usePageTitle(null);
  const [status, setStatus] = useState<Status>('idle');
  const [problem, setProblem] = useState<string | null>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const [history, setHistory] = useState<HistoryEntry[]>(loadHistory);
  const [region, setRegion] = useState(regionConsent);
  const video = useRef<HTMLVideoElement>(null);
  const stopCamera = useRef<(() => void) | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);

  useEffect(() => () => stopCamera.current?.(), []);
  useEffect(() => {
    if (shown) resultRef.current?.focus();
  }, [shown]);

  const resolve = async (text: string) => {
    setStatus('resolving');
    const position = region ? await currentPosition() : undefined;
    const answer = await resolveText(text, position);
    setStatus('idle');
    if (!answer.ok) {
      const error = answer.offline
        ? 'result.offline'
        : answer.status === 429
          ? 'result.busy'
          : 'result.error';
      setShown({ text, result: null, error });
      return;
    }
    const { result } = answer.data;
    // A channel code leads on at once: its page is ours. A redirect code's target is whatever its
    // owner typed (any account can make one), so, like a foreign URL, it is shown first with its
    // host and opened with one tap (a plain link to the target: the read was counted above).
    if (result.kind === 'channel') {
      setHistory(addToHistory({ at: Date.now(), text, result }));
      location.assign(`/c/${encodeURIComponent(result.channel_code)}`);
      return;
    }
    // A Wi-Fi code with a released welcome page: its network, then the page, at the page's own
    // address (so a reload or a later visit shows both); the answer already holds the page.
    if (result.kind === 'wifi' && !result.expired && result.welcome_page) {
      setHistory(addToHistory({ at: Date.now(), text, result }));
      handOverPage(result.welcome_page);
      navigateTo(readerWelcomeAddress(result.welcome_page.code));
      return;
    }
    setShown({ text, result });
    setHistory(addToHistory({ at: Date.now(), text, result }));
  };

  const startScan = async () => {
    setProblem(null);
    setShown(null);
    setStatus('starting');
    let scanner: Scanner;
    try {
      scanner = await loadScanner();
    } catch {
      setStatus('idle');
      setProblem('scan.decoderFailed');
      return;
    }
    const element = video.current;
    if (!element) return;
    stopCamera.current = await scanner.startCamera(
      element,
      (text) => {
        stopCamera.current = null;
        void resolve(text);
      },
      (error) => {
        stopCamera.current = null;
        setStatus('idle');
        setProblem(
          error === 'denied'
            ? 'scan.cameraDenied'
            : error === 'missing'
              ? 'scan.cameraMissing'
              : 'scan.decoderFailed',
        );
      },
    );
    setStatus((s) => (s === 'starting' ? 'camera' : s));
  };

  const stopScan = () => {
    stopCamera.current?.();
    stopCamera.current = null;
    setStatus('idle');
  };

  const readPhoto = async (event: Event) => {
    const input = event.currentTarget as HTMLInputElement;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    stopScan();
    setProblem(null);
    setShown(null);
    setStatus('reading');
    try {
      const text = await (await loadScanner()).decodeFile(file);
      if (text === 'not-image') setProblem('scan.notImage');
      else if (text) return void (await resolve(text));
      else setProblem('scan.noCode');
    } catch {
      setProblem('scan.noCode');
    }
    setStatus('idle');
  };

  const toggleRegion = (on: boolean) => {
    setRegion(on);
    setRegionConsent(on);
  };

  const cameraOn = status === 'starting' || status === 'camera';
  const busy = status === 'reading' || status === 'resolving';

  return (
    <main class="reader">
      <div class={cameraOn ? 'viewfinder' : 'viewfinder hidden'}>
        <video ref={video} muted playsInline aria-label={t('scan.aim')} />
        <div class="frame" aria-hidden="true" />
        <p class="viewfinder-hint">{status === 'starting' ? t('scan.starting') : t('scan.aim')}</p>
      </div>

      {!cameraOn && !shown && !busy && <p class="intro">{t('scan.intro')}</p>}

      {busy && (
        <p class="status" role="status">
          {status === 'reading' ? t('scan.reading') : t('scan.resolving')}
        </p>
      )}
      {problem && (
        <p class="card result-warn" role="alert">
          {t(problem)}
        </p>
      )}

      {shown && (
        <div
          ref={resultRef}
          tabIndex={-1}
          class="result-wrap"
          data-testid="result"
          data-kind={shown.result?.kind ?? 'error'}
        >
          {shown.result ? (
            <ResultView result={shown.result} />
          ) : (
            <section class="card result-warn" role="alert">
              <p>{t(shown.error ?? 'result.error')}</p>
              <p class="note">{t('result.scannedText')}</p>
              <p class="scanned-text">{shown.text}</p>
            </section>
          )}
        </div>
      )}

      <HistoryList
        entries={history}
        onOpen={(entry) => {
          stopScan();
          setProblem(null);
          setShown({ text: entry.text, result: stillValid(entry.result) });
        }}
        onClear={() => {
          clearHistory();
          setHistory([]);
        }}
      />

      {/* The actions sit at the bottom, within a thumb's reach on a phone. */}
      <ScanActions
        region={region}
        onRegion={toggleRegion}
        cameraOn={cameraOn}
        busy={busy}
        again={shown !== null}
        onStart={startScan}
        onStop={stopScan}
        onPhoto={readPhoto}
      />
    </main>
  );
}
