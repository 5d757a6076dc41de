import { appCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { useAppMutation } from './app-mutation';

export interface ReportTimes {
  wifiReportTime: string;
  mobileReportTime: string;
}

export const setReportTime = (appId: number, pkg: string, times: ReportTimes) =>
  apiRequest(appCalls.reportTime, { params: { appId }, body: { ...times, appId, pkg } });

export const useSetReportTime = (
  appId: number,
  pkg: string,
  onSuccess?: (r: { wifiReportTime: number; mobileReportTime: number }) => void,
) => useAppMutation(appId, (times: ReportTimes) => setReportTime(appId, pkg, times), onSuccess);
