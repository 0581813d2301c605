import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readReportView, writeReportView, type ReportView } from '../utils/report-params';

// The report page's filters, week and table page, read from and written to the address bar.
export function useReportView(): [ReportView, (next: ReportView) => void] {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const view = useMemo(() => readReportView(new URLSearchParams(key)), [key]);
  const setView = useCallback((next: ReportView) => setParams(writeReportView(next)), [setParams]);
  return [view, setView];
}
