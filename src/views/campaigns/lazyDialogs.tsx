import type { ComponentProps } from 'react';
import { lazyPart } from '../common/lazyPart.tsx';
import type { CampaignFormDialog as CampaignFormDialogNow } from './CampaignFormDialog.tsx';
import type { CampaignReportDialog as CampaignReportDialogNow } from './CampaignReportDialog.tsx';

/* The campaign list's dialogs, each a chunk of its own loaded when it first opens (issue 37); same names and props. */

export const CampaignFormDialog = lazyPart<ComponentProps<typeof CampaignFormDialogNow>>(() =>
  import('./CampaignFormDialog.tsx').then((m) => ({ default: m.CampaignFormDialog })),
);

export const CampaignReportDialog = lazyPart<ComponentProps<typeof CampaignReportDialogNow>>(() =>
  import('./CampaignReportDialog.tsx').then((m) => ({ default: m.CampaignReportDialog })),
);
