import type { AbTestMessages } from './ja-ab-tests';

/** English of ja-ab-tests.ts. */
export const enAbTests: AbTestMessages = {
  validation: {
    ab_share_range: 'The test share must be a whole number from 10 to 50 %',
    ab_metric: 'Choose how the winner is judged',
    ab_metric_coupon: 'To compare coupon use, every variant needs a coupon',
    ab_wait_range: 'The waiting time must be a whole number of hours from 1 to 72',
    ab_fallback: 'Choose what to send when no variant is clearly better',
    ab_variants_count: 'A test has 2 to 4 variants',
    ab_variant: 'Choose the variant again',
    ab_groups_small: 'Each test group would have fewer than 100 followers (now {0})',
  },
  errors: {
    ab_test_state: 'The winner of this test cannot be chosen now',
  },
  analytics: {
    ch_csv_variant: 'Variant {0}',
    ch_csv_winner: "Winner's send (variant {0})",
  },
};
