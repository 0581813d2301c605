// The kinds of engagement and the reasons an event is counted as a machine's: the entity's
// values, read by the modules that classify and report them.
export const ENGAGEMENT_KINDS = ['open', 'click', 'play'] as const;
export type EngagementKind = (typeof ENGAGEMENT_KINDS)[number];

// null = a person; otherwise why the event is counted as a machine's ('test': its v= was a merge tag
// the platform never filled in, the marketer testing; left out and shown with machine traffic).
export const MACHINE_REASONS = ['apple-privacy', 'link-scanner', 'head-request', 'bot', 'flood', 'test'] as const;
export type MachineReason = (typeof MACHINE_REASONS)[number];
