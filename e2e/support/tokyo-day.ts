/** A day in Asia/Tokyo (`YYYY-MM-DD`), `offset` days from today: coupon dates, analytics ranges. */
export const tokyoDay = (offset: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(
    new Date(Date.now() + offset * 86_400_000),
  );
