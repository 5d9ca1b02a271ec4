/** `messages.test_part`: a variant B–D of an A/B test, or the test's winner's send to the rest. */
export const TEST_PART = { variant: 1, winner: 2 } as const;
