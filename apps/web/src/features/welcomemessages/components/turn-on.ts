import { useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { useNotifyWelcome } from '../api/welcome-calls';

/**
 * Turning a welcome message on: at most one is on per channel, so when the server answers E-737
 * (another is on) the screen asks, and only on yes turns this one on with `stop_other`.
 */
export function useTurnOn(channelId: number, onDone: () => void, onError: (error: unknown) => void) {
  const notify = useNotifyWelcome(channelId);
  const [asking, setAsking] = useState<number | null>(null);
  const turnOn = (id: number, stopOther = false) =>
    notify.mutate(
      { id, stopOther },
      {
        onSuccess: () => {
          setAsking(null);
          onDone();
        },
        onError: (error) => {
          if (isApiError(error) && error.code === 'E-737' && !stopOther) setAsking(id);
          else {
            setAsking(null);
            onError(error);
          }
        },
      },
    );
  return {
    turnOn,
    pending: notify.isPending,
    asking,
    confirm: () => asking !== null && turnOn(asking, true),
    cancel: () => setAsking(null),
  };
}
