/** @jsxImportSource preact */
import { render } from 'preact';
import { App } from './app';
import { resendSubscription } from './push/push-client';
import { LangProvider } from './shared/i18n';
import './reader.css';
import { keepMarksInTextOnly, phraseSegmenterReady } from '../lib/phrase-breaks';

// Firefox and WebKit: the phrase segmenter for operators' texts loads beside the first call.
void phraseSegmenterReady();
keepMarksInTextOnly();

const root = document.getElementById('reader');
if (root) {
  root.textContent = '';
  render(
    <LangProvider>
      <App />
    </LangProvider>,
    root,
  );
}

// The installed app's shell works offline; scans still need the network to be resolved.
if ('serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register('/reader-sw.js', { scope: '/reader' })
      // Each open re-sends this device's push subscription, so the server still has it.
      .then(() => resendSubscription())
      .catch(() => undefined);
  });
}
