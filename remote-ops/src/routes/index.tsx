/**
 * The operations console's screens, one per screen id of the federation contract
 * (`REMOTES.remoteOps`). Each screen is its own chunk.
 */
import { lazy } from 'react';
import type { ScreenMap } from '@campus/shared/remote-routes';

export const OPS_SCREENS: ScreenMap<'remoteOps'> = {
  opsReports: lazy(() => import(/* webpackChunkName: "ops-reports" */ './ReportsPage')),
  opsDisputes: lazy(() => import(/* webpackChunkName: "ops-disputes" */ './DisputesPage')),
  opsAudit: lazy(() => import(/* webpackChunkName: "ops-audit" */ './AuditPage')),
  opsMoney: lazy(() => import(/* webpackChunkName: "ops-money" */ './MoneyPage')),
  opsStudents: lazy(() => import(/* webpackChunkName: "ops-students" */ './StudentsPage')),
};
