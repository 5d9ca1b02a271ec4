/**
 * The API carries a message's send time and a welcome message's end in Unix seconds (the date
 * picker's unit); rows keep milliseconds, like every other stored time.
 */
export function secondsToMs(seconds: number | null | undefined): number | null {
  return seconds === null || seconds === undefined ? null : seconds * 1000;
}

export function msToSeconds(ms: number | string | null): number | null {
  return ms === null ? null : Math.floor(Number(ms) / 1000);
}
